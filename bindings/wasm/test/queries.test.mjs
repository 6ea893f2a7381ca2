// The queries against closed forms, and their failures.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as gjk from "../dist/index.js";

const near = (a, b, tol = 1e-9) => assert.ok(Math.abs(a - b) <= tol, `${a} != ${b}`);
const square = new gjk.Polygon([[0, 0], [3, 0], [3, 3], [0, 3]]);
const disc = new gjk.Circle(1);

test("distance: value, bounds, witness points and normal", () => {
  const r = gjk.distance(square, disc, null, gjk.Pose.at(6, 1.5));
  assert.equal(r.distance, 2);
  assert.ok(r.lowerBound <= 2 && r.lowerBound > 2 - 1e-9);
  assert.equal(r.intersecting, false);
  assert.deepEqual(r.pointA, [3, 1.5]);
  assert.deepEqual(r.pointB, [5, 1.5]);
  near(r.normal[0], 1);
  near(r.normal[1], 0);
  const rotated = gjk.distance(square, new gjk.Rectangle(1, 1), null, gjk.Pose.at(5, 1.5, Math.PI / 4));
  near(rotated.distance, 2 - Math.SQRT2, 1e-12);
  const inside = gjk.distance(square, disc, null, gjk.Pose.at(1.5, 1.5));
  assert.equal(inside.distance, 0);
  assert.equal(inside.intersecting, true);
});

test("intersect agrees with the closed form, touching counts", () => {
  assert.equal(gjk.intersect(square, disc, null, gjk.Pose.at(3.5, 1.5)), true);
  assert.equal(gjk.intersect(square, disc, null, gjk.Pose.at(4, 1.5)), true);
  assert.equal(gjk.intersect(square, disc, null, gjk.Pose.at(4.001, 1.5)), false);
});

test("a warm cache gives the cold answers", () => {
  const cache = new gjk.SimplexCache();
  const hexagon = new gjk.Polygon(Array.from({ length: 6 }, (_, k) => [Math.cos(k), Math.sin(k)]));
  for (let step = 0; step < 40; step++) {
    const pose = gjk.Pose.at(3 - step * 0.1, 0.2 * Math.sin(step), step * 0.05);
    const warm = gjk.distance(hexagon, square, pose, null, { cache });
    const cold = gjk.distance(hexagon, square, pose, null);
    near(warm.distance, cold.distance, 1e-12);
    assert.equal(gjk.intersect(hexagon, square, pose, null, { cache }), cold.intersecting);
  }
  cache.clear();
  cache.free();
});

test("penetration and signed distance of overlapping boxes", () => {
  const box = new gjk.Box(1, 1, 1);
  const r = gjk.penetration(box, box, null, new gjk.Pose([1.5, 0, 0]));
  near(r.signedDistance, -0.5);
  assert.equal(r.intersecting, true);
  near(Math.abs(r.normal[0]), 1);
  near(gjk.signedDistance(box, box, null, new gjk.Pose([3, 0, 0])), 1);
});

test("contact manifold of a box resting on another", () => {
  const m = gjk.contactManifold(new gjk.Rectangle(1, 1), new gjk.Rectangle(1, 1), null, gjk.Pose.at(0, 1.9));
  assert.equal(m.points.length, 2);
  for (const p of m.points) {
    near(p.separation, -0.1);
  }
  near(m.normal[1], 1);
});

test("ray casts hit where the closed form says, or miss", () => {
  const hit = gjk.rayCast(disc, gjk.Pose.at(5, 0), [0, 0], [1, 0]);
  assert.equal(hit.t, 4);
  assert.deepEqual(hit.point, [4, 0]);
  assert.deepEqual(hit.normal, [-1, 0]);
  assert.equal(gjk.rayCast(disc, gjk.Pose.at(5, 0), [0, 0], [1, 0], 3.9), undefined);
  assert.equal(gjk.rayCast(disc, gjk.Pose.at(5, 0), [0, 0], [0, 1]), undefined);
  const top = gjk.rayCast(new gjk.Box(1, 1, 1), null, [0.5, 0.5, 5], [0, 0, -2]);
  near(top.t, 2);
  assert.equal(gjk.rayCast(square, null, [1, 1], [1, 0]).startedInside, true);
  assert.throws(() => gjk.rayCast(disc, null, [5, 0], [0, 0]), gjk.InvalidArgumentError);
});

test("shape casts: discs meet when their gap closes", () => {
  const hit = gjk.shapeCast(disc, gjk.Pose.at(0, 0), [1, 0], disc, gjk.Pose.at(10, 0), [0, 0]);
  near(hit.t, 8, 1e-9);
  const within = gjk.shapeCast(disc, null, [1, 0], disc, gjk.Pose.at(10, 0), [-1, 0], { targetSeparation: 2 });
  near(within.t, 3, 1e-9);
  assert.equal(gjk.shapeCast(disc, null, [0, 1], disc, gjk.Pose.at(10, 0), [0, 1]), undefined);
  assert.equal(gjk.shapeCast(disc, null, [1, 0], disc, gjk.Pose.at(10, 0), [0, 0], { maxT: 7 }), undefined);
});

test("bounding boxes", () => {
  const box = gjk.aabb(square, gjk.Pose.at(1, 1));
  assert.deepEqual(box, { min: [1, 1], max: [4, 4] });
  const turned = gjk.aabb(new gjk.Rectangle(1, 1), gjk.Pose.at(0, 0, Math.PI / 4));
  near(turned.max[0], Math.SQRT2, 1e-12);
});

test("the trace's steps end at the result", () => {
  const trace = gjk.distanceTrace(square, disc, null, gjk.Pose.at(6, 1.5));
  assert.ok(trace.steps.length >= 2);
  assert.equal(trace.steps[0].outcome, "started");
  const last = trace.steps[trace.steps.length - 1];
  assert.ok(last.lowerBound <= trace.result.distance + 1e-12);
  for (const step of trace.steps) {
    assert.ok(gjk.OUTCOMES.includes(step.outcome));
    assert.ok(step.simplex.length >= 1 && step.simplex.length <= 3);
    const sum = step.simplex.reduce((s, v) => s + v.weight, 0);
    near(sum, 1, 1e-12);
  }
});

test("failures: dimensions, poses, the iteration cap", () => {
  assert.throws(() => gjk.distance(square, new gjk.Sphere(1)), gjk.DimensionMismatchError);
  assert.throws(
    () => gjk.distance(square, disc, new gjk.Pose([0, 0, 0], [1, 1, 1, 1])),
    { name: "InvalidArgumentError", message: /pose_a.*unit quaternion/ },
  );
  assert.throws(
    () => gjk.distance(square, disc, null, new gjk.Pose([0, 0, 0], [1, 0, 0, 0])),
    { message: /pose_b.*only rotate about z/ },
  );
  assert.throws(() => gjk.distance(square, disc, null, null, { relativeTolerance: -1 }), gjk.InvalidArgumentError);
  const a = new gjk.Ellipse(1, 3);
  const b = new gjk.Ellipse(2, 0.5);
  let error;
  try {
    gjk.distance(a, b, null, gjk.Pose.at(4, 1, 0.3), { maxIterations: 2 });
  } catch (e) {
    error = e;
  }
  assert.ok(error instanceof gjk.NoConvergenceError, `${error}`);
  assert.ok(error.result.distance >= error.result.lowerBound);
  const exact = gjk.distance(a, b, null, gjk.Pose.at(4, 1, 0.3));
  assert.ok(error.result.lowerBound <= exact.distance && exact.distance <= error.result.distance + 1e-12);
});

test("a support function that throws fails the query with its exception as the cause", () => {
  let calls = 0;
  const flaky = new gjk.SupportShape(2, ([x, y]) => {
    if (++calls > 4) {
      throw new TypeError("flaky");
    }
    return [Math.sign(x), Math.sign(y)];
  });
  assert.throws(
    () => gjk.distance(square, flaky, null, gjk.Pose.at(6, 1.5)),
    (e) => e instanceof gjk.SupportFunctionError && e.cause instanceof TypeError && /flaky/.test(e.message),
  );
  // The next query on other shapes is not affected.
  assert.equal(gjk.distance(square, disc, null, gjk.Pose.at(6, 1.5)).distance, 2);
});
