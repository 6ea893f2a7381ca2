/**
 * Shapes: each class makes one kind of the library's shapes, placed by a `Pose` at query
 * time. A shape holds memory in the WebAssembly module: `free()` releases it at once, and a
 * shape that is no longer referenced is released by the garbage collector's
 * FinalizationRegistry as a safety net.
 * @module
 */
import * as raw from "./raw.js";
import { GjkError, SupportFunctionError, translate } from "./errors.js";

/** A point or vector: [x, y] in 2D, [x, y, z] in 3D. */
export type Vec = number[];

/** Points as [[x, y], ...] / [[x, y, z], ...], or flat (x0, y0, x1, y1, ...). */
export type Points = ArrayLike<ArrayLike<number>> | Float64Array | Float32Array | number[];

/** Makes a module shape, turning its error into the package's class. */
function made(make: () => raw.Shape): raw.Shape {
  try {
    return make();
  } catch (error) {
    throw translate(error);
  }
}

/** `points` flattened, each point checked to have `dimension` coordinates. */
function flat(points: Points, dimension: number): Float64Array {
  if (points instanceof Float64Array) {
    return points;
  }
  if (points instanceof Float32Array) {
    return Float64Array.from(points);
  }
  const list = Array.from(points as ArrayLike<ArrayLike<number> | number>);
  if (list.every((p) => typeof p === "number")) {
    return Float64Array.from(list as number[]);
  }
  const out = new Float64Array(list.length * dimension);
  list.forEach((p, k) => {
    const point = p as ArrayLike<number>;
    if (typeof point !== "object" || point.length !== dimension) {
      throw new GjkError(`points[${k}] is not a point of ${dimension} coordinates`);
    }
    for (let i = 0; i < dimension; i++) {
      out[k * dimension + i] = point[i];
    }
  });
  return out;
}

/** Any shape of the library. */
export class Shape {
  /** The module's shape. */
  readonly handle: raw.Shape;
  /** 2 or 3. */
  readonly dimension: 2 | 3;

  protected constructor(handle: raw.Shape) {
    this.handle = handle;
    this.dimension = handle.dimension as 2 | 3;
  }

  /** Releases the shape's memory now; the shape must not be used afterwards. */
  free(): void {
    this.handle.free();
  }

  /** This shape grown by `radius` (a new shape). */
  rounded(radius: number): Rounded {
    return new Rounded(this, radius);
  }
}

/** A convex polygon: the convex hull of 2D points, in any order. */
export class Polygon extends Shape {
  constructor(points: Points) {
    super(made(() => raw.Shape.polygon(flat(points, 2))));
  }
}

/** A convex polytope: the convex hull of 3D points, in any order. */
export class Polytope extends Shape {
  constructor(points: Points) {
    super(made(() => raw.Shape.polytope(flat(points, 3))));
  }
}

/** A circle about the origin. */
export class Circle extends Shape {
  constructor(readonly radius: number) {
    super(made(() => raw.Shape.circle(radius)));
  }
}

/** A sphere about the origin. */
export class Sphere extends Shape {
  constructor(readonly radius: number) {
    super(made(() => raw.Shape.sphere(radius)));
  }
}

/** An axis-aligned ellipse about the origin, by its half axes. */
export class Ellipse extends Shape {
  constructor(readonly halfX: number, readonly halfY: number) {
    super(made(() => raw.Shape.ellipse(halfX, halfY)));
  }
}

/** An axis-aligned ellipsoid about the origin, by its half axes. */
export class Ellipsoid extends Shape {
  constructor(readonly halfX: number, readonly halfY: number, readonly halfZ: number) {
    super(made(() => raw.Shape.ellipsoid(halfX, halfY, halfZ)));
  }
}

/** An axis-aligned rectangle about the origin, by its half extents. */
export class Rectangle extends Shape {
  constructor(readonly halfX: number, readonly halfY: number) {
    super(made(() => raw.Shape.rectangle(halfX, halfY)));
  }
}

/** An axis-aligned box about the origin, by its half extents. */
export class Box extends Shape {
  constructor(readonly halfX: number, readonly halfY: number, readonly halfZ: number) {
    super(made(() => raw.Shape.box(halfX, halfY, halfZ)));
  }
}

/** A stadium: the segment from (-halfLength, 0) to (halfLength, 0) grown by `radius`. */
export class Stadium extends Shape {
  constructor(readonly halfLength: number, readonly radius: number) {
    super(made(() => raw.Shape.stadium(halfLength, radius)));
  }
}

/** A capsule: the segment from z = -halfLength to z = halfLength grown by `radius`. */
export class Capsule extends Shape {
  constructor(readonly halfLength: number, readonly radius: number) {
    super(made(() => raw.Shape.capsule(halfLength, radius)));
  }
}

/** A cylinder along z, from z = -halfHeight to halfHeight. */
export class Cylinder extends Shape {
  constructor(readonly halfHeight: number, readonly radius: number) {
    super(made(() => raw.Shape.cylinder(halfHeight, radius)));
  }
}

/** A cone along z: its base the disc of `radius` at z = -halfHeight, its apex at halfHeight. */
export class Cone extends Shape {
  constructor(readonly halfHeight: number, readonly radius: number) {
    super(made(() => raw.Shape.cone(halfHeight, radius)));
  }
}

/** The segment from `a` to `b` (2D or 3D). */
export class Segment extends Shape {
  constructor(readonly a: Vec, readonly b: Vec) {
    super(
      made(() => {
        if (a.length === 2 && b.length === 2) {
          return raw.Shape.segment2d(a[0], a[1], b[0], b[1]);
        }
        if (a.length === 3 && b.length === 3) {
          return raw.Shape.segment3d(a[0], a[1], a[2], b[0], b[1], b[2]);
        }
        throw new GjkError("a segment's ends are two points of 2 or of 3 coordinates");
      }),
    );
  }
}

/** A single point (2D or 3D). */
export class Point extends Shape {
  constructor(readonly position: Vec) {
    super(
      made(() => {
        const p = position;
        if (p.length === 2) {
          return raw.Shape.point2d(p[0], p[1]);
        }
        if (p.length === 3) {
          return raw.Shape.point3d(p[0], p[1], p[2]);
        }
        throw new GjkError("a point has 2 or 3 coordinates");
      }),
    );
  }
}

/** Another shape grown by a radius (its corners rounded). */
export class Rounded extends Shape {
  constructor(readonly shape: Shape, readonly radius: number) {
    super(made(() => shape.handle.rounded(radius)));
  }
}

/**
 * The support function of a convex shape: its point farthest along `direction` (not
 * necessarily unit), in the shape's own frame.
 */
export type SupportFunction = (direction: Vec) => ArrayLike<number>;

/**
 * A convex shape given by a JavaScript support function, called from the library's searches.
 * It is probed along the axes when made; later answers outside what the probes found, or an
 * exception, fail the query with a `SupportFunctionError` (its `cause` the exception).
 */
export class SupportShape extends Shape {
  constructor(readonly dimensionOf: 2 | 3, readonly support: SupportFunction) {
    const adapter = (x: number, y: number, z: number): void => {
      const p = support(dimensionOf === 2 ? [x, y] : [x, y, z]);
      const io = raw.io();
      io[raw.SUPPORT] = p[0];
      io[raw.SUPPORT + 1] = p[1];
      io[raw.SUPPORT + 2] = dimensionOf === 3 ? p[2] : 0;
    };
    super(
      made(() => {
        try {
          return raw.Shape.support(dimensionOf, adapter);
        } catch (error) {
          if (error instanceof Error && error.name === "SupportFunctionError") {
            const cause: unknown = raw.takeSupportError();
            const why = cause instanceof Error ? `: ${cause.message}` : "";
            throw new SupportFunctionError(`${error.message}${why}`, { cause });
          }
          throw error;
        }
      }),
    );
  }
}
