/**
 * Request validation reports every problem: wrong types and missing members, each by its JSON
 * pointer, in the error's cause and as a list (`issues`), capped at `MAX_LISTED_ISSUES`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { call, start, usdcRequest } from "../../kit/devserver/helpers.js";

let srv: DevServer;
beforeAll(async () => {
  ({ srv } = await start());
});
afterAll(() => srv.close());

interface Issue {
  path: string;
  message: string;
}

describe("request validation", () => {
  it("names every wrong type and every missing field", async () => {
    const a = await call(
      srv,
      "QuoteIntent",
      JSON.stringify({ ownerAddress: 5, originChainId: "one" }),
    );
    expect(a.status).toBe(400);
    expect(a.body).toMatchObject({ error: "InvalidArgument", code: 2000 });
    const issues = a.body.issues as Issue[];
    expect(issues.map((i) => i.path).sort()).toEqual([
      // Neither amount: the rule between tradeType and the amounts, said of the request.
      "/",
      "/destinationChainId",
      "/destinationTokenAddress",
      "/originChainId",
      "/originTokenAddress",
      "/ownerAddress",
    ]);
    expect(issues.find((i) => i.path === "/ownerAddress")?.message).toBe("must be string");
    expect(issues.find((i) => i.path === "/originChainId")?.message).toMatch(
      /^must be (integer|number)/,
    );
    expect(issues.find((i) => i.path === "/originTokenAddress")?.message).toBe("is required");
    for (const i of issues) expect(a.body.cause).toContain(`${i.path}: ${i.message}`);
    expect(a.body.msg).toBe(`Invalid argument: ${a.body.cause}`);
  });

  it("reports problems deep in nested members, without the noise of nullable unions", async () => {
    const a = await call(srv, "QuoteIntent", {
      ...usdcRequest(),
      options: {
        slippageTolerance: "high",
        serviceAddressOverrides: { coreWalletFactoryAddress: "0x12" },
      },
    });
    const paths = (a.body.issues as Issue[]).map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/options/slippageTolerance",
        "/options/serviceAddressOverrides/coreWalletFactoryAddress",
      ]),
    );
    expect(a.body.cause).not.toMatch(/must be null|anyOf/);
  });

  it("keeps the single-problem form for one problem", async () => {
    const { destinationChainId: _, ...rest } = usdcRequest();
    const a = await call(srv, "QuoteIntent", rest);
    expect(a.body.cause).toBe("/destinationChainId: is required");
    expect(a.body.issues).toEqual([{ path: "/destinationChainId", message: "is required" }]);
  });

  it("caps the list at 20 problems and says how many more there were", async () => {
    const tokens = Array.from({ length: 30 }, () => ({ chainId: "x", tokenAddress: 1 }));
    const a = await call(srv, "GetTokenPrices", JSON.stringify({ tokens }));
    expect(a.body.error).toBe("InvalidArgument");
    expect(a.body.issues).toHaveLength(20);
    expect(a.body.issues[0]).toEqual({ path: "/tokens/0/chainId", message: expect.any(String) });
    expect(a.body.cause).toMatch(/; and 40 more$/);
  });
});
