// The reference workloads of tests/data (format in tests/data/README.md), for the tests and
// the benchmark.
import { readFileSync } from "node:fs";

const data = new URL("../../../tests/data/", import.meta.url);

/** The pairs of a workload: point clouds A and B (flat), and the exact answers. */
export function workload(name) {
  const bytes = readFileSync(new URL(`${name}.bin`, data));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dim = view.getUint32(8, true);
  const count = view.getUint32(12, true);
  let at = 16;
  const points = (n) => {
    const out = new Float64Array(n * dim);
    for (let i = 0; i < n * dim; i++, at += 8) {
      out[i] = view.getFloat64(at, true);
    }
    return out;
  };
  const truth = readFileSync(new URL(`${name}.truth`, data), "utf8")
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => line.split(/\s+/));
  const pairs = [];
  for (let k = 0; k < count; k++) {
    const [na, nb] = [view.getUint32(at, true), view.getUint32(at + 4, true)];
    at += 24;
    const [a, b] = [points(na), points(nb)];
    const [dist, intersect, , size, pd] = truth[k];
    pairs.push({ a, b, dist: Number(dist), intersect: intersect === "1", size: Number(size), pd: Number(pd) });
  }
  return { dim, pairs };
}

/** Whether a verdict may go either way: the pair is within 1e-9 of its size of touching. */
export const nearTouching = (p) => (p.intersect ? !(p.pd >= 1e-9 * p.size) : p.dist < 1e-9 * p.size);
