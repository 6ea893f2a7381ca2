/**
 * The names of the TypeScript GJK tutorial (`Vector`, `IShape` with
 * `FarthestPointInDirection`, `Polygon`, `Circle`, `Collision`, `support`, `Calculate`), so
 * that a program written from it switches to the library by changing its import. `Calculate`
 * runs the library's GJK: on its own `Polygon` and `Circle` through their native shapes, on
 * any other `IShape` through its `FarthestPointInDirection`, called from WebAssembly.
 * @module
 */
import { Circle as NativeCircle, Polygon as NativePolygon, Shape, SupportShape } from "./shapes.js";
import { Pose } from "./pose.js";
import { intersect } from "./queries.js";

/** A 2D vector; every operation makes a new one. */
export class Vector {
  constructor(
    public x: number,
    public y: number,
  ) {}

  public Add(vector: Vector): Vector {
    return new Vector(this.x + vector.x, this.y + vector.y);
  }

  public Sub(vector: Vector): Vector {
    return new Vector(this.x - vector.x, this.y - vector.y);
  }

  public Dot(vector: Vector): number {
    return this.x * vector.x + this.y * vector.y;
  }

  public Invert(): Vector {
    return new Vector(-this.x, -this.y);
  }
}

/** What a shape implements to be used with GJK: its farthest point along a direction. */
export interface IShape {
  FarthestPointInDirection(direction: Vector): Vector;
}

/** Two shapes found colliding. */
export class Collision {
  constructor(
    public a: IShape,
    public b: IShape,
  ) {}
}

/** A convex polygon by its points (any order). */
export class Polygon implements IShape {
  /** The native shape of the points it was last made from. */
  private native?: { key: string; shape: NativePolygon };

  constructor(public points: Vector[]) {}

  public FarthestPointInDirection(direction: Vector): Vector {
    let farthestDistance = -Infinity;
    let farthestPoint = new Vector(0, 0);
    for (const point of this.points) {
      const along = point.Dot(direction);
      if (along > farthestDistance) {
        farthestPoint = point;
        farthestDistance = along;
      }
    }
    return farthestPoint;
  }

  /** The rectangle centred on `position`. */
  public static Rectangle(position: Vector, width: number, height: number): Polygon {
    const [w, h] = [width / 2, height / 2];
    return new Polygon([
      new Vector(position.x - w, position.y + h),
      new Vector(position.x + w, position.y + h),
      new Vector(position.x + w, position.y - h),
      new Vector(position.x - w, position.y - h),
    ]);
  }

  /** The library's polygon of the current points (made again when they have changed). */
  nativeShape(): Shape {
    const coords = this.points.flatMap((p) => [p.x, p.y]);
    const key = coords.join(",");
    if (this.native?.key !== key) {
      this.native?.shape.free();
      this.native = { key, shape: new NativePolygon(coords) };
    }
    return this.native.shape;
  }
}

/** A circle by its centre and radius. */
export class Circle implements IShape {
  private native?: { radius: number; shape: NativeCircle };

  constructor(
    public center: Vector,
    public radius: number,
  ) {}

  public FarthestPointInDirection(direction: Vector): Vector {
    const length = Math.hypot(direction.x, direction.y);
    if (length === 0) {
      return this.center;
    }
    const k = this.radius / length;
    return new Vector(this.center.x + direction.x * k, this.center.y + direction.y * k);
  }

  /** The library's circle of the current radius (placed at the centre by its pose). */
  nativeShape(): Shape {
    if (this.native?.radius !== this.radius) {
      this.native?.shape.free();
      this.native = { radius: this.radius, shape: new NativeCircle(this.radius) };
    }
    return this.native.shape;
  }
}

/** A point of the Minkowski difference A - B: A's farthest along `direction` less B's against it. */
export function support(a: IShape, b: IShape, direction: Vector): Vector {
  return a.FarthestPointInDirection(direction).Sub(b.FarthestPointInDirection(direction.Invert()));
}

/** An `IShape` as the library's shape and its pose, and whether it was made for this call. */
function placed(shape: IShape): { shape: Shape; pose: Pose | null; temporary: boolean } {
  if (shape instanceof Polygon) {
    return { shape: shape.nativeShape(), pose: null, temporary: false };
  }
  if (shape instanceof Circle) {
    const pose = Pose.at(shape.center.x, shape.center.y);
    return { shape: shape.nativeShape(), pose, temporary: false };
  }
  // Any other shape through its own support function, made anew for each call: the shape may
  // have moved since the last.
  const native = new SupportShape(2, ([x, y]) => {
    const p = shape.FarthestPointInDirection(new Vector(x, y));
    return [p.x, p.y];
  });
  return { shape: native, pose: null, temporary: true };
}

/**
 * Whether `a` and `b` intersect (touching counts): a `Collision` if they do, `undefined` if
 * not.
 */
export function Calculate(a: IShape, b: IShape): Collision | undefined {
  const [pa, pb] = [placed(a), placed(b)];
  try {
    return intersect(pa.shape, pb.shape, pa.pose, pb.pose) ? new Collision(a, b) : undefined;
  } finally {
    for (const p of [pa, pb]) {
      if (p.temporary) {
        p.shape.free();
      }
    }
  }
}
