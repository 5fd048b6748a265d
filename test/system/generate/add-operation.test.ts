/**
 * IDL-first, end to end: add an operation to a copy of the schema, regenerate, and call it. The
 * copy holds `schema/`, an untouched `src/` and the regenerated `generated/`; a consumer file that
 * calls `client.echoNote(…)` (the root entry) and `queryKeys.echoNote(…)` (`xchain-intents/query`,
 * `src/query.ts`) type-checks, and runs against a handler
 * answering `/rpc/Service/EchoNote`.
 */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateAll } from "../../../scripts/emit/index.js";
import { errorsOf, languageService } from "../../kit/language-service.js";
import { ROOT } from "../../kit/runtimes/harness.js";

const ECHO = [
  "  # Echo a note about an intent.",
  "  # Answers the note it was sent, unchanged.",
  "  @retry:safe",
  "  - EchoNote(intentId: string, note: string) => (note: string)",
  "",
].join("\n");

const consumer = `import { createClient } from "./src/index.js";
import { queryKeys } from "./src/query.js";

/** Calls the new operation through the client built from the regenerated files. */
export async function echo(fetch: (input: Request) => Promise<Response>): Promise<string> {
  const client = createClient({ baseUrl: "http://echo.test", accessKey: "k", fetch });
  const { note } = await client.echoNote({ intentId: "i-1", note: "hello" });
  return note;
}

/** The new operation's query key. */
export const key = queryKeys.echoNote({ intentId: "i-1", note: "hello" });
export const prefix = queryKeys.echoNote.prefix;
`;

let dir: string;
let generated: Map<string, string>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "xchain-add-operation-"));
  cpSync(join(ROOT, "src"), join(dir, "src"), { recursive: true });
  cpSync(join(ROOT, "schema"), join(dir, "schema"), { recursive: true });
  cpSync(join(ROOT, "package.json"), join(dir, "package.json"));
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  const ridl = readFileSync(join(dir, "schema/service.ridl"), "utf8");
  const anchor = "  @retry:safe\n  - Clock(";
  const at = ridl.indexOf(anchor);
  if (at < 0) throw new Error("Clock not found in the schema");
  const doc = ridl.lastIndexOf("\n\n", at) + 2;
  writeFileSync(
    join(dir, "schema/service.ridl"),
    `${ridl.slice(0, doc)}${ECHO}\n${ridl.slice(doc)}`,
  );
  generated = await generateAll(dir);
  for (const [rel, text] of generated) {
    mkdirSync(dirname(join(dir, "generated", rel)), { recursive: true });
    writeFileSync(join(dir, "generated", rel), text);
  }
  writeFileSync(join(dir, "consumer.ts"), consumer);
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("adding an operation to the schema", () => {
  it("generates its function, method, query key, types and validators", () => {
    const client = generated.get("client.ts") ?? "";
    expect(client).toContain("export function echoNote(");
    expect(client).toContain("Echo a note about an intent.");
    // The operation's spec names it once; its path (`/rpc/Service/EchoNote`) is derived from the
    // name, and the call below checks the path the request goes to.
    expect(client).toMatch(/defineOperation\(\s*"EchoNote",/);
    expect(generated.get("client-methods.ts")).toContain("echoNote(request: EchoNoteRequest");
    expect(generated.get("query-keys.ts")).toContain('keyBuilder("EchoNote")');
    expect(generated.get("types.ts")).toContain("export interface EchoNoteRequest {");
    expect(generated.get("validators.js")).toContain("validateEchoNoteResponse");
  });

  it("rewrites only the generated files whose content changes", () => {
    const changed = [...generated]
      .filter(([rel, text]) => {
        try {
          return readFileSync(join(ROOT, "generated", rel), "utf8") !== text;
        } catch {
          return true;
        }
      })
      .map(([rel]) => rel)
      .sort();
    expect(changed).toEqual([
      "client-methods.ts",
      "client.ts",
      "openapi-types.ts",
      "openapi.json",
      "operations.ts",
      "query-keys.ts",
      "request-checks.d.ts",
      "request-checks.js",
      "schemas/EchoNoteRequest.json",
      "schemas/EchoNoteResponse.json",
      "types.ts",
      "validators.d.ts",
      "validators.js",
    ]);
    expect(generated.size - changed.length).toBeGreaterThan(70);
  });

  it("leaves src/ as it is", () => {
    for (const file of [
      "lifecycle/create-client.ts",
      "client/index.ts",
      "query/index.ts",
      "index.ts",
      "query.ts",
    ]) {
      expect(readFileSync(join(dir, "src", file), "utf8")).toBe(
        readFileSync(join(ROOT, "src", file), "utf8"),
      );
    }
  });

  it("a consumer calling client.echoNote and queryKeys.echoNote type-checks", () => {
    const file = join(dir, "consumer.ts");
    const service = languageService(new Map([[file, consumer]]));
    expect(errorsOf(service, file)).toEqual([]);
    const wrong = join(dir, "wrong.ts");
    const bad = `${consumer}\nexport const x = queryKeys.echoNote({ intentId: "i" });\n`;
    const withBad = languageService(new Map([[wrong, bad]]));
    expect(errorsOf(withBad, wrong).join("\n")).toMatch(/note/);
  }, 60_000);

  it("the dev server's sources still type-check with no handler for it", () => {
    const file = join(dir, "src/devserver/ops/operations.ts");
    const service = languageService(new Map([[file, readFileSync(file, "utf8")]]));
    expect(errorsOf(service, file)).toEqual([]);
  }, 60_000);

  it("the dev server run from the sources answers it with MethodNotFound naming it", async () => {
    const mod = (await import(pathToFileURL(join(dir, "consumer.ts")).href)) as {
      echo(fetch: (input: Request) => Promise<Response>): Promise<string>;
    };
    const devserver = (await import(pathToFileURL(join(dir, "src/devserver/index.ts")).href)) as {
      createDevHandler(options: object): (request: Request) => Promise<Response>;
    };
    const handle = devserver.createDevHandler({ accessKeys: [{ key: "k" }], rateLimit: false });
    const error = await mod.echo(handle).then(
      () => undefined,
      (e: unknown) => e as { name: string; code: number; status: number; message: string },
    );
    expect(error).toMatchObject({ name: "MethodNotFoundError", code: 1003, status: 404 });
    expect(error?.message).toMatch(
      /^Method not found: EchoNote has no implementation in this dev server \(add its handler to src\/devserver\/ops\/operations\.ts\) at POST http:\/\/echo\.test\/rpc\/Service\/EchoNote: /,
    );
  });

  it("the call reaches a handler answering the new path, validated both ways", async () => {
    const mod = (await import(pathToFileURL(join(dir, "consumer.ts")).href)) as {
      echo(fetch: (input: Request) => Promise<Response>): Promise<string>;
      key: unknown;
      prefix: unknown;
    };
    const seen: { path: string; body: unknown }[] = [];
    const handler = async (request: Request) => {
      const body = (await request.json()) as { note: string };
      seen.push({ path: new URL(request.url).pathname, body });
      return Response.json({ note: body.note });
    };
    await expect(mod.echo(handler)).resolves.toBe("hello");
    expect(seen).toEqual([
      { path: "/rpc/Service/EchoNote", body: { intentId: "i-1", note: "hello" } },
    ]);
    expect(mod.key).toEqual(["xchain-intents", "EchoNote", { intentId: "i-1", note: "hello" }]);
    expect(mod.prefix).toEqual(["xchain-intents", "EchoNote"]);
    const missing = async () => Response.json({ other: 1 });
    await expect(mod.echo(missing)).rejects.toMatchObject({ name: "ResponseValidationError" });
  });
});
