// The C# mirror of the tutorial API (Runtime/GjkTutorial.cs): the 2D tutorial's main ported
// to C# and called unqualified as a ported program would, then every function of the tutorial's
// listing and the 3D tutorial's pair against values worked out by hand (in the comments), the
// same cases as tests/cpp/test_tutorial.cpp. Run under Mono by tests/tools/csharp.rs; ends
// with the line "N passed, N failed".

using System;
using System.Collections.Generic;
using System.IO;
using GjkCollision;
using static Checks;
using static GjkCollision.Gjk;

internal static class TutorialTests
{
    private const double Tight = 1e-12;

    private static int Main()
    {
        TutorialMain();
        VectorHelpers();
        Supports();
        GjkSteps();
        Printing();
        ThreeD();
        BadInput();
        return Summary();
    }

    /// <summary>The tutorial's main, ported: returns its return code.</summary>
    private static int SeedMain()
    {
        int returnCode = 0;
        var poly1 = new List<double[]>();
        poly1.Add(new double[] { 0, 0 });
        poly1.Add(new double[] { 3, 0 });
        poly1.Add(new double[] { 3, 3 });
        poly1.Add(new double[] { 0, 3 });
        var poly2 = new List<double[]>();
        poly2.Add(new double[] { 3, 3 });
        poly2.Add(new double[] { 5, 3 });
        poly2.Add(new double[] { 3, 5 });
        poly2.Add(new double[] { 3, 5 });
        if (!isConvex(poly1))
        {
            Console.WriteLine("错误: poly1 为凹多边形");
            returnCode = -1;
        }
        if (!isConvex(poly2))
        {
            Console.WriteLine("错误: poly2 为凹多边形");
            returnCode = -1;
        }
        if (returnCode == 0)
        {
            bool isOverlap = GJK(poly1, poly2);
            Console.WriteLine("重叠判断结果为: 两个多边形 <" + (isOverlap ? "重叠" : "未重叠") + ">");
        }
        return returnCode;
    }

    /// <summary>The square (0,0)-(3,3) is convex; the triangle (3,3), (5,3), (3,5) with its
    /// last vertex repeated is convex; they share the corner (3, 3), so they overlap.</summary>
    private static void TutorialMain()
    {
        int code = 1;
        string output = Captured(() => code = SeedMain());
        Check(code == 0, "the tutorial's main returns 0, got " + code);
        Check(output == "重叠判断结果为: 两个多边形 <重叠>\n", "the tutorial's main prints '" + output + "'");
    }

    private static void VectorHelpers()
    {
        double[] a = { 1, 2 }, b = { 3, 4 };
        Check(product(a, b) == -2.0, "product: 1*4 - 2*3");
        Check(dot(a, b) == 11.0, "dot: 1*3 + 2*4");
        double[] c = product3D(new double[] { 1, 2, 3 }, new double[] { 4, 5, 6 });
        Check(c[0] == -3 && c[1] == 6 && c[2] == -3, "product3D: (2*6 - 3*5, 3*4 - 1*6, 1*5 - 2*4)");
        double[] d = diff(new double[] { 5, 7 }, new double[] { 2, 3 });
        Check(d[0] == 3 && d[1] == 4, "diff");
        double[] s = sum(new double[] { 5, 7 }, new double[] { 2, 3 });
        Check(s[0] == 7 && s[1] == 10, "sum");
        Check(calcPointToPointDistance(new double[] { 1, 1 }, new double[] { 4, 5 }) == 5.0,
            "calcPointToPointDistance: a 3-4-5 triangle");

        double[] x1 = { 1, 0 };
        Near(calc2DVectorsAngle(x1, new double[] { 0, 2 }), Math.PI / 2, Tight, "angle: right");
        Near(calc2DVectorsAngle(x1, new double[] { -3, 0 }), Math.PI, Tight, "angle: straight");
        Near(calc2DVectorsAngle(new double[] { 1, 1 }, x1), Math.PI / 4, Tight, "angle: 45");
        Near(calc2DVectorsAngle(x1, new double[] { -1, -1 }), 3 * Math.PI / 4, Tight,
            "angle: 135, not 225");
        Check(calc2DVectorsAngle(new double[] { 7, 21 }, new double[] { 14, 42 }) == 0.0,
            "angle: parallel vectors");
        Check(calc2DVectorsAngle(new double[] { 0, 0 }, x1) == 0.0, "angle: a zero vector");
        Check(origin[0] == 0.0 && origin[1] == 0.0, "origin");
    }

    private static void Supports()
    {
        var square = new List<double[]> { new[] { 0.0, 0 }, new[] { 3.0, 0 }, new[] { 3.0, 3 },
            new[] { 0.0, 3 } };
        var square2 = new List<double[]> { new[] { 2.0, 2 }, new[] { 5.0, 2 }, new[] { 5.0, 5 },
            new[] { 2.0, 5 } };
        double[] v = support(square, new double[] { 1, 1 });
        Check(v[0] == 3 && v[1] == 3, "support along (1, 1)");
        v = support(square, new double[] { 1, 0 });
        Check(v[0] == 3 && v[1] == 0, "support along (1, 0): the first of equals");
        v = support(square, new double[] { -1, 2 });
        Check(v[0] == 0 && v[1] == 3, "support along (-1, 2): dot products 0, -3, 3, 6");
        v = support(square2, new double[] { 0, 0 });
        Check(v[0] == 2 && v[1] == 2, "support along zero: the first vertex");
        v = getNewVertex(square, square2, new double[] { 1, 1 });
        Check(v[0] == 1 && v[1] == 1, "getNewVertex: (3, 3) - (2, 2)");
        v = getNewVertex(square, square2, new double[] { -1, -1 });
        Check(v[0] == -5 && v[1] == -5, "getNewVertex: (0, 0) - (5, 5)");

        double[] center = { 1, 1 };
        v = supportCircle(center, 2, new double[] { 3, 4 });
        Near(v[0], 2.2, Tight, "supportCircle x: 1 + 2 * 3/5");
        Near(v[1], 2.6, Tight, "supportCircle y: 1 + 2 * 4/5");
        v = supportCircle(center, 2, new double[] { 0, 0 });
        Check(v[0] == 1 && v[1] == 1, "supportCircle along zero: the centre");
        double[] zero = { 0, 0 };
        v = supportEillpse(zero, 2, 1, new double[] { 1, 0 });
        Check(v[0] == 2 && v[1] == 0, "supportEillpse along x");
        v = supportEllipse(zero, 2, 1, new double[] { 1, 1 });
        Near(v[0], 4 / Math.Sqrt(5), Tight, "supportEllipse along (1, 1): x = 4/sqrt 5");
        Near(v[1], 1 / Math.Sqrt(5), Tight, "supportEllipse along (1, 1): y = 1/sqrt 5");
        v = supportEillpse(center, 2, 1, new double[] { 0, 0 });
        Check(v[0] == 1 && v[1] == 1, "supportEillpse along zero: the centre");
    }

    private static void GjkSteps()
    {
        double[] first = getInitDirection();
        Check(first[0] == 1 && first[1] == 0, "getInitDirection");
        double[] a = { 1, 0 };
        Check(isCrossingOrigin(a, new double[] { -1, 5 }), "isCrossingOrigin: 1");
        Check(!isCrossingOrigin(a, new double[] { 2, 0 }), "isCrossingOrigin: -2");
        Check(isCrossingOrigin(a, new double[] { 0, 7 }), "isCrossingOrigin: 0");

        double[] q = { 5, 1 }, l1 = { 2, 0 }, l2 = { 2, 5 };
        Check(calcPointToLineDistance(q, l1, l2) == 3.0, "distance to the vertical line x = 2");
        Check(calcPointToLineDistance(new double[] { 3, 4 }, zero2(), zero2()) == 5.0,
            "distance to a line of two equal points");
        Near(calcPointToLineDistance(new double[] { 0, 2 }, zero2(), new double[] { 2, 2 }),
            Math.Sqrt(2), Tight, "distance to the diagonal");

        double[] n = getLineFaceToOriginVector(new double[] { 1, -1 }, new double[] { 1, 1 });
        Check(n[0] == -4 && n[1] == 0 && n[2] == 0, "normal of x = 1: (-1, 1) * 4 - (0, 2) * 2");
        n = getLineFaceToOriginVector(new double[] { 2, 2 }, new double[] { 4, 2 });
        Check(n[0] == 0 && n[1] == -8 && n[2] == 0, "normal of y = 2: (-2, -2) * 4 + (2, 0) * 4");

        Check(calcTriangleArea(zero2(), new double[] { 4, 0 }, new double[] { 0, 3 }) == 6.0,
            "area 4 * 3 / 2");
        Check(calcTriangleArea(zero2(), new double[] { 1, 1 }, new double[] { 4, 4 }) == 0.0,
            "area of a flat triangle");

        Check(isContainOrigin(new double[] { -1, -1 }, new double[] { 2, -1 },
            new double[] { -1, 2 }), "isContainOrigin: inside");
        Check(isContainOrigin(new double[] { -1, 0 }, new double[] { 1, 0 },
            new double[] { 0, 1 }), "isContainOrigin: on an edge");
        Check(!isContainOrigin(new double[] { 1e-4, 0 }, new double[] { 2e-4, 0 },
            new double[] { 1e-4, 1e-4 }), "isContainOrigin: 1e-4 away");
        Check(isContainOrigin(new double[] { -3e5, -1e5 }, new double[] { 3e5, -1e5 },
            new double[] { 0, 2e5 }), "isContainOrigin: a large triangle");
        Check(!isContainOrigin(new double[] { 1, 1 }, new double[] { 2, 2 },
            new double[] { 4, 4 }), "isContainOrigin: a segment beside it");

        double[] e = { 1, 2 };
        Check(isEquals(e, new double[] { 1, 2 }), "isEquals: equal");
        Check(!isEquals(e, new double[] { 1, 3 }), "isEquals: y differs");
        Check(isEquals(e, new double[] { 1 + 5e-8, 2 - 5e-8 }), "isEquals: within 1e-7");
        Check(!isEquals(e, new double[] { 1 + 2e-7, 2 }), "isEquals: 2e-7 apart");
    }

    private static double[] zero2()
    {
        return new double[] { 0, 0 };
    }

    private static void Printing()
    {
        string output = Captured(() =>
        {
            printSimplex(3, new List<double[]> { new double[] { 1, 2 }, new double[] { -0.5, 4 } });
            printStopInfo(4, 1);
            printStopInfo(2, 0);
            printStopInfo(6, 2);
            printStopInfo(5, 7);
        });
        string expected =
            "---------------------------------- 第 3 次迭代 , 单纯形的顶点信息 " +
            "----------------------------------\n(1,2)\n(-0.5,4)\n" +
            "第 4 次迭代:三角形包含原点,提前返回 true\n" +
            "第 2 次迭代:过原点检查不通过,提前返回 false\n" +
            "第 6 次迭代:新顶点重复存在,提前返回 false\n" +
            "第 5 次迭代:";
        Check(output == expected, "printSimplex and printStopInfo wrote '" + output + "'");
    }

    /// <summary>The unit cube, corner i at (i &amp; 1, (i &gt;&gt; 1) &amp; 1, (i &gt;&gt; 2)
    /// &amp; 1), moved by (dx, 0, dz).</summary>
    private static Double3[] Cube(double dx, double dz)
    {
        var cube = new Double3[8];
        for (int i = 0; i < 8; i++)
        {
            cube[i] = new Double3((i & 1) + dx, (i >> 1) & 1, ((i >> 2) & 1) + dz);
        }
        return cube;
    }

    private static void ThreeD()
    {
        Double3[] cube = Cube(0, 0), other = Cube(2, 0);
        Double3 s = GJKSupportFunction(cube, 8, other, 8, new Double3(1, 0, 0));
        Near(s, new Double3(-1, 0, 0), 0, "support along x: (1, 0, 0) - (2, 0, 0)");
        s = GJKSupportFunction(cube, 8, other, 8, new Double3(1, 2, 3));
        Near(s, new Double3(-1, 1, 1), 0, "support along (1, 2, 3): (1, 1, 1) - (2, 0, 0)");
        s = GJKSupportFunction(cube, 8, other, 8, new Double3(-1, -1, -1));
        Near(s, new Double3(-3, -1, -1), 0, "support along -(1, 1, 1): (0, 0, 0) - (3, 1, 1)");
        s = GJKSupportFunction(cube, 8, other, 8, Double3.Zero);
        Near(s, new Double3(-2, 0, 0), 0, "support along zero: the first vertices");
        Check(!GJKIntersect(cube, 8, other, 8), "GJKIntersect: a gap of 1");
        Check(GJKIntersect(cube, 8, Cube(1, 0), 8), "GJKIntersect: sharing the face x = 1");
        Check(GJKIntersect(Cube(0.5, 0.75), 8, cube, 8), "GJKIntersect: overlapping");
        Check(GJKIntersect(cube, 8, new[] { new Double3(1, 1, 1) }, 1),
            "GJKIntersect: a corner point");
        Check(!GJKIntersect(cube, 8, Cube(0, 1.5), 8), "GJKIntersect: 0.5 above");

        var floats = new Vec3[8];
        var floatsMoved = new Vec3[8];
        for (int i = 0; i < 8; i++)
        {
            floats[i] = new Vec3((float)cube[i].X, (float)cube[i].Y, (float)cube[i].Z);
            floatsMoved[i] = new Vec3((float)other[i].X, (float)other[i].Y, (float)other[i].Z);
        }
        Vec3 f = GJKSupportFunction(floats, 8, floatsMoved, 8, new Vec3(1, 2, 3));
        Check(f.X == -1 && f.Y == 1 && f.Z == 1, "Vec3 support along (1, 2, 3)");
        Check(!GJKIntersect(floats, 8, floatsMoved, 8), "Vec3 GJKIntersect: a gap of 1");
        Check(GJKIntersect(floats, 8, floats, 4), "Vec3 GJKIntersect: a face of itself");
    }

    private static void BadInput()
    {
        var square = new List<double[]> { new[] { 0.0, 0 }, new[] { 3.0, 0 }, new[] { 3.0, 3 } };
        Throws<ArgumentNullException>(() => dot(null, new double[] { 1, 2 }), "dot: null");
        Throws<ArgumentException>(() => product3D(new double[] { 1, 2 }, new double[] { 1, 2, 3 }),
            "product3D: two coordinates");
        Throws<ArgumentException>(() => support(square, new[] { double.NaN, 0 }),
            "support: NaN direction");
        Throws<ArgumentException>(() => supportCircle(new double[] { 0, 0 }, -1,
            new double[] { 1, 0 }), "supportCircle: negative radius");
        Throws<ArgumentException>(() => supportEillpse(new double[] { 0, 0 }, 1,
            double.PositiveInfinity, new double[] { 1, 0 }), "supportEillpse: infinite b");
        Double3[] cube = Cube(0, 0);
        Throws<ArgumentNullException>(() => GJKIntersect(null, 3, cube, 8), "GJKIntersect: null");
        Throws<ArgumentOutOfRangeException>(() => GJKIntersect(cube, 9, cube, 8),
            "GJKIntersect: a count beyond the array");
        Throws<ArgumentOutOfRangeException>(() => GJKSupportFunction(cube, 0, cube, 8,
            Double3.Zero), "GJKSupportFunction: no points");
        Throws<ArgumentException>(() => GJKSupportFunction(cube, 8, cube, 8,
            new Double3(0, double.NaN, 0)), "GJKSupportFunction: NaN direction");
        cube[3].Y = double.PositiveInfinity;
        Fails(GjkStatus.InvalidArgument, "is inf", () => GJKIntersect(Cube(0, 0), 8, cube, 8),
            "GJKIntersect: an infinite coordinate");
    }

    /// <summary>What <paramref name="action"/> writes to the console.</summary>
    private static string Captured(Action action)
    {
        TextWriter saved = Console.Out;
        var writer = new StringWriter();
        writer.NewLine = "\n";
        Console.SetOut(writer);
        try
        {
            action();
        }
        finally
        {
            Console.SetOut(saved);
        }
        return writer.ToString();
    }
}
