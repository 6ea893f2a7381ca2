// A program written against the classic GJK tutorial code, unchanged except for its include:
// it used to include its copy of the tutorial's code, and now includes gjk_tutorial.hpp and
// links with gjk. See bindings/cpp/README.md for the migration recipe.
#include <gjk_tutorial.hpp>

#include <cstdio>
#include <vector>

// The program's own 3D point, as the 3D tutorial's programs have.
struct Vector3 {
  double x, y, z;
};

int main() {
  double a1[2] = {0, 0}, a2[2] = {3, 0}, a3[2] = {3, 3}, a4[2] = {0, 3};
  double b1[2] = {2, 2}, b2[2] = {5, 2}, b3[2] = {5, 5}, b4[2] = {2, 5};
  double c1[2] = {3, 3}, c2[2] = {5, 3}, c3[2] = {3, 5};
  std::vector<double*> poly1 = {a1, a2, a3, a4};
  std::vector<double*> poly2 = {b1, b2, b3, b4};
  std::vector<double*> poly3 = {c1, c2, c3};

  if (!isConvex(poly1) || !isConvex(poly2) || !isConvex(poly3)) {
    std::printf("the polygons must be convex\n");
    return 1;
  }
  std::printf("poly1 vs poly2: %s\n", GJK(poly1, poly2) ? "collision" : "no collision");
  std::printf("poly1 vs poly3: %s\n", GJK(poly1, poly3) ? "collision" : "no collision");

  double d1[2] = {5, 4}, d2[2] = {7, 4}, d3[2] = {5, 6};
  std::vector<double*> poly4 = {d1, d2, d3};
  GJKResult result = GJKDistance(poly1, poly4);
  std::printf("poly1 vs poly4: %s, minimum distance %g, %d iterations\n",
              result.collision ? "collision" : "no collision", result.distance,
              result.iterations);

  double direction[2] = {1, 1};
  double* s = getNewVertex(poly1, poly2, direction);
  std::printf("support of poly1 - poly2 along (1, 1): (%g, %g)\n", s[0], s[1]);
  double center[2] = {0, 0};
  double* c = supportCircle(center, 2, direction);
  double* e = supportEillpse(center, 2, 1, direction);
  std::printf("circle support (%g, %g), ellipse support (%g, %g)\n", c[0], c[1], e[0], e[1]);

  double p[2] = {5, 1}, l1[2] = {2, 0}, l2[2] = {2, 5};
  std::printf("distance from (5, 1) to the line x = 2: %g\n", calcPointToLineDistance(p, l1, l2));

  Vector3 cube1[8], cube2[8];
  for (int i = 0; i < 8; i++) {
    cube1[i].x = i & 1;
    cube1[i].y = (i >> 1) & 1;
    cube1[i].z = (i >> 2) & 1;
    cube2[i].x = cube1[i].x + 1;
    cube2[i].y = cube1[i].y + 1;
    cube2[i].z = cube1[i].z + 1;
  }
  std::printf("cube1 vs cube2: %s\n",
              GJKIntersect(cube1, 8, cube2, 8) ? "collision" : "no collision");
  return 0;
}
