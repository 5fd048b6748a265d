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
import { join } from "node:path";
import { createClient } from "@hey-api/openapi-ts";
import { describe, expect, it } from "vitest";
import { packedPath } from "../../kit/package/packed.js";
import {
  compileAndRunLifecycle,
  EXACT_AMOUNT,
  LIFECYCLE_AMOUNT,
  userProject,
} from "../../kit/package/strict-project.js";

const project = userProject("hey-api");

describe("@hey-api/openapi-ts from the published document", () => {
  it("compiles under --strict, runs the lifecycle exact on the strings wire, and is refused rounded on the numbers wire", async () => {
    await createClient({
      input: packedPath("generated/openapi.json"),
      output: { path: join(project.dir, "client"), module: { extension: ".js" } },
      logs: { level: "silent", file: false },
    });
    const seen = await compileAndRunLifecycle(project, "hey-api");
    const exact = EXACT_AMOUNT;
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
    expect(numbers.quoteRequestAmount.text).not.toBe(LIFECYCLE_AMOUNT);
    expect(BigInt(numbers.quoteRequestAmount.text)).not.toBe(BigInt(LIFECYCLE_AMOUNT));
    expect(Number(numbers.quoteRequestAmount.text)).toBe(Number(LIFECYCLE_AMOUNT));
    expect(numbers.commitStatus).toBe(400);
    expect(numbers.commitError.error).toBe("InvalidArgument");
    // The first field that differs in the intent's order; JSON.stringify wrote the double back
    // with its shortest digits.
    expect(numbers.commitError.cause).toContain(
      "/intent/quoteRequest/originTokenAmount: is 1234567891234568000, quoted as 1234567891234567891",
    );
  }, 240_000);
});
