import { expect } from "vitest";
import { isServiceError, type ServiceError } from "../../../src/index.js";

/** The `ServiceError` a call rejects with (fails the test when it resolves). */
export async function failure(p: Promise<unknown>): Promise<ServiceError> {
  try {
    await p;
  } catch (e) {
    expect(isServiceError(e)).toBe(true);
    return e as ServiceError;
  }
  throw new Error("expected a failure");
}
