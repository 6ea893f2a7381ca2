/**
 * The distance search step by step: every support point, the simplex after it, and the
 * bounds, for plotting or teaching (the demo page draws it).
 * @module
 */
import * as raw from "./raw.js";
import { fail } from "./errors.js";
import { Pose } from "./pose.js";
import { DistanceResult, QueryOptions, distanceAt, setUp, vec } from "./queries.js";
import type { Shape, Vec } from "./shapes.js";

/** What the search made of a support point (src/gjk: StepOutcome). */
export const OUTCOMES = ["started", "added", "repeated", "gapClosed", "noProgress"] as const;

/** A vertex of the simplex: its point of A - B, the points of A and B, and its weight. */
export interface SimplexVertex {
  w: Vec;
  a: Vec;
  b: Vec;
  weight: number;
}

/** One support point of the search. */
export interface TraceStep {
  iteration: number;
  outcome: (typeof OUTCOMES)[number];
  direction: Vec;
  supportA: Vec;
  supportB: Vec;
  supportW: Vec;
  /** The simplex's point closest to the origin after the step. */
  closest: Vec;
  lowerBound: number;
  upperBound: number;
  simplex: SimplexVertex[];
}

/** The steps of a distance search and its result. */
export interface Trace {
  result: DistanceResult;
  steps: TraceStep[];
}

/** The numbers of one step (src/queries.rs: TRACE_STRIDE). */
const STRIDE = 60;

/** The distance between A and B with every step of the search. */
export function distanceTrace(
  a: Shape,
  b: Shape,
  poseA?: Pose | null,
  poseB?: Pose | null,
  options?: QueryOptions,
): Trace {
  setUp(poseA, poseB, options);
  const numbers = raw.distanceTrace(a.handle, b.handle);
  const d = a.dimension;
  const steps: TraceStep[] = [];
  for (let at = 0; at + STRIDE < numbers.length; at += STRIDE) {
    const simplex: SimplexVertex[] = [];
    for (let k = 0; k < numbers[at + 19]; k++) {
      const v = at + 20 + 10 * k;
      simplex.push({
        w: vec(numbers, v, d),
        a: vec(numbers, v + 3, d),
        b: vec(numbers, v + 6, d),
        weight: numbers[v + 9],
      });
    }
    steps.push({
      iteration: numbers[at],
      outcome: OUTCOMES[numbers[at + 1]],
      direction: vec(numbers, at + 2, d),
      supportA: vec(numbers, at + 5, d),
      supportB: vec(numbers, at + 8, d),
      supportW: vec(numbers, at + 11, d),
      closest: vec(numbers, at + 14, d),
      lowerBound: numbers[at + 17],
      upperBound: numbers[at + 18],
      simplex,
    });
  }
  const result = distanceAt(raw.io(), raw.OUT, d);
  const status = numbers[numbers.length - 1];
  if (status !== 0) {
    fail(status, () => ({ result, steps }));
  }
  return { result, steps };
}
