import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeBounds } from "../../../src/client/decode-bounds.js";
import { stringifyJson } from "../../../src/codec/index.js";
import { scanUnsafeNumbers } from "../../../src/codec/number-tokens.js";
import { ResponseTooLargeError, WebrpcBadResponseError } from "../../../src/errors.js";
import { createClient, type FetchLike, isServiceError } from "../../../src/index.js";
import { quoteRequest, sampleIntent, sampleReceipt } from "../../kit/client/samples.js";

const LIMIT = 64 * 1024;

/** A client whose every call is answered `status` with `body`, counting the calls. */
function answering(
  body: string,
  status = 200,
  extra: Parameters<typeof createClient>[0] = {
    baseUrl: "",
  },
) {
  const calls = { n: 0 };
  const fetch: FetchLike = async () => {
    calls.n++;
    return new Response(body, { status, headers: { "content-type": "application/json" } });
  };
  const client = createClient({
    maxResponseBytes: LIMIT,
    retry: { maxRetries: 3, baseDelayMs: 0 },
    sleep: async () => {},
    ...extra,
    baseUrl: "http://127.0.0.1:1",
    fetch,
  });
  return { client, calls };
}

/** A Ping answer of about `bytes` bytes: `item` repeated in an unknown member. */
function filler(item: string, bytes: number): string {
  const n = Math.floor(bytes / (item.length + 1));
  return `{"version":"v1","filler":[${Array(n).fill(item).join(",")}]}`;
}

describe("the scan counts values and stops at its bounds", () => {
  it("counts every value once: containers, keys, strings, numbers, literals", () => {
    const s = scanUnsafeNumbers('[1, "a", true, null, {"k": false}, -2.5e3]');
    expect([s.containers, s.values, s.keys, s.denseAt]).toEqual([2, 9, 1, -1]);
    // Letters inside strings and numbers' exponents are not literals.
    expect(scanUnsafeNumbers('["true", 1e5, "nfn"]').values).toBe(4);
  });

  it("stops at the first value past a bound and says where", () => {
    const text = "[[],[],[],[]]";
    expect(scanUnsafeNumbers(text, 10, { containers: 3, values: 100, names: 9 }).denseAt).toBe(7);
    expect(scanUnsafeNumbers(text, 10, { containers: 100, values: 2, names: 9 }).denseAt).toBe(4);
    expect(scanUnsafeNumbers(text, 10, { containers: 5, values: 5, names: 9 }).denseAt).toBe(-1);
    // Depth is told apart: a too-deep text is not also "dense".
    const deep = scanUnsafeNumbers("[[[[]]]]", 2, { containers: 3, values: 3, names: 9 });
    expect([deep.deepAt, deep.denseAt]).toEqual([2, -1]);
  });

  it("counts distinct key names, in texts long enough to pass the bound", () => {
    const text = '{"a":1,"b":2,"a":3,"b":4,"c":5}';
    const bounds = { containers: 9, values: 99, names: 2 };
    expect(scanUnsafeNumbers(text, 10, bounds).denseAt).toBe(text.indexOf('"c"'));
    expect(scanUnsafeNumbers(text, 10, { ...bounds, names: 3 })).toMatchObject({
      keys: 5,
      denseAt: -1,
    });
  });

  it("the bounds follow maxResponseBytes, with a floor", () => {
    expect(decodeBounds(32 * 1024 * 1024)).toEqual({
      containers: 1_048_576,
      values: 8_388_608,
      names: 8192,
    });
    expect(decodeBounds(100)).toEqual({ containers: 4096, values: 16_384, names: 1024 });
  });
});

describe("a body denser than its size allows is refused before it is parsed", () => {
  for (const [label, item] of [
    ["nested empty arrays", "[[]]"],
    ["empty objects", "{}"],
    ["numbers", "0"],
  ] as const) {
    it(`${label}: ResponseTooLargeError, not retried`, async () => {
      const body = filler(item, LIMIT - 100);
      expect(body.length).toBeLessThan(LIMIT);
      const { client, calls } = answering(body);
      const e = await client.ping().catch((x: unknown) => x);
      expect(e).toBeInstanceOf(ResponseTooLargeError);
      expect(e).toBeInstanceOf(WebrpcBadResponseError);
      const error = e as ResponseTooLargeError;
      expect([error.status, error.limitBytes, error.isRetryable]).toEqual([200, LIMIT, false]);
      expect(error.message).toMatch(
        /holds more than \d+ (arrays and objects|values) .* at \$\.filler\[\d+\]/,
      );
      expect(calls.n).toBe(1);
    });
  }

  it("key names that never repeat: ResponseTooLargeError naming the bound", async () => {
    let n = 0;
    const object = () => `{${Array.from({ length: 8 }, () => `"k${n++}":12345`).join(",")}}`;
    const items: string[] = [];
    for (let size = 0; size < LIMIT - 200; size += (items[items.length - 1]?.length ?? 0) + 1) {
      items.push(object());
    }
    const { client, calls } = answering(`{"version":"v1","filler":[${items.join(",")}]}`);
    const e = await client.ping().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ResponseTooLargeError);
    expect((e as Error).message).toContain("more than 1024 distinct key names");
    expect(calls.n).toBe(1);
  });

  it("30 MB of names that never repeat, at the default limit: refused before JSON.parse", async () => {
    // At 32 MiB the names are counted on a sample (one key in 8), which must still refuse this.
    const items: string[] = [];
    let size = 0;
    for (let k = 0; size < 30e6; k += 8) {
      const item = `{"k${k}":1,"k${k + 1}":1,"k${k + 2}":1,"k${k + 3}":1,"k${k + 4}":1,"k${k + 5}":1,"k${k + 6}":1,"k${k + 7}":1}`;
      items.push(item);
      size += item.length + 1;
    }
    const body = `{"version":"v1","filler":[${items.join(",")}]}`;
    const { client } = answering(body, 200, { baseUrl: "", maxResponseBytes: 32 * 1024 * 1024 });
    const parse = vi.spyOn(JSON, "parse");
    try {
      const e = await client.ping().catch((x: unknown) => x);
      expect(e).toBeInstanceOf(ResponseTooLargeError);
      expect((e as Error).message).toContain("more than 8192 distinct key names");
      // Stopped near the bound (8,192 names: about 1,024 objects), far before the end.
      const at = Number(/at \$\.filler\[(\d+)\]/.exec((e as Error).message)?.[1]);
      expect(at).toBeLessThan(items.length / 50);
      // JSON.parse reads at most a key name (for the path in the message), never the body.
      expect(parse.mock.calls.every(([text]) => String(text).length < 100)).toBe(true);
    } finally {
      parse.mockRestore();
    }
  });

  it("a real answer as large as the limit passes, at the limit exactly", async () => {
    const intent = sampleIntent("i-1", quoteRequest, Date.UTC(2026, 0, 1));
    const receipt = sampleReceipt(intent, ["SUCCEEDED", "SUCCEEDED", "SUCCEEDED"]);
    const one = stringifyJson({ intentReceipt: receipt }, "GetIntentReceiptResponse");
    // Many receipts as an unknown member: as dense as real answers come.
    const body = `{"intentReceipt":${one.slice(17, -1)},"more":[${Array(40).fill(one).join(",")}]}`;
    const { client } = answering(body, 200, { baseUrl: "", maxResponseBytes: body.length });
    const answer = await client.getIntentReceipt({ intentId: "i-1" });
    expect(answer.intentReceipt.intentId).toBe("i-1");
  });

  it("an error body as dense is not parsed: a bad response", async () => {
    const { client } = answering(filler("[]", LIMIT - 100), 500, {
      baseUrl: "",
      retry: false,
    });
    const e = await client.ping().catch((x: unknown) => x);
    expect(isServiceError(e, "WebrpcBadResponse")).toBe(true);
    expect((e as Error).message).toContain("HTTP 500");
  });
});

describe("the time limit covers decoding", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A Ping answer that fails validation, so that the warn hook runs inside decoding. */
  const invalid = '{"version":7}';

  it("an answer decoded past the limit is a timeout", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { client, calls } = answering(invalid, 200, {
      baseUrl: "",
      validate: "warn",
      retry: false,
      timeoutMs: 1_000,
      // Decoding "takes" a minute: the clock moves while the answer is being decoded.
      onValidationIssue: () => vi.setSystemTime(Date.now() + 60_000),
    });
    const e = await client.ping().catch((x: unknown) => x);
    expect(isServiceError(e, "RequestTimeout")).toBe(true);
    expect((e as Error).message).toBe("Ping answer was not received and decoded within 1000 ms");
    expect(calls.n).toBe(1);
  });

  it("within the limit, or with no limit, the answer is returned", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const cases: [number, number][] = [
      [1_000, 10],
      [0, 60_000],
    ];
    for (const [timeoutMs, step] of cases) {
      const { client } = answering(invalid, 200, {
        baseUrl: "",
        validate: "warn",
        retry: false,
        timeoutMs,
        onValidationIssue: () => vi.setSystemTime(Date.now() + step),
      });
      expect((await client.ping()).version).toBe(7);
    }
  });
});
