// The 2D reference workloads (tests/data: exact answers from CGAL in rational arithmetic):
// every verdict right and every distance within the README's error bound, single queries and
// batches alike; pairsWithin against brute force; and, when the Rust harness passes the
// native library's answers (GJK_NATIVE_ANSWERS), the same answers to the last bit.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as gjk from "../dist/index.js";
import { nearTouching, workload } from "./workload.mjs";

/** The largest coordinate's magnitude. */
const largest = (...arrays) => Math.max(...arrays.map((a) => a.reduce((m, x) => Math.max(m, Math.abs(x)), 0)));

for (const name of ["W2D-4", "W2D-16", "W2D-64", "WDEG-2D"]) {
  test(`${name}: right verdicts, distances within the bound, batches equal single queries`, () => {
    const { pairs } = workload(name);
    const shapes = pairs.map((p) => [new gjk.Polygon(p.a), new gjk.Polygon(p.b)]);
    let wrong = 0;
    let worst = 0;
    const single = [];
    pairs.forEach((p, k) => {
      const [a, b] = shapes[k];
      const r = gjk.distance(a, b);
      single.push(r);
      const hit = gjk.intersect(a, b);
      if (!nearTouching(p) && (hit !== p.intersect || r.intersecting !== p.intersect)) {
        wrong++;
      }
      const ulps = 8 * Number.EPSILON * largest(p.a, p.b);
      const error = Math.abs(r.distance - p.dist);
      assert.ok(
        error <= 1e-9 * p.dist + 1e-12 * p.size + ulps,
        `pair ${k}: distance ${r.distance}, exact ${p.dist}`,
      );
      assert.ok(r.lowerBound <= r.distance);
      worst = Math.max(worst, error);
    });
    assert.equal(wrong, 0, `${wrong} wrong verdicts`);
    const identity = gjk.poses(pairs.map(() => null));
    const batch = gjk.distanceBatch(shapes.map((s) => s[0]), identity, shapes.map((s) => s[1]), identity);
    const verdicts = gjk.intersectBatch(shapes.map((s) => s[0]), identity, shapes.map((s) => s[1]), identity);
    single.forEach((r, k) => {
      assert.equal(batch.distance[k], r.distance, `batch pair ${k}`);
      assert.equal(batch.lowerBound[k], r.lowerBound);
      assert.equal(verdicts[k] === 1, gjk.intersect(shapes[k][0], shapes[k][1]));
    });
    for (const [a, b] of shapes) {
      a.free();
      b.free();
    }
  });
}

test("pairsWithin finds the pairs brute force finds", () => {
  const { pairs } = workload("W2D-16");
  const shapes = pairs.slice(0, 150).map((p) => new gjk.Polygon(p.a));
  const list = [];
  for (let k = 0; k < shapes.length; k++) {
    list.push(gjk.Pose.at(3 * Math.cos(k * 2.4) * Math.sqrt(k), 3 * Math.sin(k * 2.4) * Math.sqrt(k), k));
  }
  const poses = gjk.poses(list);
  const separation = 0.5;
  const found = new Map(
    gjk.pairsWithin(new gjk.ShapeArray(shapes), poses, separation).map((p) => [`${p.i},${p.j}`, p.distance]),
  );
  let expected = 0;
  for (let i = 0; i < shapes.length; i++) {
    for (let j = i + 1; j < shapes.length; j++) {
      const r = gjk.distance(shapes[i], shapes[j], list[i], list[j]);
      // pairsWithin's test (gjk::batch::within_separation).
      const apart = Math.hypot(...r.pointB.map((x, k) => x - r.pointA[k]));
      const close = r.lowerBound <= separation && apart <= separation;
      if (r.intersecting || r.distance <= separation || close) {
        expected++;
        assert.equal(found.get(`${i},${j}`), r.distance, `pair ${i}, ${j} at ${r.distance}`);
      }
    }
  }
  assert.ok(expected > 10, `${expected} close pairs`);
  assert.equal(found.size, expected);
});

test("the native library's answers, bit for bit", { skip: !process.env.GJK_NATIVE_ANSWERS }, () => {
  // Lines: workload, pair index, then the distance result's numbers as hexadecimal bits.
  const lines = readFileSync(process.env.GJK_NATIVE_ANSWERS, "utf8").trim().split("\n");
  const cache = new Map();
  const bits = (x) => {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, x);
    return view.getBigUint64(0).toString(16);
  };
  let compared = 0;
  for (const line of lines) {
    const [name, index, ...expected] = line.split(" ");
    if (!cache.has(name)) {
      cache.set(name, workload(name).pairs);
    }
    const p = cache.get(name)[Number(index)];
    const [a, b] = [new gjk.Polygon(p.a), new gjk.Polygon(p.b)];
    const r = gjk.distance(a, b);
    const actual = [r.distance, r.lowerBound, ...r.pointA, ...r.pointB, ...r.normal].map(bits);
    assert.deepEqual(actual, expected, `${name} pair ${index}`);
    a.free();
    b.free();
    compared++;
  }
  assert.ok(compared > 0);
});
