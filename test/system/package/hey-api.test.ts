/**
 * The published OpenAPI document (`generated/openapi.json`, read from the packed tarball) in
 * the hands of a TypeScript user of @hey-api/openapi-ts (pinned 0.95.0, the last release that
 * runs on Node 20): a client generated with its defaults, compiled with `tsc --strict`, the
 * lifecycle through GetIntentReceipt against the dev server on loopback with exact amounts on the
 * strings wire, and what the numbers wire does to the same amount. System tier (child processes).
 *
 * Options, and why (read from the pinned version's own types and generated code):
 * - `input`: the shipped document by an absolute path (a relative path with one slash,
 *   `generated/openapi.json`, is read as a Hey API platform shorthand `organization/project`
 *   and refused; `./generated/openapi.json` works). `output.path`: a temporary folder;
 *   `output.module.extension: ".js"` only because the folder compiles under `module: nodenext`
 *   (hey-api otherwise picks the extension from the tsconfig it finds).
 * - No `plugins`: the defaults, `@hey-api/typescript` and `@hey-api/sdk` with the fetch client.
 *   A `format: bigint` field (`type: [integer, string]`) is typed `number | string`, which holds
 *   the decimal string of the strings wire without any type option; date-times are `string`
 *   and answers are not transformed. `@hey-api/transformers` is not a default: it would turn
 *   date-times into `Date` objects (written back as `toISOString()`, equal to the text received
 *   only when the server wrote that very form), and it converts only `format: int64` fields
 *   (none here), after `JSON.parse` has read them.
 * - At run time: `auth` (the key, sent in `X-Access-Key` as the document's security scheme says)
 *   and `headers: { "X-Bigint-As": "string" }` in the client's config.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@hey-api/openapi-ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../../src/devserver/index.js";
import { type PackedPackage, unpackPackage } from "../../kit/package/packed.js";
import { lastJson, repoPath, run } from "../../kit/runtimes/harness.js";
import { startServer } from "../../kit/server.js";

/** 1.234567891234567891 WETH in wei, as the lifecycle script quotes it: past 2^53. */
const AMOUNT = "1234567891234567891";

let srv: DevServer;
let dir: string;
let packed: PackedPackage;
beforeAll(async () => {
  packed = unpackPackage();
  // The server's default is the interface's wire (JSON numbers): the header asks for strings.
  srv = await startServer({ port: 0, bigintAs: "number" });
  dir = mkdtempSync(join(tmpdir(), "xchain-hey-api-"));
});
afterAll(async () => {
  await srv.close();
  rmSync(dir, { recursive: true, force: true });
  packed.remove();
});

describe("@hey-api/openapi-ts from the published document", () => {
  it("compiles under --strict, runs the lifecycle exact on the strings wire, and is refused rounded on the numbers wire", async () => {
    await createClient({
      input: packed.path("generated/openapi.json"),
      output: { path: join(dir, "client"), module: { extension: ".js" } },
      logs: { level: "silent", file: false },
    });
    writeFileSync(
      join(dir, "lifecycle.ts"),
      readFileSync(repoPath("test/fixtures/hey-api-lifecycle.ts.txt"), "utf8"),
    );
    writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: "es2022",
          module: "nodenext",
          moduleResolution: "nodenext",
          skipLibCheck: true,
          types: ["node"],
          typeRoots: [repoPath("node_modules/@types")],
        },
        include: ["client/**/*.ts", "lifecycle.ts"],
      }),
    );
    const tsc = await run(repoPath("node_modules/.bin/tsc"), ["-p", join(dir, "tsconfig.json")], {
      timeoutMs: 120_000,
    });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.code).toBe(0);

    const ran = await run(
      repoPath("node_modules/.bin/tsx"),
      [join(dir, "lifecycle.ts"), srv.url, srv.accessKey],
      { timeoutMs: 60_000 },
    );
    expect(ran.stderr).toBe("");
    const seen = lastJson(ran);
    const exact = { type: "string", text: AMOUNT };
    expect(seen.strings).toMatchObject({
      quoteRequestAmount: exact,
      fromAmount: exact,
      committed: true,
      status: "EXECUTING",
      receiptAmount: exact,
      // Left as the text received, as the commit needs it.
      expiresAt: { type: "string", text: expect.stringMatching(/^\d{4}-\d\d-\d\dT[0-9:.]+Z$/) },
    });
    const strings = seen.strings as { salt: { type: string; text: string } };
    expect(strings.salt.type).toBe("string");
    expect(strings.salt.text).toMatch(/^[0-9]{30,}$/);

    // Without the header, JSON.parse reads the amount as the nearest double, and CommitIntent
    // refuses the intent, naming the field and both values.
    const numbers = seen.numbers as {
      quoteRequestAmount: { type: string; text: string };
      commitStatus: number;
      commitError: { error?: string; cause?: string };
    };
    expect(numbers.quoteRequestAmount.type).toBe("number");
    expect(numbers.quoteRequestAmount.text).not.toBe(AMOUNT);
    expect(BigInt(numbers.quoteRequestAmount.text)).not.toBe(BigInt(AMOUNT));
    expect(Number(numbers.quoteRequestAmount.text)).toBe(Number(AMOUNT));
    expect(numbers.commitStatus).toBe(400);
    expect(numbers.commitError.error).toBe("InvalidArgument");
    // The first field that differs in the intent's order; JSON.stringify wrote the double back
    // with its shortest digits.
    expect(numbers.commitError.cause).toContain(
      "/intent/quoteRequest/originTokenAmount: is 1234567891234568000, quoted as 1234567891234567891",
    );
  }, 240_000);
});
