// The checks of the C# test runner: each prints a line on failure and is counted.

using System;
using System.Runtime.InteropServices;
using GjkCollision;

internal static class Checks
{
    private static int passed;
    private static int failed;

    public static void Check(bool ok, string what)
    {
        if (ok)
        {
            passed++;
        }
        else
        {
            failed++;
            Console.WriteLine("FAIL: " + what);
        }
    }

    public static void Near(double actual, double expected, double tolerance, string what)
    {
        Check(Math.Abs(actual - expected) <= tolerance,
            what + ": " + actual.ToString("R") + ", expected " + expected.ToString("R"));
    }

    public static void Near(Double3 actual, Double3 expected, double tolerance, string what)
    {
        double error = Math.Max(Math.Abs(actual.X - expected.X),
            Math.Max(Math.Abs(actual.Y - expected.Y), Math.Abs(actual.Z - expected.Z)));
        Check(error <= tolerance, what + ": " + actual + ", expected " + expected);
    }

    /// <summary>That <typeparamref name="T"/> marshals to <paramref name="bytes"/> bytes, the
    /// size of its C struct in gjk.h.</summary>
    public static void Size<T>(int bytes, string what)
    {
        int size = Marshal.SizeOf(typeof(T));
        Check(size == bytes, what + ": " + size + " bytes, expected " + bytes);
    }

    /// <summary>That <paramref name="action"/> raises exactly <typeparamref name="T"/>.</summary>
    public static T Throws<T>(Action action, string what) where T : Exception
    {
        try
        {
            action();
        }
        catch (T e)
        {
            Check(e.GetType() == typeof(T), what + ": raised " + e.GetType().Name);
            return e;
        }
        catch (Exception e)
        {
            Check(false, what + ": raised " + e.GetType().Name + " (" + e.Message + ")");
            return null;
        }
        Check(false, what + ": raised nothing");
        return null;
    }

    /// <summary>That <paramref name="action"/> raises a GjkException with
    /// <paramref name="status"/>, whose library message contains <paramref name="part"/> and is
    /// the calling thread's last error message.</summary>
    public static void Fails(GjkStatus status, string part, Action action, string what)
    {
        GjkException e = Throws<GjkException>(action, what);
        if (e == null)
        {
            return;
        }
        string last = Marshal.PtrToStringAnsi(GjkNative.gjk_last_error_message());
        Check(e.Status == status, what + ": status " + e.Status + ", expected " + status);
        Check(e.LibraryMessage.Contains(part),
            what + ": message '" + e.LibraryMessage + "' lacks '" + part + "'");
        Check(e.LibraryMessage == last,
            what + ": message '" + e.LibraryMessage + "' is not the last error '" + last + "'");
        Check(e.Message == Gjk.StatusString(status) + ": " + e.LibraryMessage,
            what + ": Message '" + e.Message + "'");
    }

    /// <summary>Prints the summary line the Rust test reads; the process exit code.</summary>
    public static int Summary()
    {
        Console.WriteLine(passed + " passed, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }
}
