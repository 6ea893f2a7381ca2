/**
 * The queries on a pair of shapes, and the ray cast on one. Poses may be omitted (`null` or
 * `undefined` is the identity). Each query throws a `GjkError` subclass on failure; one that
 * reaches its iteration cap throws `NoConvergenceError` with the best answer in `result`.
 * @module
 */
import * as raw from "./raw.js";
import { fail } from "./errors.js";
import { Pose } from "./pose.js";
import type { Shape, Vec } from "./shapes.js";

/** What a query may be told. */
export interface QueryOptions {
  /** Stop when the distance is known within this fraction of itself (default 1e-12). */
  relativeTolerance?: number;
  /** The most support points before giving up (default 128). */
  maxIterations?: number;
  /** A warm start for this pair (distance and intersect), updated by the query. */
  cache?: SimplexCache;
}

/** The distance query's answer. */
export interface DistanceResult {
  /**
   * The distance, rounded up: never below the exact distance; 0 only where the shapes are
   * proven to overlap or touch (see `toleranceCall`).
   */
  distance: number;
  /** A certified lower bound: lowerBound <= exact distance <= distance, rounding included. */
  lowerBound: number;
  intersecting: boolean;
  /**
   * Whether `intersecting` is a call within the touching tolerance rather than a proof:
   * intersecting with a distance above 0, or apart with a lower bound of 0.
   */
  toleranceCall: boolean;
  /** Support points evaluated. */
  iterations: number;
  /** The closest points of A and of B. */
  pointA: Vec;
  pointB: Vec;
  /** The unit normal from A towards B (zero when intersecting). */
  normal: Vec;
}

/** The penetration query's answer. */
export interface PenetrationResult {
  /** The distance when apart, minus the penetration depth when overlapping. */
  signedDistance: number;
  intersecting: boolean;
  iterations: number;
  pointA: Vec;
  pointB: Vec;
  /** The unit normal from A towards B (the direction to move B to separate them). */
  normal: Vec;
}

/** A contact point of a manifold. */
export interface ContactPoint {
  pointA: Vec;
  pointB: Vec;
  /** Signed: negative where the shapes overlap. */
  separation: number;
}

/** The contact manifold of two shapes. */
export interface ContactManifold {
  normal: Vec;
  points: ContactPoint[];
}

/** Where a ray first hits a shape. */
export interface RayHit {
  t: number;
  point: Vec;
  normal: Vec;
  iterations: number;
  /** The ray started inside the shape (t = 0). */
  startedInside: boolean;
}

/** The first contact of two moving shapes. */
export interface CastHit {
  t: number;
  pointA: Vec;
  pointB: Vec;
  normal: Vec;
  signedDistance: number;
  iterations: number;
}

/** A pair's warm start: the simplex its last query ended with. */
export class SimplexCache {
  readonly handle = new raw.SimplexCache();
  /** Forgets the simplex: the next query starts cold. */
  clear(): void {
    this.handle.clear();
  }
  /** Releases its memory now. */
  free(): void {
    this.handle.free();
  }
}

/** Writes the poses and options of a pair query to the block and returns it. */
export function setUp(
  poseA: Pose | null | undefined,
  poseB: Pose | null | undefined,
  options: QueryOptions | undefined,
): Float64Array {
  const io = raw.io();
  (poseA ?? Pose.identity).writeTo(io, raw.POSE_A);
  (poseB ?? Pose.identity).writeTo(io, raw.POSE_B);
  io[raw.OPTIONS] = options?.relativeTolerance ?? 1e-12;
  io[raw.OPTIONS + 1] = options?.maxIterations ?? 128;
  return io;
}

/** The `dimension` coordinates at `start` of the block. */
export function vec(io: ArrayLike<number>, start: number, dimension: number): Vec {
  return dimension === 2 ? [io[start], io[start + 1]] : [io[start], io[start + 1], io[start + 2]];
}

/** A distance result written at `start` of `io`. */
export function distanceAt(io: ArrayLike<number>, start: number, dimension: number): DistanceResult {
  return {
    distance: io[start],
    lowerBound: io[start + 1],
    intersecting: (io[start + 2] & 1) !== 0,
    toleranceCall: (io[start + 2] & 2) !== 0,
    iterations: io[start + 3],
    pointA: vec(io, start + 4, dimension),
    pointB: vec(io, start + 7, dimension),
    normal: vec(io, start + 10, dimension),
  };
}

/** A penetration result written at `start` of `io`. */
export function penetrationAt(
  io: ArrayLike<number>,
  start: number,
  dimension: number,
): PenetrationResult {
  return {
    signedDistance: io[start],
    intersecting: io[start + 1] !== 0,
    iterations: io[start + 2],
    pointA: vec(io, start + 3, dimension),
    pointB: vec(io, start + 6, dimension),
    normal: vec(io, start + 9, dimension),
  };
}

/** The distance between A and B: closest points, normal, certified lower bound. */
export function distance(
  a: Shape,
  b: Shape,
  poseA?: Pose | null,
  poseB?: Pose | null,
  options?: QueryOptions,
): DistanceResult {
  setUp(poseA, poseB, options);
  const cache = options?.cache;
  const status =
    cache === undefined
      ? raw.distance(a.handle, b.handle)
      : raw.distanceCached(a.handle, b.handle, cache.handle);
  const read = () => distanceAt(raw.io(), raw.OUT, a.dimension);
  if (status !== 0) {
    fail(status, read);
  }
  return read();
}

/** Whether A and B intersect (touching counts). */
export function intersect(
  a: Shape,
  b: Shape,
  poseA?: Pose | null,
  poseB?: Pose | null,
  options?: QueryOptions,
): boolean {
  setUp(poseA, poseB, options);
  const cache = options?.cache;
  const status =
    cache === undefined
      ? raw.intersect(a.handle, b.handle)
      : raw.intersectCached(a.handle, b.handle, cache.handle);
  if (status !== 0) {
    fail(status, () => distanceAt(raw.io(), raw.OUT + 1, a.dimension));
  }
  return raw.io()[raw.OUT] !== 0;
}

/** The signed distance, witness points and normal, overlapping or not (EPA). */
export function penetration(
  a: Shape,
  b: Shape,
  poseA?: Pose | null,
  poseB?: Pose | null,
  options?: QueryOptions,
): PenetrationResult {
  setUp(poseA, poseB, options);
  const status = raw.penetration(a.handle, b.handle);
  const read = () => penetrationAt(raw.io(), raw.OUT, a.dimension);
  if (status !== 0) {
    fail(status, read);
  }
  return read();
}

/** The distance when apart, minus the penetration depth when overlapping. */
export function signedDistance(
  a: Shape,
  b: Shape,
  poseA?: Pose | null,
  poseB?: Pose | null,
  options?: QueryOptions,
): number {
  return penetration(a, b, poseA, poseB, options).signedDistance;
}

/** The contact points of A and B closer than `margin` (2 in 2D, up to 4 in 3D). */
export function contactManifold(
  a: Shape,
  b: Shape,
  poseA?: Pose | null,
  poseB?: Pose | null,
  margin = 0,
): ContactManifold {
  const io = setUp(poseA, poseB, undefined);
  io[raw.ARGS] = margin;
  const status = raw.contactManifold(a.handle, b.handle);
  const read = (): ContactManifold => {
    const out = raw.io();
    const points: ContactPoint[] = [];
    for (let k = 0; k < out[raw.OUT]; k++) {
      const at = raw.OUT + 4 + 7 * k;
      points.push({
        pointA: vec(out, at, a.dimension),
        pointB: vec(out, at + 3, a.dimension),
        separation: out[at + 6],
      });
    }
    return { normal: vec(out, raw.OUT + 1, a.dimension), points };
  };
  if (status !== 0) {
    fail(status, read);
  }
  return read();
}

/** Writes a 2D or 3D vector as three numbers at `start`. */
function put(io: Float64Array, start: number, v: ArrayLike<number>): void {
  io[start] = v[0];
  io[start + 1] = v[1];
  io[start + 2] = v.length > 2 ? v[2] : 0;
}

/**
 * The first hit of the ray `origin + t direction`, 0 <= t <= maxT, on `shape` placed by
 * `pose`; `undefined` when it misses.
 */
export function rayCast(
  shape: Shape,
  pose: Pose | null | undefined,
  origin: Vec,
  direction: Vec,
  maxT = Infinity,
  options?: QueryOptions,
): RayHit | undefined {
  const io = setUp(pose, undefined, options);
  put(io, raw.ARGS, origin);
  put(io, raw.ARGS + 3, direction);
  io[raw.ARGS + 6] = maxT;
  const status = raw.rayCast(shape.handle);
  if (status !== 0) {
    fail(status, () => ({ t: raw.io()[raw.OUT + 1] }));
  }
  const out = raw.io();
  if (out[raw.OUT] === 0) {
    return undefined;
  }
  return {
    t: out[raw.OUT + 1],
    point: vec(out, raw.OUT + 2, shape.dimension),
    normal: vec(out, raw.OUT + 5, shape.dimension),
    iterations: out[raw.OUT + 8],
    startedInside: out[raw.OUT + 9] !== 0,
  };
}

/** What a shape cast may be told. */
export interface CastOptions extends QueryOptions {
  /** The end of the motion (default Infinity). */
  maxT?: number;
  /** Contact is when the shapes come this close (default 0). */
  targetSeparation?: number;
}

/**
 * The first time at which A (from `poseA`, moving by `velocityA` per unit of t) and B come
 * within the target separation; `undefined` when they do not before `maxT`.
 */
export function shapeCast(
  a: Shape,
  poseA: Pose | null | undefined,
  velocityA: Vec,
  b: Shape,
  poseB: Pose | null | undefined,
  velocityB: Vec,
  options?: CastOptions,
): CastHit | undefined {
  const io = setUp(poseA, poseB, options);
  put(io, raw.ARGS, velocityA);
  put(io, raw.ARGS + 3, velocityB);
  io[raw.ARGS + 6] = options?.maxT ?? Infinity;
  io[raw.ARGS + 7] = options?.targetSeparation ?? 0;
  const status = raw.shapeCast(a.handle, b.handle);
  if (status !== 0) {
    fail(status, () => ({ t: raw.io()[raw.OUT + 1] }));
  }
  const out = raw.io();
  if (out[raw.OUT] === 0) {
    return undefined;
  }
  return {
    t: out[raw.OUT + 1],
    pointA: vec(out, raw.OUT + 2, a.dimension),
    pointB: vec(out, raw.OUT + 5, a.dimension),
    normal: vec(out, raw.OUT + 8, a.dimension),
    signedDistance: out[raw.OUT + 11],
    iterations: out[raw.OUT + 12],
  };
}

/** The axis-aligned bounding box of `shape` placed by `pose`. */
export function aabb(shape: Shape, pose?: Pose | null): { min: Vec; max: Vec } {
  setUp(pose, undefined, undefined);
  const status = shape.handle.aabb();
  if (status !== 0) {
    fail(status);
  }
  const out = raw.io();
  return { min: vec(out, raw.OUT, shape.dimension), max: vec(out, raw.OUT + 3, shape.dimension) };
}
