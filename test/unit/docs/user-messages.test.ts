/**
 * docs/react.md's table of user messages is what `userMessage` says: one row per error the SDK
 * raises (the schema's, the client's own, the wallet step's), in that order, each sentence
 * exactly the function's for that error without details.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { errorDefinitions } from "../../../generated/error-table.js";
import { CLIENT_ERRORS, WALLET_ERRORS } from "../../../src/errors/client-codes.js";
import { ServiceError } from "../../../src/errors/service-error.js";
import { userMessage } from "../../../src/errors/user-message.js";
import { repoPath } from "../../kit/runtimes/harness.js";

describe("docs/react.md's user messages", () => {
  it("lists every error with the sentence userMessage gives it", () => {
    const doc = readFileSync(repoPath("docs/react.md"), "utf8");
    const rows = [...doc.matchAll(/^\| `(\w+)` +\| (-?\d+) +\| (.+?) +\|$/gm)].map((m) => [
      m[1],
      Number(m[2]),
      m[3],
    ]);
    const expected = [
      ...errorDefinitions,
      ...Object.values(CLIENT_ERRORS),
      ...Object.values(WALLET_ERRORS),
    ].map((d) => [d.error, d.code, userMessage(new ServiceError(d, {}))]);
    expect(rows).toEqual(expected);
  });
});
