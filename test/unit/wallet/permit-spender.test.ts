/**
 * Who may take a permit's deposit: the caller's `permitSpender`, else the intent's entrypoint;
 * anything that is not an address, or not one of the origin chain's `trustedContracts` when the
 * caller pins them, is refused naming the permit spender before anything is signed.
 */
import { describe, expect, it } from "vitest";
import { isServiceError } from "../../../src/index.js";
import { checkedSpender, type PermitOptions } from "../../../src/wallet/permit-path.js";
import type { Prepared } from "../../../src/wallet/preflight.js";
import { sampleIntent } from "../../kit/client/samples.js";
import { usdcRequest } from "../../kit/quote-request.js";

const request = usdcRequest({});
const intent = sampleIntent("i-1", request, Date.parse("2026-01-01T00:00:00Z"));
const entrypoint = intent.serviceContracts.serviceIntentEntrypointAddress;
const chainId = request.originChainId;
// The spender check reads the origin chain of the prepared deposit, nothing else of it.
const p = { d: { chainId } } as Prepared;
const options = (o: Partial<PermitOptions>): PermitOptions =>
  ({ intent, feeOption: undefined, ...o }) as PermitOptions;

/** The field a refusal names (`undefined`: accepted). */
const refused = (o: Partial<PermitOptions>): string | undefined => {
  try {
    checkedSpender(p, options(o));
    return undefined;
  } catch (e) {
    if (!isServiceError(e, "DepositMismatch")) throw e;
    return e.field;
  }
};

describe("the permit spender", () => {
  it("defaults to the intent's entrypoint, as a lowercase address", () => {
    expect(checkedSpender(p, options({}))).toBe(entrypoint.toLowerCase());
  });

  it("refuses what is not a 20-byte hex address, the caller's or the service's", () => {
    expect(refused({ permitSpender: "0x1234" })).toBe("permit spender");
    expect(refused({ permitSpender: `0x${"g".repeat(40)}` })).toBe("permit spender");
    const odd = { ...intent, serviceContracts: { ...intent.serviceContracts } };
    (
      odd.serviceContracts as { serviceIntentEntrypointAddress: unknown }
    ).serviceIntentEntrypointAddress = 7;
    expect(refused({ intent: odd })).toBe("permit spender");
  });

  it("with pinned contracts: one of the origin chain's list passes in any case, another is refused", () => {
    const upper = `0x${entrypoint.slice(2).toUpperCase()}`;
    expect(refused({ trustedContracts: { [chainId]: [upper] } })).toBeUndefined();
    const other = "0x9999999999999999999999999999999999999999";
    expect(refused({ trustedContracts: { [chainId]: [other] } })).toBe("permit spender");
    // Another chain's list does not pin this one.
    expect(refused({ trustedContracts: { [chainId + 1]: [other] } })).toBeUndefined();
  });
});
