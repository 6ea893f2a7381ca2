// A legacy program in the style of the 3D GJK tutorial (GJKIntersect and GJKSupportFunction
// over Vector3 arrays): it brings its own float Vector3 with its own operators, as such
// programs do. The tutorial's definitions it carried (GJKSupportFunction, GJKIntersect and
// DoSimplex, DoSimplex2, DoSimplex3, DoSimplex4) are deleted and gjk_tutorial.hpp is included
// in their place; nothing else changed. Built with -Wall -Wextra -Werror and run under
// valgrind by tests/tools/cpp.rs, which compares its output with answers worked out by hand
// there.
#include <cmath>
#include <cstdio>

struct Vector3
{
    float x, y, z;
    Vector3() : x(0), y(0), z(0) {}
    Vector3(float x_, float y_, float z_) : x(x_), y(y_), z(z_) {}
};

Vector3 operator+(Vector3 a, Vector3 b) { return Vector3(a.x + b.x, a.y + b.y, a.z + b.z); }
Vector3 operator-(Vector3 a, Vector3 b) { return Vector3(a.x - b.x, a.y - b.y, a.z - b.z); }
Vector3 operator-(Vector3 a) { return Vector3(-a.x, -a.y, -a.z); }
float dot(Vector3 a, Vector3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
Vector3 normalize(Vector3 v)
{
    float length = std::sqrt(dot(v, v));
    return Vector3(v.x / length, v.y / length, v.z / length);
}

#include "gjk_tutorial.hpp"

// The eight corners of the box [min, min + size].
void makeBox(Vector3 vertices[], Vector3 min, Vector3 size)
{
    for (int i = 0; i < 8; i++)
    {
        vertices[i] = Vector3(min.x + ((i & 1) ? size.x : 0.0f), min.y + ((i & 2) ? size.y : 0.0f),
                              min.z + ((i & 4) ? size.z : 0.0f));
    }
}

const char* answer(bool hit) { return hit ? "collision" : "no collision"; }

int main()
{
    Vector3 crate[8];
    makeBox(crate, Vector3(0, 0, 0), Vector3(1, 1, 1));

    struct Placement { const char* name; Vector3 at; };
    Placement placements[] = {
        {"overlapping", Vector3(0.5f, 0.5f, 0.5f)},
        {"corner to corner", Vector3(1, 1, 1)},
        {"face to face", Vector3(1, 0, 0)},
        {"edge to edge", Vector3(-1, 1, 0.25f)},
        {"a gap of 0.5 above", Vector3(0, 0, 1.5f)},
        {"a gap of 0.25 beside", Vector3(0.5f, -1.25f, 0)},
    };
    for (const Placement& p : placements)
    {
        Vector3 other[8];
        makeBox(other, p.at, Vector3(1, 1, 1));
        printf("crate vs crate at (%g, %g, %g), %s: %s\n", p.at.x, p.at.y, p.at.z, p.name,
               answer(GJKIntersect(crate, 8, other, 8)));
    }

    // A tetrahedron whose apex points down at the crate's top face.
    Vector3 spike[4] = {Vector3(0, 0, 3), Vector3(1, 0, 3), Vector3(0, 1, 3), Vector3(0.25f, 0.25f, 0)};
    float apexHeights[] = {0.5f, 1.0f, 1.125f};
    for (float z : apexHeights)
    {
        spike[3].z = z;
        printf("spike with its apex at z = %g: %s\n", z, answer(GJKIntersect(spike, 4, crate, 8)));
    }
    Vector3 pebble = Vector3(0.5f, 0.5f, 0.5f);
    printf("pebble inside the crate: %s\n", answer(GJKIntersect(&pebble, 1, crate, 8)));

    // The support point of the Minkowski difference crate - other, as the tutorial's GJK
    // starts: towards the other shape, and back.
    Vector3 other[8];
    makeBox(other, Vector3(3, 0, 0), Vector3(1, 2, 4));
    Vector3 direction = normalize(other[0] - crate[0]);
    Vector3 a = GJKSupportFunction(crate, 8, other, 8, direction);
    printf("support towards the other crate: (%g, %g, %g), dot %g\n", a.x, a.y, a.z,
           dot(a, direction));
    Vector3 b = GJKSupportFunction(crate, 8, other, 8, -a);
    printf("support back towards the origin: (%g, %g, %g)\n", b.x, b.y, b.z);
    Vector3 c = GJKSupportFunction(crate, 8, other, 8, Vector3(1, 2, 3));
    printf("support along (1, 2, 3): (%g, %g, %g)\n", c.x, c.y, c.z);
    return 0;
}
