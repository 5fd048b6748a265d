/**
 * The fields every error of this package carries, whatever realm or copy of the package made it:
 * a numeric `code`, a wire name `error` and an HTTP `status`. Kept apart from `ServiceError` so
 * that the wallet entry, which imports that class from the errors entry, checks the same fields
 * with no import of its own.
 */

/** Whether `value` carries the fields of this package's errors (see the header). */
export function hasErrorFields(
  value: unknown,
): value is { code: number; error: string; status: number } {
  const v = value as { code?: unknown; error?: unknown; status?: unknown } | null | undefined;
  return typeof v?.code === "number" && typeof v.error === "string" && typeof v.status === "number";
}
