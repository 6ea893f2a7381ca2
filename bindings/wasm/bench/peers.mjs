// gjk-wasm against what web developers use, on the 2D reference workloads (tests/data: exact
// answers), under Node: @dimforge/rapier2d-compat (parry compiled to wasm: Shape.contactShape /
// intersectsShape, no world), planck (Box2D's b2Distance and b2TestOverlap in JavaScript),
// sat (SAT.js testPolygonPolygon) and detect-collisions (check2d's System.checkCollision).
// Each peer gets its shapes and transforms made once; gjk is called through its package API.
// Median ns per query over the rounds, wrong verdicts and the worst distance error against the
// exact answers. Usage (after bindings/wasm/scripts/build.sh):
//   cd bindings/wasm/bench && npm install && node peers.mjs [--rounds 7]
import RAPIER from "@dimforge/rapier2d-compat";
import planck from "planck";
import SAT from "sat";
import { System } from "detect-collisions";
import * as gjk from "../dist/index.js";
import { nearTouching, workload } from "../test/workload.mjs";

await RAPIER.init();
const rounds = Number(process.argv[process.argv.indexOf("--rounds") + 1]) || 7;

/** The convex hull, counter-clockwise (monotone chain), of flat 2D points. */
function hull(flat) {
  const pts = [];
  for (let i = 0; i < flat.length; i += 2) pts.push([flat[i], flat[i + 1]]);
  pts.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list) => {
    const out = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2], out[out.length - 1], p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(pts), ...half([...pts].reverse())];
}

/** Median of the rounds' ns per query of `body` over `n` queries. */
function time(n, body) {
  const samples = [];
  body(); // warm-up
  for (let r = 0; r < rounds; r++) {
    const t0 = process.hrtime.bigint();
    body();
    samples.push(Number(process.hrtime.bigint() - t0) / n);
  }
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1];
}


function peers(pairs) {
  const n = pairs.length;
  const hulls = pairs.map((p) => [hull(p.a), hull(p.b)]);
  const rows = [];
  const row = (name, kind, ns, answers) => {
    let wrong = 0;
    let worst = 0;
    answers.forEach((x, k) => {
      const p = pairs[k];
      if (kind === "boolean" || typeof x === "boolean") {
        const hit = typeof x === "boolean" ? x : x <= 0;
        if (!nearTouching(p) && hit !== p.intersect) wrong++;
      } else {
        if (!nearTouching(p) && (x <= 0) !== p.intersect) wrong++;
        if (!p.intersect) worst = Math.max(worst, Math.abs(x - p.dist) / Math.max(p.size, 1e-300));
      }
    });
    rows.push({ name, kind, ns, wrong, worst });
  };

  // gjk: per query, and per pair in a batch.
  const shapes = pairs.map((p) => [new gjk.Polygon(p.a), new gjk.Polygon(p.b)]);
  const A = new gjk.ShapeArray(shapes.map((s) => s[0]));
  const B = new gjk.ShapeArray(shapes.map((s) => s[1]));
  const identity = gjk.poses(pairs.map(() => null));
  const gd = new Float64Array(n);
  const gb = new Array(n);
  row("gjk-wasm distance", "distance", time(n, () => { for (let k = 0; k < n; k++) gd[k] = gjk.distance(shapes[k][0], shapes[k][1]).distance; }), [...gd]);
  row("gjk-wasm intersect", "boolean", time(n, () => { for (let k = 0; k < n; k++) gb[k] = gjk.intersect(shapes[k][0], shapes[k][1]); }), gb);
  let batch;
  row("gjk-wasm distanceBatch (per pair)", "distance", time(n, () => { batch = gjk.distanceBatch(A, identity, B, identity); }), [...batch.distance]);
  let verdicts;
  row("gjk-wasm intersectBatch (per pair)", "boolean", time(n, () => { verdicts = gjk.intersectBatch(A, identity, B, identity); }), [...verdicts].map((v) => v === 1));

  // rapier2d (parry in wasm): f32 coordinates, hull given.
  // rapier computes the hull itself (once, here): f32 rounding can make a given hull's nearly
  // collinear vertices reflex, which it refuses.
  const polygon = (h) => new RAPIER.ConvexPolygon(new Float32Array(h.flat()), false);
  const rshapes = hulls.map(([a, b]) => [polygon(a), polygon(b)]);
  const origin = { x: 0, y: 0 };
  const rd = new Float64Array(n);
  const rb = new Array(n);
  row("rapier2d contactShape", "distance", time(n, () => {
    for (let k = 0; k < n; k++) {
      const c = rshapes[k][0].contactShape(origin, 0, rshapes[k][1], origin, 0, 1e3);
      rd[k] = c ? Math.max(c.distance, 0) : Infinity;
    }
  }), [...rd]);
  row("rapier2d intersectsShape", "boolean", time(n, () => {
    for (let k = 0; k < n; k++) rb[k] = rshapes[k][0].intersectsShape(origin, 0, rshapes[k][1], origin, 0);
  }), rb);

  // planck (Box2D in JavaScript): polygons of at most 12 vertices (Settings.maxPolygonVertices).
  if (hulls.every(([a, b]) => a.length <= 12 && b.length <= 12)) {
    const polys = hulls.map(([a, b]) => [
      new planck.Polygon(a.map(([x, y]) => planck.Vec2(x, y))),
      new planck.Polygon(b.map(([x, y]) => planck.Vec2(x, y))),
    ]);
    const xf = planck.Transform.identity();
    const input = new planck.DistanceInput();
    const output = new planck.DistanceOutput();
    const cache = new planck.SimplexCache();
    input.useRadii = false; // the polygons' cores: Box2D's skin (polygonRadius) left out
    const pd = new Float64Array(n);
    const pb = new Array(n);
    row("planck Distance", "distance", time(n, () => {
      for (let k = 0; k < n; k++) {
        input.proxyA.set(polys[k][0], 0);
        input.proxyB.set(polys[k][1], 0);
        input.transformA.setTransform(xf);
        input.transformB.setTransform(xf);
        cache.count = 0;
        planck.Distance(output, cache, input);
        pd[k] = output.distance;
      }
    }), [...pd]);
    row("planck testOverlap", "boolean", time(n, () => {
      for (let k = 0; k < n; k++) pb[k] = planck.testOverlap(polys[k][0], 0, polys[k][1], 0, xf, xf);
    }), pb);
  }

  // SAT.js and detect-collisions: booleans.
  const sats = hulls.map(([a, b]) => [
    new SAT.Polygon(new SAT.Vector(), a.map(([x, y]) => new SAT.Vector(x, y))),
    new SAT.Polygon(new SAT.Vector(), b.map(([x, y]) => new SAT.Vector(x, y))),
  ]);
  const sb = new Array(n);
  row("sat testPolygonPolygon", "boolean", time(n, () => {
    for (let k = 0; k < n; k++) sb[k] = SAT.testPolygonPolygon(sats[k][0], sats[k][1]);
  }), sb);
  const system = new System();
  const bodies = hulls.map(([a, b]) => [
    system.createPolygon({ x: 0, y: 0 }, a.map(([x, y]) => ({ x, y }))),
    system.createPolygon({ x: 0, y: 0 }, b.map(([x, y]) => ({ x, y }))),
  ]);
  const db = new Array(n);
  row("detect-collisions checkCollision", "boolean", time(n, () => {
    for (let k = 0; k < n; k++) db[k] = system.checkCollision(bodies[k][0], bodies[k][1]);
  }), db);
  return rows;
}

// Warm-up: V8 runs a WebAssembly module's functions first as baseline code (Liftoff) and
// optimises the hot ones in the background; the first workload measured would pay for that.
peers(workload("W2D-16").pairs);

console.log(`gjk-wasm ${process.versions.node ? `under Node ${process.versions.node}` : ""}, ${rounds} rounds, median ns per query`);
console.log("| workload | library and call | kind | ns per query | ratio to gjk-wasm | wrong verdicts | worst distance error / size |");
console.log("|---|---|---|--:|--:|--:|--:|");
for (const name of ["W2D-4", "W2D-16", "W2D-64"]) {
  const { pairs } = workload(name);
  const rows = peers(pairs);
  const base = { distance: rows[0].ns, boolean: rows[1].ns };
  for (const r of rows) {
    const err = r.kind === "distance" ? r.worst.toExponential(1) : "-";
    console.log(`| ${name} | ${r.name} | ${r.kind} | ${r.ns.toFixed(0)} | ${(r.ns / base[r.kind]).toFixed(2)} | ${r.wrong} | ${err} |`);
  }
}
