/**
 * The answer to a thrown error: a schema error becomes its webrpc error body; an injected
 * connection reset is passed on (the listener drops the connection); anything else is a bug,
 * answered with `WebrpcServerPanic` and counted.
 */
import { WebrpcServerPanicError } from "../../../generated/errors.js";
import { hasServiceErrorShape } from "../../errors/service-error.js";
import { type DevServerStats, listedIssues } from "../core/index.js";
import { isConnectionReset } from "../faults/index.js";
import { errorResponse } from "../wire/index.js";

/** The response for error `e` (rethrows an injected connection reset). */
export function answerError(e: unknown, headers: Headers, stats: DevServerStats): Response {
  if (isConnectionReset(e)) throw e;
  if (hasServiceErrorShape(e)) {
    const cause = typeof e.cause === "string" ? e.cause : undefined;
    const definition = {
      name: e.name,
      error: e.error,
      code: e.code,
      status: e.status,
      message: e.message,
    };
    const issues = listedIssues(e);
    return errorResponse(
      {
        definition,
        ...(cause === undefined ? {} : { cause }),
        ...(issues === undefined ? {} : { issues }),
      },
      headers,
    );
  }
  stats.panics += 1;
  const cause = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return errorResponse(
    { definition: WebrpcServerPanicError.definition, cause: cause.slice(0, 500) },
    headers,
  );
}
