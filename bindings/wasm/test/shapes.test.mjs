// Every kind of shape against a point, with the distance known in closed form.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as gjk from "../dist/index.js";

const close = (actual, expected, what) =>
  assert.ok(Math.abs(actual - expected) <= 1e-12 * Math.max(1, expected), `${what}: ${actual} != ${expected}`);

test("2D shapes are at their closed-form distance from a point", () => {
  const at = (x, y) => new gjk.Point([x, y]);
  const cases = [
    [new gjk.Circle(1), at(5, 0), 4],
    [new gjk.Ellipse(2, 1), at(5, 0), 3],
    [new gjk.Ellipse(2, 1), at(0, 5), 4],
    [new gjk.Rectangle(1, 2), at(5, 0), 4],
    [new gjk.Rectangle(1, 2), at(4, 6), 5],
    [new gjk.Stadium(1, 0.5), at(5, 0), 3.5],
    [new gjk.Stadium(1, 0.5), at(0, 5), 4.5],
    [new gjk.Segment([-1, 0], [1, 0]), at(1, 3), 3],
    [new gjk.Polygon([[0, 0], [1, 0], [1, 1], [0, 1], [0.5, 0.5]]), at(4, 5), 5],
    [new gjk.Polygon(new Float64Array([0, 0, 1, 0, 0, 1])), at(1, 1), Math.SQRT1_2],
    [new gjk.Rectangle(1, 1).rounded(0.5), at(5, 0), 3.5],
    [new gjk.Point([1, 1]), at(4, 5), 5],
  ];
  for (const [shape, point, expected] of cases) {
    assert.equal(shape.dimension, 2);
    close(gjk.distance(shape, point).distance, expected, shape.constructor.name);
  }
});

test("3D shapes are at their closed-form distance from a point", () => {
  const at = (x, y, z) => new gjk.Point([x, y, z]);
  const cases = [
    [new gjk.Sphere(1), at(0, 3, 4), 4],
    [new gjk.Ellipsoid(1, 2, 3), at(0, 0, 5), 2],
    [new gjk.Box(1, 2, 3), at(4, 6, 3), 5],
    [new gjk.Capsule(1, 0.5), at(0, 0, 5), 3.5],
    [new gjk.Capsule(1, 0.5), at(5, 0, 0), 4.5],
    [new gjk.Cylinder(1, 2), at(0, 0, 5), 4],
    [new gjk.Cylinder(1, 2), at(5, 0, 0), 3],
    [new gjk.Cone(1, 2), at(0, 0, 5), 4],
    [new gjk.Cone(1, 2), at(0, 0, -4), 3],
    [new gjk.Segment([0, 0, -1], [0, 0, 1]), at(3, 4, 0), 5],
    [new gjk.Polytope([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]), at(0, 0, 4), 3],
    [new gjk.Sphere(1).rounded(1), at(0, 0, 5), 3],
  ];
  for (const [shape, point, expected] of cases) {
    assert.equal(shape.dimension, 3);
    close(gjk.distance(shape, point).distance, expected, shape.constructor.name);
  }
});

test("a JavaScript support function is called from WebAssembly and answers like the built-in shape", () => {
  let calls = 0;
  const disc = new gjk.SupportShape(2, ([x, y]) => {
    calls++;
    const n = Math.hypot(x, y);
    return [x / n, y / n];
  });
  const square = new gjk.Polygon([[0, 0], [3, 0], [3, 3], [0, 3]]);
  const js = gjk.distance(square, disc, null, gjk.Pose.at(6, 1.5));
  const native = gjk.distance(square, new gjk.Circle(1), null, gjk.Pose.at(6, 1.5));
  assert.ok(calls > 4, "the function was called beyond its probes");
  assert.ok(Math.abs(js.distance - native.distance) < 1e-9, `${js.distance} vs ${native.distance}`);
  const ball = new gjk.SupportShape(3, ([x, y, z]) => {
    const n = Math.hypot(x, y, z);
    return [x / n, y / n, z / n];
  });
  close(gjk.distance(ball, new gjk.Point([0, 0, 5])).distance, 4, "3D support function");
});

test("bad arguments throw InvalidArgumentError naming them", () => {
  assert.throws(() => new gjk.Circle(-1), { name: "InvalidArgumentError", message: /radius/ });
  assert.throws(() => new gjk.Circle(NaN), gjk.InvalidArgumentError);
  assert.throws(() => new gjk.Box(1, Infinity, 1), gjk.InvalidArgumentError);
  assert.throws(() => new gjk.Polygon([]), gjk.InvalidArgumentError);
  assert.throws(() => new gjk.Polygon([[0, 0], [1]]), gjk.GjkError);
  assert.throws(() => new gjk.Polygon(new Float64Array([0, 0, 1])), { message: /multiple of 2/ });
  assert.throws(() => new gjk.Segment([0, 0], [1, 1, 1]), gjk.GjkError);
  assert.throws(() => new gjk.SupportShape(2, () => [NaN, 0]), gjk.GjkError);
  assert.throws(
    () => new gjk.SupportShape(2, () => { throw new RangeError("inside the support function"); }),
    (e) => e instanceof gjk.SupportFunctionError && e.cause instanceof RangeError,
  );
  const e = (() => { try { new gjk.Circle(-1); } catch (error) { return error; } })();
  assert.ok(e instanceof gjk.GjkError && e instanceof Error);
});
