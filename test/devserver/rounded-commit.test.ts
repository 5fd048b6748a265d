/**
 * A CommitIntent whose amounts arrived rounded, as from a client that reads answers with
 * `JSON.parse`: over loopback HTTP, the refusal says the amount arrived rounded and names
 * `--string-bigints`; with decimal strings the same client commits.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DevServer, startDevServer } from "../../src/devserver/index.js";
import { OWNER, WETH_ARB, WETH_BASE } from "./helpers.js";

/** 1.234567891234567891 WETH in wei: past 2^53, below 1e21 (JSON.stringify writes its digits). */
const WEI = "1234567891234567891";
const request = `{"ownerAddress":"${OWNER}","originChainId":42161,"originTokenAddress":"${WETH_ARB}","destinationChainId":8453,"destinationTokenAddress":"${WETH_BASE}","tradeType":"EXACT_OUTPUT","destinationTokenAmount":${WEI}}`;

let numbers: DevServer;
let strings: DevServer;
beforeAll(async () => {
  numbers = await startDevServer({ port: 0 });
  strings = await startDevServer({ port: 0, bigintAs: "string" });
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
  it("is refused with a message saying so and naming --string-bigints", async () => {
    const { status, body } = await lossyCommit(numbers);
    expect(status).toBe(400);
    expect(body.error).toBe("InvalidArgument");
    // Amounts past 2^53 come back with other digits, or in exponent form (the 256-bit salt):
    // either way the exact integer they now are differs from the quote's, and the refusal names
    // the first such field with both values.
    expect(body.cause).toMatch(
      /^\/intent\/\S+: is \d+, quoted as \d+: the amount arrived rounded, as a JSON parser that reads numbers as doubles \(JSON\.parse\) leaves any integer past 2\^53: start the server with --string-bigints/,
    );
  });

  it("names the field, both values and --string-bigints when only the digits changed", async () => {
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
        'integer past 2^53: start the server with --string-bigints (bigintAs: "string") so that ' +
        "such clients get amounts as decimal strings, or read answers with a lossless parser",
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
      "/intent/quoteRequest/destinationTokenAmount: differs from the intent as quoted; send the intent exactly as QuoteIntent returned it",
    );
  });

  it("commits from the same client when the server writes decimal strings", async () => {
    const { status, body } = await lossyCommit(strings);
    expect(status).toBe(200);
    expect(typeof body.intentId).toBe("string");
  });
});
