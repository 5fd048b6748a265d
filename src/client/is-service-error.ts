/**
 * The one error guard: `isServiceError(e)` for any SDK error, `isServiceError(e, "QuoteExpired")`
 * narrowed to one error by its wire name. It checks shape, wire name and code rather than
 * `instanceof`, so it also recognises errors from another realm (an iframe, a worker) or another
 * copy of the SDK. The classes stay for `instanceof` within one copy.
 */
import { ERROR_CODES } from "../../generated/error-codes.js";
import type { SchemaErrorName, SchemaErrorTypes } from "../../generated/errors.js";
import { CLIENT_ERRORS } from "../errors/client-codes.js";
import { hasServiceErrorShape, type ServiceError } from "../errors/service-error.js";
import type { WalletErrorName, WalletErrorTypes } from "../errors/wallet-errors.js";
import type { ClientErrorName, ClientErrorTypes } from "./client-errors.js";

/**
 * Every wire name `isServiceError` narrows by: the schema's errors, the client's own, and the
 * wallet step's (`xchain-intents/viem`).
 */
export type ServiceErrorName = SchemaErrorName | ClientErrorName | WalletErrorName;

/** The error type of each wire name. */
export interface ServiceErrorTypes extends SchemaErrorTypes, ClientErrorTypes, WalletErrorTypes {}

/**
 * Whether `value` is an error of the SDK; with `name`, whether it is that error (same wire name
 * and the code the schema gives it). A subclass counts as its parent's name:
 * `RequestValidationError` is an `InvalidArgument`, `ResponseTooLargeError` a `WebrpcBadResponse`.
 * A name the SDK does not know (a newer server's error) is compared by wire name alone.
 *
 * @example
 * try { await client.commitIntent({ intent }) }
 * catch (e) {
 *   if (isServiceError(e, "QuoteExpired")) return requote();
 *   if (isServiceError(e)) console.error(e.code, e.message);
 * }
 */
export function isServiceError(value: unknown): value is ServiceError;
export function isServiceError<Name extends ServiceErrorName>(
  value: unknown,
  name: Name,
): value is ServiceErrorTypes[Name];
export function isServiceError(value: unknown, name?: string): boolean {
  if (!hasServiceErrorShape(value)) return false;
  if (name === undefined) return true;
  if (value.error !== name) return false;
  const code = codeOf(name);
  return code === undefined || value.code === code;
}

/** The code of `name` in the schema's or the client's table; the wallet's are not in this entry. */
function codeOf(name: string): number | undefined {
  if (Object.hasOwn(ERROR_CODES, name)) return ERROR_CODES[name as SchemaErrorName];
  if (Object.hasOwn(CLIENT_ERRORS, name)) return CLIENT_ERRORS[name as ClientErrorName].code;
  return undefined;
}
