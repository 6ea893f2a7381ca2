// Draws the closest points between this object's collider and another's in the Scene view: a
// line between them, green when apart, red (with the way out) when they overlap. Add it to an
// object with a BoxCollider, SphereCollider, CapsuleCollider or convex MeshCollider, and set
// Other to another such collider.

using GjkCollision;
using UnityEngine;

public class ClosestPointsGizmos : MonoBehaviour
{
    /// <summary>The collider to measure against.</summary>
    public Collider other;

    // The shapes, rebuilt only when a collider's scale changes (a shape is made at one scale).
    private GjkCollider mine;
    private GjkCollider theirs;
    private Vector3 myScale;
    private Vector3 theirScale;

    private void OnDrawGizmos()
    {
        Collider own = GetComponent<Collider>();
        if (own == null || other == null)
        {
            return;
        }
        Refresh(ref mine, ref myScale, own);
        Refresh(ref theirs, ref theirScale, other);

        GjkContact contact = GjkPhysics.Distance(mine, own.transform, theirs, other.transform);
        Gizmos.color = contact.intersecting ? Color.red : Color.green;
        Gizmos.DrawLine(contact.pointA, contact.pointB);
        Gizmos.DrawSphere(contact.pointA, 0.05f);
        Gizmos.DrawSphere(contact.pointB, 0.05f);

        Vector3 direction;
        float depth;
        if (GjkPhysics.ComputePenetration(mine, own.transform, theirs, other.transform,
            out direction, out depth))
        {
            // Moving this object by direction * depth separates the two.
            Vector3 from = own.transform.position;
            Gizmos.color = Color.yellow;
            Gizmos.DrawLine(from, new Vector3(from.x + direction.x * depth,
                from.y + direction.y * depth, from.z + direction.z * depth));
        }
    }

    private static void Refresh(ref GjkCollider shape, ref Vector3 scale, Collider collider)
    {
        Vector3 now = collider.transform.lossyScale;
        if (shape != null && now.x == scale.x && now.y == scale.y && now.z == scale.z)
        {
            return;
        }
        if (shape != null)
        {
            shape.Dispose();
        }
        shape = GjkCollider.From(collider);
        scale = now;
    }

    private void OnDisable()
    {
        if (mine != null)
        {
            mine.Dispose();
            mine = null;
        }
        if (theirs != null)
        {
            theirs.Dispose();
            theirs = null;
        }
    }
}
