/**
 * gjk: convex collision detection in 2D and 3D (the Gilbert–Johnson–Keerthi algorithm),
 * compiled to WebAssembly from the gjk library, for Node 18+ and browsers.
 *
 * ```ts
 * import { Polygon, Circle, Pose, distance, intersect } from "gjk-wasm";
 * const square = new Polygon([[0, 0], [3, 0], [3, 3], [0, 3]]);
 * const disc = new Circle(1);
 * distance(square, disc, null, Pose.at(6, 1.5)).distance; // 2
 * intersect(square, disc, null, Pose.at(3.5, 1.5)); // true
 * ```
 *
 * Shapes (`Polygon`, `Polytope`, `Circle`, `Sphere`, `Ellipse`, `Ellipsoid`, `Rectangle`,
 * `Box`, `Stadium`, `Capsule`, `Cylinder`, `Cone`, `Segment`, `Point`, `Rounded`, and
 * `SupportShape` for a JavaScript support function) are placed by a `Pose` at query time.
 * Queries: `distance`, `intersect` (warm-started with a `SimplexCache`), `penetration`,
 * `signedDistance`, `contactManifold`, `rayCast`, `shapeCast`, `aabb`, `distanceTrace`; on
 * many pairs, `distanceBatch`, `intersectBatch`, `penetrationBatch` and `pairsWithin`.
 * Failures throw `GjkError` subclasses with the library's message.
 *
 * The tutorial's names (`Vector`, `IShape`, `Polygon`, `Circle`, `support`, `Calculate`) are
 * in `gjk-wasm/tutorial`.
 * @module
 */
export * from "./shapes.js";
export * from "./pose.js";
export * from "./queries.js";
export * from "./trace.js";
export * from "./batch.js";
export {
  GjkError,
  InvalidArgumentError,
  DimensionMismatchError,
  NoConvergenceError,
  SupportFunctionError,
} from "./errors.js";
