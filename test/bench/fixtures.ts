/**
 * Bench documents on disk: generated once from `data.ts` (deterministic) and cached in the system
 * temp folder under a hash of the generator's source, so that runs after the first start at once
 * and child processes read the very same bytes.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { makeQuoteResponse, makeSearchResponse, toNumbersWire, toStringsWire } from "./data.js";
import { smoke } from "./smoke.js";

/** One bench document. */
export interface Fixture {
  /** e.g. `quote/numbers`. */
  readonly name: string;
  /** Schema type name to decode it as. */
  readonly typeName: string;
  /** Path of the JSON file. */
  readonly file: string;
}

/** Number of intents in the search response (a few in smoke mode). */
export const SEARCH_INTENTS = smoke ? 20 : 10_000;

/**
 * The SearchIntents request the benches send (the bench servers answer any request with the
 * fixture): a search names at least one filter, or request validation refuses it.
 */
export const SEARCH_REQUEST = { byOwnerAddress: "0x1111111111111111111111111111111111111111" };

const source = readFileSync(fileURLToPath(new URL("./data.ts", import.meta.url)));
const version = createHash("sha1").update(source).update(String(SEARCH_INTENTS)).digest("hex");
const dir = tmpdir();

function cached(name: string, make: () => string): string {
  const file = join(
    dir,
    `xchain-intents-bench-${version.slice(0, 12)}-${name.replace("/", "-")}.json`,
  );
  if (!existsSync(file)) {
    writeFileSync(`${file}.part`, make());
    renameSync(`${file}.part`, file);
  }
  return file;
}

/** The four documents: quote and search, each in the numbers wire and the strings wire. */
export function fixtures(): Fixture[] {
  const quote = makeQuoteResponse();
  let search: ReturnType<typeof makeSearchResponse> | undefined;
  const searchValue = () => {
    search ??= makeSearchResponse(SEARCH_INTENTS);
    return search;
  };
  return [
    {
      name: "quote/numbers",
      typeName: "QuoteIntentResponse",
      file: cached("quote/numbers", () => toNumbersWire(quote)),
    },
    {
      name: "quote/strings",
      typeName: "QuoteIntentResponse",
      file: cached("quote/strings", () => toStringsWire(quote)),
    },
    {
      name: "search/numbers",
      typeName: "SearchIntentsResponse",
      file: cached("search/numbers", () => toNumbersWire(searchValue())),
    },
    {
      name: "search/strings",
      typeName: "SearchIntentsResponse",
      file: cached("search/strings", () => toStringsWire(searchValue())),
    },
  ];
}
