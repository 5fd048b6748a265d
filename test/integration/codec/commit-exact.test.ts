/**
 * Every integer of a quote goes back on commit digit for digit, over loopback HTTP: a real
 * `node:http` server answers QuoteIntent with big integers in `id`, `projectId` and unknown
 * fields, and records the body of the CommitIntent that follows. Requests whose numbers would be
 * rounded are refused before anything is sent.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringifyJson } from "../../../src/codec/index.js";
import { RequestValidationError } from "../../../src/errors.js";
import { createClient, type IntentClient, type QuoteIntentRequest } from "../../../src/index.js";
import { makeQuoteResponse } from "../../bench/data.js";

const quote = makeQuoteResponse(5);
const intent = {
  ...quote.intent,
  id: 9223372036854775807n,
  projectId: 9007199254740993n,
  unknownTotal: 123456789012345678901234567890n,
  unknownNested: { list: [18446744073709551615n, -98765432109876543210n], small: 7, usd: 1.25 },
};
const response = { ...quote, intent };

let server: Server;
let baseUrl = "";
/** The body of each request, by operation. */
const received: Record<string, string[]> = {};
let quoteBody = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const op = (req.url ?? "").split("/").pop() ?? "";
      received[op] = [...(received[op] ?? []), Buffer.concat(chunks).toString("utf8")];
      const body = op === "QuoteIntent" ? quoteBody : JSON.stringify({ intentId: intent.intentId });
      res.writeHead(200, { "content-type": "application/json" }).end(body);
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

const request = quote.intent.quoteRequest as QuoteIntentRequest;
const client = (validate?: "strict" | "off"): IntentClient =>
  createClient({ baseUrl, accessKey: "k", retry: false, ...(validate ? { validate } : {}) });

describe("a quote with big integers in id, projectId and unknown fields", () => {
  it.each(["number", "string"] as const)("commits unchanged (bigints as %ss)", async (wire) => {
    quoteBody = stringifyJson(response, "QuoteIntentResponse", { bigintAs: wire });
    expect(quoteBody).toContain('"id":9223372036854775807,"projectId":9007199254740993');
    const c = client();
    const got = await c.quoteIntent(request);
    expect(got.intent.id).toBe(9223372036854775807n);
    expect(got.intent.projectId).toBe(9007199254740993n);
    expect(got.intent).toEqual(intent);
    received.CommitIntent = [];
    await c.commitIntent({ intent: got.intent });
    const sent = received.CommitIntent[0] ?? "";
    expect(sent).toBe(stringifyJson({ intent }, "CommitIntentRequest"));
    // The intent goes back as the server wrote it, byte for byte, on the numbers wire.
    if (wire === "number")
      expect(sent).toBe(`{"intent":${quoteBody.slice(10, quoteBody.indexOf(',"gasFeeOptions"'))}}`);
    for (const digits of [
      '"id":9223372036854775807',
      '"projectId":9007199254740993',
      '"unknownTotal":123456789012345678901234567890',
      '"list":[18446744073709551615,-98765432109876543210]',
    ]) {
      expect(sent).toContain(digits);
    }
  });
});

describe("request numbers that would be rounded are refused before sending", () => {
  const signature = () => ({
    selectedGasFeeOption: quote.gasFeeOptions.feeOptions[0] as never,
    deadline: 1_900_000_000,
  });

  it.each([
    ["userNonce", 2 ** 60 + 1],
    ["userNonce", 1e30],
    ["permitAmount", 2 ** 53],
  ])("%s = %s as a number, in strict and off mode", async (field, n) => {
    for (const mode of ["strict", "off"] as const) {
      received.ExecuteIntent = [];
      const depositSignature = { ...signature(), [field]: n };
      const call = client(mode).executeIntent({ intentId: "i", depositSignature });
      await expect(call).rejects.toBeInstanceOf(RequestValidationError);
      await expect(call).rejects.toMatchObject({ pointer: `/depositSignature/${field}` });
      expect(received.ExecuteIntent).toEqual([]);
    }
  });

  it("a deadline past 2^53 as a number is refused by validation; as a bigint it is sent exactly", async () => {
    received.ExecuteIntent = [];
    const tooBig = { ...signature(), deadline: 2 ** 64 };
    await expect(
      client().executeIntent({ intentId: "i", depositSignature: tooBig }),
    ).rejects.toMatchObject({
      name: "RequestValidationError",
      pointer: "/depositSignature/deadline",
    });
    expect(received.ExecuteIntent).toEqual([]);
    const exact = {
      ...signature(),
      deadline: 18446744073709551615n,
      userNonce: 10983839643666208127n,
    };
    await client()
      .executeIntent({ intentId: "i", depositSignature: exact })
      .catch(() => undefined); // the fake answer is not an ExecuteIntentResponse; the body is what counts
    expect(received.ExecuteIntent?.[0]).toContain('"userNonce":10983839643666208127');
    expect(received.ExecuteIntent?.[0]).toContain('"deadline":18446744073709551615');
  });
});
