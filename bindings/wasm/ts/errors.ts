/**
 * The errors the package throws: every failure is a `GjkError` carrying the library's
 * message; the subclasses say what kind.
 * @module
 */
import { lastError, takeSupportError } from "./raw.js";

/** Any failure of the library. */
export class GjkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** An argument was refused: the message names it. */
export class InvalidArgumentError extends GjkError {}

/** A query was given a 2D and a 3D shape. */
export class DimensionMismatchError extends GjkError {}

/** A JavaScript support function threw (the exception is the `cause`) or answered wrongly. */
export class SupportFunctionError extends GjkError {}

/**
 * The query reached its iteration cap. `result` holds the best answer found (for a cast, no
 * contact is known before `result.t`).
 */
export class NoConvergenceError<R = unknown> extends GjkError {
  readonly result: R;
  constructor(message: string, result: R) {
    super(message);
    this.result = result;
  }
}

/** The statuses of the module (src/status.rs). */
export const Status = {
  Ok: 0,
  InvalidArgument: 2,
  DimensionMismatch: 3,
  NoConvergence: 4,
  SupportFunction: 6,
} as const;

/**
 * Throws the error of a failed call's `status` with the module's message; `best` reads the
 * best answer of a query that did not converge.
 */
export function fail(status: number, best?: () => unknown): never {
  const message = lastError();
  switch (status) {
    case Status.InvalidArgument:
      throw new InvalidArgumentError(message);
    case Status.DimensionMismatch:
      throw new DimensionMismatchError(message);
    case Status.NoConvergence:
      throw new NoConvergenceError(message, best?.());
    case Status.SupportFunction: {
      const cause: unknown = takeSupportError();
      const why = cause instanceof Error ? `: ${cause.message}` : "";
      throw new SupportFunctionError(`${message}${why}`, { cause });
    }
    default:
      throw new GjkError(message);
  }
}

/** Turns an `Error` thrown by the module (a constructor's) into its class. */
export function translate(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof GjkError) {
    return error;
  }
  switch (error.name) {
    case "InvalidArgumentError":
      return new InvalidArgumentError(error.message);
    case "DimensionMismatchError":
      return new DimensionMismatchError(error.message);
    case "SupportFunctionError":
      return new SupportFunctionError(error.message);
    default:
      return error;
  }
}
