/**
 * `serviceAddressOverrides`: each of the five wallet addresses shows in the quote where the dev
 * server documents it, beyond the salt (which every member of the request changes).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuoteIntentResponse, ServiceAddressOverrides } from "../../../generated/types.js";
import { walletInitCodeHash } from "../../../src/devserver/core/create2.js";
import { keccak, toHex } from "../../../src/devserver/core/hex.js";
import { checksumAddress, create2Address } from "../../../src/devserver/core/index.js";
import type { DevServer } from "../../../src/devserver/index.js";
import { deploymentFor } from "../../../src/devserver/market/service-contracts.js";
import { call, quote, start, usdcRequest } from "../../kit/devserver/helpers.js";

let srv: DevServer;
beforeAll(async () => {
  ({ srv } = await start());
});
afterAll(() => srv.close());

const d = deploymentFor("v1_5", {});
const SELECTOR = toHex(keccak("requireMinBalance(address,address,uint256)").slice(0, 4));
const custom = checksumAddress(`0x${"5a".repeat(20)}`);
const withOverride = (o: ServiceAddressOverrides) =>
  quote(srv, usdcRequest({ options: { serviceAddressOverrides: o } }));
/** The origin intent address of `r` had the default wallet contracts been used with its salt. */
const byDefault = (r: QuoteIntentResponse) =>
  create2Address(d.walletFactory, r.intent.salt, d.initCodeHash);

describe("serviceAddressOverrides", () => {
  it("uses the defaults without overrides", async () => {
    const r = await quote(srv);
    expect(r.intent.originIntentAddress).toBe(byDefault(r));
    expect(r.intent.originMetaTxn.contract).toBe(d.walletGuestModule);
    expect(r.intent.originCalls.calls[0]?.to).toBe(d.walletUtils);
  });

  it("coreWalletFactoryAddress is the CREATE2 deployer", async () => {
    const r = await withOverride({ coreWalletFactoryAddress: custom.toLowerCase() });
    expect(r.intent.originIntentAddress).toBe(
      create2Address(custom, r.intent.salt, d.initCodeHash),
    );
    expect(r.intent.originIntentAddress).not.toBe(byDefault(r));
  });

  it("coreWalletMainModuleAddress and the upgradable module fix the init code hash", async () => {
    const main = await withOverride({ coreWalletMainModuleAddress: custom });
    const mainHash = walletInitCodeHash(custom, d.walletMainModuleUpgradable);
    expect(main.intent.originIntentAddress).toBe(
      create2Address(d.walletFactory, main.intent.salt, mainHash),
    );
    expect(main.intent.originIntentAddress).not.toBe(byDefault(main));
    const upgradable = await withOverride({ coreWalletMainModuleUpgradableAddress: custom });
    const upgradableHash = walletInitCodeHash(d.walletMainModule, custom);
    expect(upgradable.intent.originIntentAddress).toBe(
      create2Address(d.walletFactory, upgradable.intent.salt, upgradableHash),
    );
    expect(upgradable.intent.originIntentAddress).not.toBe(byDefault(upgradable));
  });

  it("coreWalletGuestModuleAddress receives both meta-transactions", async () => {
    const { intent } = await withOverride({ coreWalletGuestModuleAddress: custom });
    expect(intent.originMetaTxn.contract).toBe(custom);
    expect(intent.destinationMetaTxn?.contract).toBe(custom);
    expect(intent.originIntentAddress).toBe(
      create2Address(d.walletFactory, intent.salt, d.initCodeHash),
    );
  });

  it("coreWalletUtilsAddress checks each batch's precondition first", async () => {
    const { intent } = await withOverride({ coreWalletUtilsAddress: custom });
    const [origin, destination] = [intent.originCalls.calls[0], intent.destinationCalls?.calls[0]];
    expect(origin?.to).toBe(custom);
    expect(destination?.to).toBe(custom);
    const word = (a: string) => a.slice(2).toLowerCase().padStart(64, "0");
    const minimum = intent.originPrecondition.minAmount.toString(16).padStart(64, "0");
    expect(origin?.data).toBe(
      `${SELECTOR}${word(intent.originPrecondition.tokenAddress)}${word(intent.originIntentAddress)}${minimum}`,
    );
    expect(destination?.data).toContain(word(intent.destinationIntentAddress ?? ""));
  });

  it("refuses an invalid address in any of them, naming its path", async () => {
    const names = [
      "coreWalletFactoryAddress",
      "coreWalletMainModuleAddress",
      "coreWalletMainModuleUpgradableAddress",
      "coreWalletGuestModuleAddress",
      "coreWalletUtilsAddress",
    ];
    for (const name of names) {
      // A malformed one and an empty one fail the request's Address pattern (never empty).
      const cases = [
        ["0x1234", 'must match pattern "^0x[0-9a-fA-F]{40}$"'],
        ["", 'must match pattern "^0x[0-9a-fA-F]{40}$"'],
      ];
      for (const [value, why] of cases) {
        const options = { serviceAddressOverrides: { [name]: value } };
        const a = await call(srv, "QuoteIntent", usdcRequest({ options }));
        expect(a.status, name).toBe(400);
        expect(a.body, name).toMatchObject({ error: "InvalidArgument", code: 2000 });
        expect(a.body.cause).toBe(`/options/serviceAddressOverrides/${name}: ${why}`);
      }
    }
  });
});
