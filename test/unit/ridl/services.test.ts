import { describe, expect, it } from "vitest";
import type { Method } from "../../../scripts/ridl/index.js";
import { bodyError, parseBody } from "../../kit/ridl/source.js";

const STRUCTS = "struct Req\n  - a: int\nstruct Resp\n  - b: int\n";
const methods = (body: string): Method[] =>
  parseBody(`${STRUCTS}${body}`).services[0]?.methods ?? [];

describe("services and methods", () => {
  it("parse arguments with optional commas, | separators and trailing separators", () => {
    const [a, b] = methods(
      "service S\n  - A(a: int,b?: string) => (c: int)\n  - B( a: int b: int | c: int,)\n",
    );
    expect(a).toEqual({
      name: "A",
      annotations: {},
      comments: [],
      inputs: [
        { name: "a", type: "int", optional: false },
        { name: "b", type: "string", optional: true },
      ],
      outputs: [{ name: "c", type: "int", optional: false }],
    });
    expect(b?.inputs.map((x) => x.name)).toEqual(["a", "b", "c"]);
  });

  it("mark streams, accept => () and drop a stray word after the signature", () => {
    const [e, f, g, h] = methods(
      "service S\n  - stream E(x: int) => stream (y: int)\n  - F() => ()\n  - G() garbage\n  - stream H()\n",
    );
    expect([e?.streamInput, e?.streamOutput]).toEqual([true, true]);
    expect(f).toMatchObject({ inputs: [], outputs: [] });
    expect(g?.name).toBe("G");
    expect(h).toMatchObject({ streamInput: true });
    expect(h).not.toHaveProperty("streamOutput");
  });

  it("parse proxy methods as argument-less methods named after the target", () => {
    expect(methods("service S\n  - proxy Other.Method\n")[0]).toEqual({
      name: "Other.Method",
      annotations: {},
      comments: [],
      inputs: [],
      outputs: [],
    });
  });

  it("read the errors clause; E1|E2 without spaces is one name", () => {
    const body =
      'error 1 E1 "e1"\nerror 2 E2 "e2"\nservice S\n  - A() => (x: int) errors E2 | E1\n';
    expect(methods(body)[0]?.errors).toEqual(["E2", "E1"]);
    expect(bodyError('error 1 E1 "e1"\nerror 2 E2 "e2"\nservice S\n  - A() errors E1|E2\n')).toBe(
      "schema error: method 'A' in service 'S' references undefined error 'E1|E2'",
    );
  });

  it("reject a space before ( and a newline inside an argument list", () => {
    expect(bodyError("service S\n  - Foo (a: int)\n")).toBe(
      '5:8: error near " ": expecting [open parenthesis], got  ',
    );
    expect(bodyError("service S\n  - D(a: int,\n      b: int)\n")).toBe(
      '5:14: error near "\\n": unexpected token',
    );
  });

  it("accept quoted and slashed service names, and require methods", () => {
    expect(parseBody('service "v1/Ex"\n  - A()\n').services[0]?.name).toBe("v1/Ex");
    expect(parseBody("service v1/Ex\n  - A()\n").services[0]?.name).toBe("v1/Ex");
    expect(bodyError("service S\n")).toBe("schema error: methods cannot be empty for service 'S'");
  });

  it("check method and service names case-insensitively for duplicates only", () => {
    expect(methods("service S\n  - 1abc()\n  - do-it()\n").map((m) => m.name)).toEqual([
      "1abc",
      "do-it",
    ]);
    expect(bodyError("service S\n  - Ping()\n  - ping()\n")).toBe(
      "schema error: detected duplicate method name of 'ping' in service 'S'",
    );
    expect(bodyError("service S\n  - A()\nservice s\n  - B()\n")).toBe(
      "schema error: duplicate service name detected in service 'S'",
    );
  });

  it("accept any argument name", () => {
    const [m] = methods(
      "service S\n  - M(struct: Req, stream: int, my-arg: int) => (out.put: int)\n",
    );
    expect(m?.inputs.map((a) => a.name)).toEqual(["struct", "stream", "my-arg"]);
    expect(m?.outputs[0]?.name).toBe("out.put");
  });
});

describe("annotations", () => {
  it("attach to the next method, with word, quoted or empty values", () => {
    const [m] = methods('service S\n  @auth:"a, b" @internal @v:1.2.3\n  @f:\n  - A()\n');
    expect(m?.annotations).toEqual({
      auth: { annotationType: "auth", value: "a, b" },
      internal: { annotationType: "internal", value: "" },
      v: { annotationType: "v", value: "1.2.3" },
      f: { annotationType: "f", value: "" },
    });
  });

  it("are dropped after the last method and rejected outside services", () => {
    expect(methods("service S\n  - A()\n  @b\n")).toHaveLength(1);
    expect(bodyError("@a\nservice S\n  - A()\n")).toBe('4:1: error near "@": unexpected token');
  });

  it("reject duplicates at the method, unquoted commas and a space after the colon", () => {
    expect(bodyError("service S\n  @a\n  @a\n  - A()\n")).toBe(
      '7:3: error near "-": duplicate annotation type: a',
    );
    expect(bodyError("service S\n  @y:a,b\n  - A()\n")).toBe(
      '5:7: error near ",": unexpected token',
    );
    expect(bodyError("service S\n  @f: g\n  - A()\n")).toBe(
      '5:7: error near "g": unexpected token',
    );
    expect(bodyError('service S\n  @d:"v"@e\n  - B()\n')).toBe(
      '5:10: error near "e": unexpected token',
    );
  });

  it("take the method's doc from the line above its annotation", () => {
    expect(
      methods("service S\n  # doc\n  @a\n  - A() # t\n  - B()\n").map((m) => m.comments),
    ).toEqual([["doc"], ["t"]]);
  });
});

describe("succinct methods", () => {
  it("need (Type) on both sides and produce lowerFirst argument names", () => {
    expect(methods("service S\n  - D(Req) => (resp)\n")[0]).toEqual({
      name: "D",
      annotations: {},
      comments: [],
      succinct: true,
      inputs: [{ name: "req", type: "Req", optional: false }],
      outputs: [{ name: "resp", type: "Resp", optional: false }],
    });
  });

  it("reject one-sided succinct forms", () => {
    const msg =
      "method definition must be in succinct form for both inputs and outputs of method 'D'";
    expect(bodyError(`${STRUCTS}service S\n  - D(Req)\n`)).toBe(msg);
    expect(bodyError(`${STRUCTS}service S\n  - D(Req) => (b: int)\n`)).toBe(msg);
  });

  it("need a struct type", () => {
    expect(bodyError("service S\n  - D(string) => (bool)\n")).toBe(
      "unknown type for succinct definition of 'string'",
    );
    expect(bodyError("enum E: int\nservice S\n  - D(E) => (E)\n")).toBe(
      "expecting struct type for succinct definition of 'E'",
    );
  });

  it("consume one more token after a succinct (Name), whatever it is", () => {
    // the newline goes, so the next line's first word is the dropped word after the signature
    expect(bodyError(`${STRUCTS}service S\n  - F(Req) => (Resp)\nstruct After\n`)).toBe(
      '10:12: error near "After": unexpected token',
    );
    // `=>` glued to the input list is swallowed: the output list is then a stray token
    expect(bodyError(`${STRUCTS}service S\n  - F(Req)=>(Resp)\n`)).toBe(
      '9:13: error near "(": unexpected token',
    );
    expect(methods("service S\n  - F( Req) => (resp)\n")[0]).toMatchObject({
      succinct: true,
      inputs: [{ name: "req", type: "Req", optional: false }],
      outputs: [{ name: "resp", type: "Resp", optional: false }],
    });
  });

  it("skip one stream word before each argument list", () => {
    expect(methods("service S\n  - F() => stream stream (b: int)\n")[0]).toMatchObject({
      streamOutput: true,
    });
    expect(bodyError("service S\n  - F() => stream x (b: int)\n")).toBe(
      '5:21: error near "(": unexpected token',
    );
    expect(bodyError("service S\n  - F() => x (b: int)\n")).toBe(
      '5:14: error near "(": unexpected token',
    );
  });

  it("refuse a (Name) item among other arguments at validation", () => {
    expect(bodyError(`${STRUCTS}service S\n  - F(a: int Req) => (r: int)\n`)).toBe(
      "schema error: detected empty input argument name for method 'F' in service 'S'",
    );
  });

  it("report failed argument matches at the argument's first token", () => {
    expect(bodyError("service S\n  - F(a?)\n")).toBe(
      '5:7: error near "a": expecting [colon], got ?',
    );
    expect(bodyError("service S\n  - F(a)\n")).toBe("unknown type for succinct definition of 'a'");
    expect(bodyError("service S\n  - F(a b)\n")).toBe(
      '5:7: error near "a": expecting [colon], got  ',
    );
  });

  it("report an annotation string error as a string value error", () => {
    expect(bodyError('service S\n  @a:"x\n  - F()\n')).toBe(
      '6:2: error near "  ": parse string value: unexpected EOL',
    );
  });

  it("refuse an @ without a name instead of looping (webrpc never returns)", () => {
    expect(bodyError("service S\n  @ a\n  - F()\n")).toBe(
      '5:3: error near "@": expecting [word], got  ',
    );
    expect(bodyError("service S\n  @")).toBe('5:3: error near "@": expecting [word], got [EOF]');
  });
});
