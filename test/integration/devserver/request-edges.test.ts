/**
 * Request fields at their edges, client and dev server together over loopback: a `byProjectId`
 * of 2^64 − 1 (an `ExactUint64`, as `Intent.projectId` is) in both filters, and numbers past the
 * largest double in a fraction field, refused with a message that fits the field.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { InvalidArgumentError, PermissionDeniedError } from "../../../src/errors.js";
import { createClient, type IntentClient } from "../../../src/index.js";
import { call, quote, start, usdcRequest } from "../../kit/devserver/helpers.js";

const MAX_U64 = 2n ** 64n - 1n;
let srv: DevServer;
let own: IntentClient;
let ops: IntentClient;

beforeAll(async () => {
  ({ srv } = await start({
    accessKeys: [
      { key: "own", projectId: 1 },
      { key: "ops", projectId: 1, allProjects: true },
    ],
  }));
  own = createClient({ baseUrl: srv.url, accessKey: "own", retry: false });
  ops = createClient({ baseUrl: srv.url, accessKey: "ops", retry: false });
  await quote(srv, usdcRequest());
});
afterAll(() => srv.close());

describe("byProjectId is an ExactUint64", () => {
  it("2^64 − 1 goes through the client and the server with every digit, in both filters", async () => {
    for (const run of [
      () => own.searchIntents({ byProjectId: MAX_U64 }),
      () => own.getIntentHistory({ byProjectId: MAX_U64 }),
    ]) {
      const e = await run().catch((x: unknown) => x);
      expect(e).toBeInstanceOf(PermissionDeniedError);
      expect(String((e as PermissionDeniedError).cause)).toContain(`not ${MAX_U64}`);
    }
    expect((await ops.searchIntents({ byProjectId: MAX_U64 })).intents).toEqual([]);
    expect((await ops.getIntentHistory({ byProjectId: MAX_U64 })).intents).toEqual([]);
  });

  it("a small project id is a number and finds the project's intents", async () => {
    expect((await own.searchIntents({ byProjectId: 1 })).intents.length).toBe(1);
    expect((await ops.getIntentHistory({ byProjectId: 1n })).intents.length).toBe(1);
  });

  it("past 2^64 − 1, or negative, is refused by name", async () => {
    for (const raw of [`${MAX_U64 + 1n}`, "-1"]) {
      const a = await call(srv, "SearchIntents", `{"byProjectId":${raw}}`, { key: "own" });
      expect(a.body.error, raw).toBe("InvalidArgument");
      expect(a.body.cause, raw).toMatch(/^\/byProjectId: /);
    }
    await expect(own.searchIntents({ byProjectId: MAX_U64 + 1n })).rejects.toBeInstanceOf(
      InvalidArgumentError,
    );
  });
});

describe("numbers past the largest double in a fraction field", () => {
  it("slippageTolerance 1e999, -1e999, 1e400: a finite number is asked for, not an integer", async () => {
    for (const raw of ["1e999", "-1e999", "1e400"]) {
      const body = JSON.stringify(usdcRequest({ originTokenAmount: undefined })).replace(
        /}$/,
        `,"originTokenAmount":"250000000","options":{"slippageTolerance":${raw}}}`,
      );
      const a = await call(srv, "QuoteIntent", body, { key: "own" });
      expect(a.body.error, raw).toBe("InvalidArgument");
      expect(a.body.cause, raw).toBe(
        "/options/slippageTolerance: must be a finite number; this one is past the largest double (about 1.8e308)",
      );
      expect(a.body.cause).not.toContain("integer");
    }
  });

  it("an in-range value outside the fraction's bounds gets the field's own message", async () => {
    const a = await call(srv, "QuoteIntent", usdcRequest({ options: { slippageTolerance: 7 } }), {
      key: "own",
    });
    expect(a.body.cause).toBe("/options/slippageTolerance: must be <= 0.5");
  });
});
