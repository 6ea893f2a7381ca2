/**
 * Poses: where a shape is placed at query time, as the C library takes them (a position and
 * a unit quaternion), so that the answers are the native library's to the bit.
 * @module
 */

/** A rigid placement: a position and a unit quaternion (x, y, z, w). */
export class Pose {
  /** Position x, y, z (2D shapes use x and y). */
  readonly position: readonly [number, number, number];
  /** Unit quaternion x, y, z, w (2D shapes rotate about z alone). */
  readonly rotation: readonly [number, number, number, number];

  /** A pose from a position (2 or 3 numbers) and a unit quaternion (x, y, z, w). */
  constructor(position: ArrayLike<number> = [0, 0, 0], rotation: ArrayLike<number> = [0, 0, 0, 1]) {
    this.position = [position[0] ?? 0, position[1] ?? 0, position.length > 2 ? position[2] : 0];
    this.rotation = [rotation[0], rotation[1], rotation[2], rotation[3]];
  }

  /** A 2D pose: position (x, y) and a counter-clockwise angle in radians. */
  static at(x: number, y: number, angle = 0): Pose {
    return new Pose([x, y, 0], [0, 0, Math.sin(0.5 * angle), Math.cos(0.5 * angle)]);
  }

  /** The identity: no translation, no rotation. */
  static readonly identity = new Pose();

  /** Writes the seven numbers at `start` of `out`. */
  writeTo(out: Float64Array, start: number): void {
    const [x, y, z] = this.position;
    const [qx, qy, qz, qw] = this.rotation;
    out[start] = x;
    out[start + 1] = y;
    out[start + 2] = z;
    out[start + 3] = qx;
    out[start + 4] = qy;
    out[start + 5] = qz;
    out[start + 6] = qw;
  }
}

/** Poses as the batches take them: seven numbers a pose, one after another. */
export function poses(list: ArrayLike<Pose | null | undefined>): Float64Array {
  const out = new Float64Array(7 * list.length);
  for (let k = 0; k < list.length; k++) {
    (list[k] ?? Pose.identity).writeTo(out, 7 * k);
  }
  return out;
}
