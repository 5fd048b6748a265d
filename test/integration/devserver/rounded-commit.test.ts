/**
 * A CommitIntent whose amounts arrived rounded, as from a client that reads answers with
 * `JSON.parse`: over loopback HTTP, the refusal says the amount arrived rounded and names
 * `X-Bigint-As: string` and `--string-bigints`; with decimal strings the same client commits.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { OWNER, WETH_ARB, WETH_BASE } from "../../kit/devserver/helpers.js";
import { startServer } from "../../kit/server.js";

/** 1.234567891234567891 WETH in wei: past 2^53, below 1e21 (JSON.stringify writes its digits). */
const WEI = "1234567891234567891";
const request = `{"ownerAddress":"${OWNER}","originChainId":42161,"originTokenAddress":"${WETH_ARB}","destinationChainId":8453,"destinationTokenAddress":"${WETH_BASE}","tradeType":"EXACT_OUTPUT","destinationTokenAmount":${WEI}}`;

let numbers: DevServer;
let strings: DevServer;
beforeAll(async () => {
  numbers = await startServer({ port: 0 });
  strings = await startServer({ port: 0, bigintAs: "string" });
});
afterAll(async () => {
  await numbers.close();
  await strings.close();
});

async function post(srv: DevServer, op: string, body: string) {
  const res = await fetch(`${srv.url}/rpc/Service/${op}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-access-key": srv.accessKey },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** What a client built on JSON.parse and JSON.stringify sends back. */
async function lossyCommit(srv: DevServer) {
  const quoted = await post(srv, "QuoteIntent", request);
  expect(quoted.status).toBe(200);
  return post(srv, "CommitIntent", JSON.stringify({ intent: quoted.body.intent }));
}

describe("a CommitIntent with amounts rounded by a lossy parser", () => {
  it("is refused with a message saying so and naming X-Bigint-As and --string-bigints", async () => {
    const { status, body } = await lossyCommit(numbers);
    expect(status).toBe(400);
    expect(body.error).toBe("InvalidArgument");
    // Amounts past 2^53 come back with other digits, or in exponent form (the 256-bit salt):
    // either way the exact integer they now are differs from the quote's, and the refusal names
    // the first such field with both values.
    expect(body.cause).toMatch(
      /^\/intent\/\S+: is \d+, quoted as \d+: the amount arrived rounded, as a JSON parser that reads numbers as doubles \(JSON\.parse\) leaves any integer past 2\^53: send the header X-Bigint-As: string with every request \(or start the server with --string-bigints/,
    );
  });

  it("names the field, both values and the strings wire when only the digits changed", async () => {
    const text = await fetch(`${numbers.url}/rpc/Service/QuoteIntent`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-access-key": numbers.accessKey },
      body: request,
    }).then((r) => r.text());
    // The intent exactly as sent, but with the requested amount as JSON.parse reads it.
    const rounded = BigInt(Number(WEI)).toString();
    expect(rounded).not.toBe(WEI);
    const intent = /"intent":(\{.*\})\}$/s.exec(text)?.[1] as string;
    const sent = intent.replace(
      `"destinationTokenAmount":${WEI}`,
      `"destinationTokenAmount":${rounded}`,
    );
    expect(sent).not.toBe(intent);
    const { status, body } = await post(numbers, "CommitIntent", `{"intent":${sent}}`);
    expect(status).toBe(400);
    expect(body.cause).toBe(
      `/intent/quoteRequest/destinationTokenAmount: is ${rounded}, quoted as ${WEI}: the amount ` +
        "arrived rounded, as a JSON parser that reads numbers as doubles (JSON.parse) leaves any " +
        "integer past 2^53: send the header X-Bigint-As: string with every request (or start the " +
        'server with --string-bigints, bigintAs: "string") so that such a client gets amounts as ' +
        "decimal strings, or read answers with a lossless parser",
    );
  });

  it("a modified amount that is not a rounding is refused as modified", async () => {
    const text = await fetch(`${numbers.url}/rpc/Service/QuoteIntent`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-access-key": numbers.accessKey },
      body: request,
    }).then((r) => r.text());
    const intent = /"intent":(\{.*\})\}$/s.exec(text)?.[1] as string;
    const sent = intent.replace(
      `"destinationTokenAmount":${WEI}`,
      `"destinationTokenAmount":1${WEI}`,
    );
    const { body } = await post(numbers, "CommitIntent", `{"intent":${sent}}`);
    expect(body.cause).toBe(
      `/intent/quoteRequest/destinationTokenAmount: is 1${WEI}, quoted as ${WEI}: send the intent exactly as QuoteIntent returned it`,
    );
  });

  it("a date-time written back in another form is named with both texts", async () => {
    const quoted = await post(strings, "QuoteIntent", request);
    const intent = quoted.body.intent as Record<string, unknown>;
    const expiresAt = String(intent.expiresAt);
    // As a Python model writes a datetime back: microseconds and an explicit offset.
    const rewritten = expiresAt.replace(/\.(\d{3})Z$/, ".$1000+00:00");
    expect(rewritten).not.toBe(expiresAt);
    const { status, body } = await post(
      strings,
      "CommitIntent",
      JSON.stringify({ intent: { ...intent, expiresAt: rewritten } }),
    );
    expect(status).toBe(400);
    expect(body.cause).toBe(
      `/intent/expiresAt: is "${rewritten}", quoted as "${expiresAt}": send the intent exactly as QuoteIntent returned it`,
    );
  });

  it("a member dropped or of another type is named with what was quoted", async () => {
    const quoted = await post(strings, "QuoteIntent", request);
    const intent = quoted.body.intent as Record<string, unknown>;
    const { serviceVersion, ...dropped } = intent;
    const gone = await post(strings, "CommitIntent", JSON.stringify({ intent: dropped }));
    expect(gone.body.cause).toMatch(
      new RegExp(`^/intent/serviceVersion: (is required|is absent, quoted as "${serviceVersion}")`),
    );
    const typed = { ...intent, passthrough: "false" };
    const other = await post(strings, "CommitIntent", JSON.stringify({ intent: typed }));
    expect(other.status).toBe(400);
    expect(String(other.body.cause)).toMatch(/^\/intent\/passthrough: /);
  });

  it("commits from the same client when the server writes decimal strings", async () => {
    const { status, body } = await lossyCommit(strings);
    expect(status).toBe(200);
    expect(typeof body.intentId).toBe("string");
  });
});
