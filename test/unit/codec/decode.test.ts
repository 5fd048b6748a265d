import { describe, expect, it } from "vitest";
import {
  compilePaths,
  decodeWithPaths,
  JsonDecodeError,
  parseJson,
} from "../../../src/codec/index.js";

const tree = compilePaths([
  "amount",
  "nested.value",
  "list[].value",
  "byToken{}",
  "rows[][]",
  "deep[]{}.x",
]);
const decode = (text: string) => decodeWithPaths(text, tree) as Record<string, unknown>;

function decodeError(text: string): JsonDecodeError {
  try {
    decode(text);
  } catch (e) {
    expect(e).toBeInstanceOf(JsonDecodeError);
    return e as JsonDecodeError;
  }
  throw new Error("expected a JsonDecodeError");
}

describe("bigint fields", () => {
  it("decode JSON numbers past 2^53 exactly", () => {
    expect(decode('{"amount":1500000000000000001}').amount).toBe(1500000000000000001n);
    expect(decode('{"amount":-1500000000000000001}').amount).toBe(-1500000000000000001n);
    const max = 2n ** 256n - 1n;
    expect(decode(`{"amount":${max}}`).amount).toBe(max);
  });

  it("decode decimal strings exactly", () => {
    expect(decode('{"amount":"1500000000000000001"}').amount).toBe(1500000000000000001n);
    expect(decode('{"amount":"-7"}').amount).toBe(-7n);
  });

  it("decode safe integers, zero and negative zero", () => {
    expect(decode('{"amount":42}').amount).toBe(42n);
    expect(decode('{"amount":0}').amount).toBe(0n);
    expect(decode('{"amount":-0}').amount).toBe(0n);
  });

  it("follow arrays, maps, matrices and maps inside arrays", () => {
    const v = decode(
      '{"list":[{"value":1},{"value":"2"},{}],"byToken":{"a":"3","b":30000000000000000001},' +
        '"rows":[[1,"2"],[],[33333333333333333333]],"deep":[{"k":{"x":"9"}}],"nested":{"value":null}}',
    );
    expect(v).toEqual({
      list: [{ value: 1n }, { value: 2n }, {}],
      byToken: { a: 3n, b: 30000000000000000001n },
      rows: [[1n, 2n], [], [33333333333333333333n]],
      deep: [{ k: { x: 9n } }],
      nested: { value: null },
    });
  });

  it("leave null and absent fields as they are", () => {
    expect(decode('{"amount":null}')).toEqual({ amount: null });
    expect(decode("{}")).toEqual({});
  });

  it("accept the same digits repeated in several fields and elsewhere", () => {
    const v = decode('{"amount":12345678901234567890,"other":12345678901234567890}');
    expect(v.amount).toBe(12345678901234567890n);
    expect(v.other).toBe(12345678901234567890n);
  });

  it("stay exact when another number rounds to the same double", () => {
    const v = decode('{"other":12345678901234567891,"amount":12345678901234567890}');
    expect(v.amount).toBe(12345678901234567890n);
    expect(v.other).toBe(12345678901234567891n);
  });

  it("stay exact with duplicate keys (the last one wins, as in JSON.parse)", () => {
    const t = compilePaths(["a", "b"]);
    const v = decodeWithPaths(
      '{"a":1,"b":12345678901234567891,"a":22345678901234567892}',
      t,
    ) as Record<string, unknown>;
    expect(v).toEqual({ a: 22345678901234567892n, b: 12345678901234567891n });
    const same = decodeWithPaths(
      '{"a":1,"b":12345678901234567891,"a":12345678901234567890}',
      t,
    ) as Record<string, unknown>;
    expect(same).toEqual({ a: 12345678901234567890n, b: 12345678901234567891n });
  });

  it("stay exact when array-index keys reorder a map", () => {
    const v = decode('{"byToken":{"b":12345678901234567891,"7":12345678901234567890}}');
    expect(v.byToken).toEqual({ b: 12345678901234567891n, 7: 12345678901234567890n });
  });

  it("ignore digit runs inside strings", () => {
    const v = decode(
      '{"s":"12345678901234567891\\"12345678901234567891","amount":12345678901234567890}',
    );
    expect(v.amount).toBe(12345678901234567890n);
  });
});

describe("other numbers", () => {
  it("stay numbers up to 2^53 - 1, and when written with a fraction or an exponent", () => {
    const text =
      '{"chainId":8453,"usd":1.9460995967739363,"s":-9007199254740991,"f":1e21,"g":1.5e300}';
    expect(decode(text)).toEqual(JSON.parse(text));
    expect(decode(text).usd).toBe(1.9460995967739363);
  });

  it("become bigints from 2^53 on, even when a double holds them exactly", () => {
    const text = '{"p":9007199254740992,"e":10000000000000000,"m":-9007199254740992}';
    expect(decode(text)).toEqual({ p: 2n ** 53n, e: 10n ** 16n, m: -(2n ** 53n) });
  });

  it("become exact bigints past 2^53 when JSON.parse would round them, at any depth", () => {
    const text =
      '{"id":9223372036854775807,"projectId":9007199254740993,"x":[{"y":-123456789012345678901234567890}]}';
    expect(decode(text)).toEqual({
      id: 9223372036854775807n,
      projectId: 9007199254740993n,
      x: [{ y: -123456789012345678901234567890n }],
    });
  });

  it("are refused past the largest double, naming the path", () => {
    for (const n of [`1${"0".repeat(400)}`, "1e400", "-2e308"]) {
      const e = decodeError(`{"x":[1,{"y":${n}}]}`);
      expect(e.path).toBe("$.x[1].y");
      expect(e.message).toMatch(/past the largest double at \$\.x\[1\]\.y/);
      // Followed by numbers past 2^53, whose digits the walk would otherwise take: still refused.
      const later = decodeError(`[${n},9007199254740993,-9007199254740995,9007199254740997]`);
      expect(later.path).toBe("$[0]");
    }
  });
});

describe("invalid bigint fields", () => {
  const cases: [string, string][] = [
    ['{"amount":1.5}', "$.amount"],
    ['{"amount":1e21}', "$.amount"],
    ['{"amount":12345678901234567890.5}', "$.amount"],
    ['{"amount":12345678901234567890e0}', "$.amount"],
    ['{"amount":12345678901234567890.0}', "$.amount"],
    ['{"amount":"0x10"}', "$.amount"],
    ['{"amount":""}', "$.amount"],
    ['{"amount":" 1"}', "$.amount"],
    ['{"amount":"1 "}', "$.amount"],
    ['{"amount":"+1"}', "$.amount"],
    ['{"amount":"1.0"}', "$.amount"],
    ['{"amount":"-"}', "$.amount"],
    ['{"amount":true}', "$.amount"],
    ['{"amount":{}}', "$.amount"],
    ['{"amount":[1]}', "$.amount"],
    ['{"nested":{"value":"x"}}', "$.nested.value"],
    ['{"list":[{"value":1},{"value":2.5}]}', "$.list[1].value"],
    ['{"byToken":{"a b":"z"}}', '$.byToken["a b"]'],
    ['{"rows":[[1],[2,"q"]]}', "$.rows[1][1]"],
  ];
  it.each(cases)("%s is an error at %s", (text, path) => {
    const e = decodeError(text);
    expect(e.path).toBe(path);
    expect(e.message).toContain(path);
    expect(e.name).toBe("JsonDecodeError");
    expect((e.excerpt ?? "").length).toBeLessThanOrEqual(80);
  });

  it("names the path of an exponent past 2^53 found in the text", () => {
    const text = '{"list":[{"value":1},{"value":1.5e30}]}';
    const e = decodeError(text);
    expect(e.path).toBe("$.list[1].value");
    expect(e.excerpt).toBe("1.5e30");
    expect(e.position).toBe(text.indexOf("1.5e30"));
  });

  it("rejects an exponent even when the same value appears in plain digits elsewhere", () => {
    const e = decodeError('{"other":1000000000000000000000,"amount":1e21}');
    expect(e.path).toBe("$.amount");
  });
});

describe("parseJson", () => {
  it("uses the generated table by type name", () => {
    const v = parseJson(
      '{"intent":{"salt":123456789012345678901234567890}}',
      "CommitIntentRequest",
    );
    expect(v).toEqual({ intent: { salt: 123456789012345678901234567890n } });
  });

  it("treats a type without bigint fields as JSON with exact integers", () => {
    const text = '{"a":12345678901234567890,"b":"1","c":2}';
    expect(parseJson(text, "NoSuchType")).toEqual({ a: 12345678901234567890n, b: "1", c: 2 });
  });

  it("accepts a caller's table", () => {
    expect(parseJson('{"n":"5"}', "T", { T: ["n"] })).toEqual({ n: 5n });
  });
});

describe("whole numbers written as fractions or exponents", () => {
  const tree = compilePaths(["amount"]);
  for (const raw of [
    "1.0",
    "1e2",
    "2E+3",
    "0.99999999999999999",
    "1e-999",
    "-0.0",
    "12345678901234567890.0",
  ]) {
    it(`refuses ${raw} in a bigint field, naming the path`, () => {
      expect(() => decodeWithPaths(`{"amount":${raw},"usd":1.5}`, tree)).toThrow(/\$\.amount/);
    });
  }
  it("keeps the same forms in fields that are not bigints", () => {
    const v = decodeWithPaths('{"amount":7,"usd":1.0,"big":1e2}', tree) as Record<string, unknown>;
    expect(v).toEqual({ amount: 7n, usd: 1, big: 100 });
  });
});

describe("leading zeros in a decimal string", () => {
  it("are skipped, and what follows them must still be digits only", () => {
    expect(decode('{"amount":"007"}').amount).toBe(7n);
    expect(decode('{"amount":"-007"}').amount).toBe(-7n);
    expect(decode('{"amount":"000"}').amount).toBe(0n);
    // BigInt itself would read these after the zeros: white space, a sign.
    for (const bad of ["00 1", "0 0", "00\t1", "0-1", "0+1", "-0 1", "00\n7"]) {
      expect(() => decode(JSON.stringify({ amount: bad })), bad).toThrow(JsonDecodeError);
    }
  });
});
