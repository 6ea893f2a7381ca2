// Airspace conflicts in 2D (the gjk repository's examples/airspace, in Unity): every pair of
// reservations (circles, convex areas drawn as PolygonCollider2D paths, holding patterns as
// CapsuleCollider2D racetracks) closer than a minimum separation, found each frame with
// Gjk.PairsWithin into a reused buffer (no allocation per frame), and drawn as red lines between
// their closest points. Add it to any object and list the reservations' colliders.

using GjkCollision;
using UnityEngine;

public class Airspace2D : MonoBehaviour
{
    /// <summary>The reservations: CircleCollider2D, PolygonCollider2D (each path an area),
    /// CapsuleCollider2D, BoxCollider2D.</summary>
    public Collider2D[] reservations;

    /// <summary>The minimum separation, in world units.</summary>
    public float separation = 5;

    private GjkCollider[] shapes;
    private Collider2D[] owners;
    private Shape[] handles;
    private GjkPose[] poses;
    private GjkPair[] conflicts = new GjkPair[64];

    private void OnEnable()
    {
        // One shape per circle, racetrack or box, one per path of a polygon. (Rebuild them if a
        // reservation is rescaled: shapes are made at one scale.)
        var built = new System.Collections.Generic.List<GjkCollider>();
        var from = new System.Collections.Generic.List<Collider2D>();
        foreach (Collider2D reservation in reservations)
        {
            foreach (GjkCollider shape in GjkCollider.From(reservation))
            {
                built.Add(shape);
                from.Add(reservation);
            }
        }
        shapes = built.ToArray();
        owners = from.ToArray();
        handles = new Shape[shapes.Length];
        poses = new GjkPose[shapes.Length];
    }

    private void Update()
    {
        for (int k = 0; k < shapes.Length; k++)
        {
            // The shape, or its mirror image when the transform flips the plane (a sprite
            // turned 180 degrees about y, say), and its pose.
            handles[k] = shapes[k].ShapeOf(owners[k].transform);
            poses[k] = shapes[k].PoseOf(owners[k].transform);
        }
        int found = Gjk.PairsWithin(handles, poses, separation, conflicts);
        if (found > conflicts.Length)
        {
            // A larger buffer, once; the next frames reuse it.
            conflicts = new GjkPair[2 * found];
            found = Gjk.PairsWithin(handles, poses, separation, conflicts);
        }
        for (int k = 0; k < found; k++)
        {
            GjkDistanceResult r = conflicts[k].Result;
            Debug.DrawLine(r.PointA.ToVector3(), r.PointB.ToVector3(), Color.red);
        }
    }

    private void OnDisable()
    {
        foreach (GjkCollider shape in shapes)
        {
            shape.Dispose();
        }
    }
}
