/**
 * `IntentMismatchError`: what the service answered does not answer what the caller asked (a quote
 * for another token, owner or amount; a commit naming another intent). Raised before anything is
 * committed or signed.
 */
import { CLIENT_ERRORS } from "../errors/client-codes.js";
import { defineError } from "../errors/define-error.js";
import type { ServiceErrorOptions } from "../errors/service-error.js";

const MISMATCH = CLIENT_ERRORS.IntentMismatch;

/**
 * The service's answer does not answer the request: `field` names what differs (`quote.fromAmount`,
 * `intentId`), `expected` what the request implies, `found` what the service said. Nothing was
 * committed (from `quoteAndCommit`) or signed (from `executeWithWallet`).
 *
 * @example
 * try { await client.quoteAndCommit(request) }
 * catch (e) { if (isServiceError(e, "IntentMismatch")) console.error(e.field, e.found) }
 */
export class IntentMismatchError extends defineError(MISMATCH) {
  /** The field of the answer that differs. */
  readonly field: string;
  /** What the request implies. */
  readonly expected: string;
  /** What the service said. */
  readonly found: string;
  constructor(field: string, expected: string, found: string, options: ServiceErrorOptions = {}) {
    super({
      message: `the service's answer does not match the request: ${field} is ${found}, expected ${expected}`,
      ...options,
    });
    this.field = field;
    this.expected = expected;
    this.found = found;
  }
  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), field: this.field, expected: this.expected, found: this.found };
  }
}
