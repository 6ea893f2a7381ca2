/**
 * Many pairs at once. Shapes are gathered once in a `ShapeArray` (or passed as an array,
 * gathered at each call); poses are a `Float64Array` of seven numbers a pose (`poses()` makes
 * one). Answers come as columns of typed arrays. WebAssembly runs them on the calling thread.
 * @module
 */
import * as raw from "./raw.js";
import { fail } from "./errors.js";
import type { Shape } from "./shapes.js";
import { DistanceResult, QueryOptions, distanceAt, setUp } from "./queries.js";
import { Pose } from "./pose.js";

/** Shapes gathered for the batches. */
export class ShapeArray {
  readonly list = new raw.ShapeList();
  readonly dimension: 2 | 3 | undefined;
  readonly length: number;
  constructor(shapes: ArrayLike<Shape>) {
    for (let k = 0; k < shapes.length; k++) {
      this.list.push(shapes[k].handle);
    }
    this.length = shapes.length;
    this.dimension = shapes.length > 0 ? shapes[0].dimension : undefined;
  }
  /** Releases its memory now. */
  free(): void {
    this.list.free();
  }
}

/** Shapes as a list for one call: gathered now unless already. */
function gathered(shapes: ShapeArray | ArrayLike<Shape>): ShapeArray {
  return shapes instanceof ShapeArray ? shapes : new ShapeArray(shapes);
}

/** The kind of batch the module runs on two lists of shapes and their poses. */
type PairBatch = (
  a: raw.ShapeList,
  posesA: Float64Array,
  b: raw.ShapeList,
  posesB: Float64Array,
) => Float64Array;

/**
 * Runs `batch` with the options set, on `a` and `b` gathered for it (a list gathered here is
 * freed at once: it holds its shapes).
 */
function run(
  batch: PairBatch,
  a: ShapeArray | ArrayLike<Shape>,
  posesA: Float64Array,
  b: ShapeArray | ArrayLike<Shape>,
  posesB: Float64Array,
  options: QueryOptions | undefined,
): Float64Array {
  setUp(undefined, undefined, options);
  const [listA, listB] = [gathered(a), gathered(b)];
  try {
    return batch(listA.list, posesA, listB.list, posesB);
  } finally {
    for (const [list, given] of [[listA, a], [listB, b]] as const) {
      if (list !== given) {
        list.free();
      }
    }
  }
}

/** The distance answers of a batch, pair k at index k (points and normals 3 numbers each). */
export interface DistanceBatch {
  distance: Float64Array;
  lowerBound: Float64Array;
  intersecting: Uint8Array;
  /** 1 where the pair's verdict is a call within the touching tolerance, not a proof. */
  toleranceCall: Uint8Array;
  iterations: Uint32Array;
  pointA: Float64Array;
  pointB: Float64Array;
  normal: Float64Array;
}

/** Throws the error of a call that failed as a whole: NaN, then its status. */
function failedCall(numbers: Float64Array): void {
  if (numbers.length === 2 && Number.isNaN(numbers[0])) {
    fail(numbers[1]);
  }
}

/** Throws the first failing pair's error, or the whole call's. */
function check(numbers: Float64Array, stride: number, best: () => unknown): void {
  failedCall(numbers);
  for (let at = 0; at < numbers.length; at += stride) {
    if (numbers[at] !== 0) {
      fail(numbers[at], best);
    }
  }
}

/** The distance of each pair (a[k] at posesA[k], b[k] at posesB[k]). */
export function distanceBatch(
  a: ShapeArray | ArrayLike<Shape>,
  posesA: Float64Array,
  b: ShapeArray | ArrayLike<Shape>,
  posesB: Float64Array,
  options?: QueryOptions,
): DistanceBatch {
  const numbers = run(raw.distanceBatch, a, posesA, b, posesB, options);
  const n = numbers.length / 14;
  const out: DistanceBatch = {
    distance: new Float64Array(n),
    lowerBound: new Float64Array(n),
    intersecting: new Uint8Array(n),
    toleranceCall: new Uint8Array(n),
    iterations: new Uint32Array(n),
    pointA: new Float64Array(3 * n),
    pointB: new Float64Array(3 * n),
    normal: new Float64Array(3 * n),
  };
  for (let k = 0; k < n && !Number.isNaN(numbers[0]); k++) {
    const at = 14 * k + 1;
    out.distance[k] = numbers[at];
    out.lowerBound[k] = numbers[at + 1];
    out.intersecting[k] = numbers[at + 2] & 1;
    out.toleranceCall[k] = (numbers[at + 2] & 2) >> 1;
    out.iterations[k] = numbers[at + 3];
    out.pointA.set(numbers.subarray(at + 4, at + 7), 3 * k);
    out.pointB.set(numbers.subarray(at + 7, at + 10), 3 * k);
    out.normal.set(numbers.subarray(at + 10, at + 13), 3 * k);
  }
  check(numbers, 14, () => out);
  return out;
}

/** Whether each pair intersects: 1 or 0. */
export function intersectBatch(
  a: ShapeArray | ArrayLike<Shape>,
  posesA: Float64Array,
  b: ShapeArray | ArrayLike<Shape>,
  posesB: Float64Array,
  options?: QueryOptions,
): Uint8Array {
  const numbers = run(raw.intersectBatch, a, posesA, b, posesB, options);
  const n = numbers.length / 2;
  const out = new Uint8Array(n);
  for (let k = 0; k < n && !Number.isNaN(numbers[0]); k++) {
    out[k] = numbers[2 * k + 1];
  }
  check(numbers, 2, () => out);
  return out;
}

/** The penetration answers of a batch, pair k at index k. */
export interface PenetrationBatch {
  signedDistance: Float64Array;
  intersecting: Uint8Array;
  pointA: Float64Array;
  pointB: Float64Array;
  normal: Float64Array;
}

/** The signed distance, witness points and normal of each pair. */
export function penetrationBatch(
  a: ShapeArray | ArrayLike<Shape>,
  posesA: Float64Array,
  b: ShapeArray | ArrayLike<Shape>,
  posesB: Float64Array,
  options?: QueryOptions,
): PenetrationBatch {
  const numbers = run(raw.penetrationBatch, a, posesA, b, posesB, options);
  const n = numbers.length / 13;
  const out: PenetrationBatch = {
    signedDistance: new Float64Array(n),
    intersecting: new Uint8Array(n),
    pointA: new Float64Array(3 * n),
    pointB: new Float64Array(3 * n),
    normal: new Float64Array(3 * n),
  };
  for (let k = 0; k < n && !Number.isNaN(numbers[0]); k++) {
    const at = 13 * k + 1;
    out.signedDistance[k] = numbers[at];
    out.intersecting[k] = numbers[at + 1];
    out.pointA.set(numbers.subarray(at + 3, at + 6), 3 * k);
    out.pointB.set(numbers.subarray(at + 6, at + 9), 3 * k);
    out.normal.set(numbers.subarray(at + 9, at + 12), 3 * k);
  }
  check(numbers, 13, () => out);
  return out;
}

/** A pair found by `pairsWithin`: indices i < j and their distance result. */
export interface PairWithin extends DistanceResult {
  i: number;
  j: number;
}

/** Every pair of `shapes` (placed by `poses`) closer than `separation`. */
export function pairsWithin(
  shapes: ShapeArray | ArrayLike<Shape>,
  poses: Float64Array,
  separation: number,
  options?: QueryOptions,
): PairWithin[] {
  setUp(undefined, undefined, options);
  const list = gathered(shapes);
  let numbers: Float64Array;
  try {
    numbers = raw.pairsWithin(list.list, poses, separation);
  } finally {
    if (list !== shapes) {
      list.free();
    }
  }
  failedCall(numbers);
  const d = list.dimension ?? 2;
  const out: PairWithin[] = [];
  for (let at = 0; at < numbers.length; at += 15) {
    out.push({ i: numbers[at], j: numbers[at + 1], ...distanceAt(numbers, at + 2, d) });
  }
  return out;
}

export { Pose };
