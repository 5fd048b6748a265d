/**
 * The headers of the OpenAPI document, read from the types openapi-typescript generates from it
 * (`generated/types.ts` holds its output): what the answers carry that a client reads, and the
 * request headers every operation takes.
 */
import { describe, expectTypeOf, it } from "vitest";
import type { operations, paths } from "../../../generated/openapi-types.js";

type Headers<
  Op extends keyof operations,
  Status extends keyof operations[Op]["responses"],
> = operations[Op]["responses"][Status] extends { headers: infer H } ? H : never;

describe("response headers in the generated types", () => {
  it("SearchIntents answers X-Total-Count, a number", () => {
    expectTypeOf<Headers<"SearchIntents", 200>>().toHaveProperty("X-Total-Count");
    expectTypeOf<Headers<"SearchIntents", 200>["X-Total-Count"]>().toEqualTypeOf<number>();
    // Only SearchIntents counts its matches: elsewhere it is any header, of unknown type.
    expectTypeOf<Headers<"GetIntent", 200>["X-Total-Count"]>().toEqualTypeOf<unknown>();
  });

  it("a 429 says when to retry: Retry-After and retry-after-ms, on every operation", () => {
    expectTypeOf<Headers<"QuoteIntent", 429>>().toHaveProperty("Retry-After");
    expectTypeOf<Headers<"CommitIntent", 429>>().toHaveProperty("retry-after-ms");
    expectTypeOf<Headers<"GetIntentReceipt", 429>["Retry-After"]>().toEqualTypeOf<string>();
    expectTypeOf<Headers<"Ping", 503>>().toHaveProperty("Retry-After");
    expectTypeOf<Headers<"Ping", 500>>().toHaveProperty("retry-after-ms");
  });

  it("every answer carries Date (the client's clock skew)", () => {
    expectTypeOf<Headers<"Clock", 200>>().toHaveProperty("Date");
    expectTypeOf<Headers<"ExecuteIntent", 400>>().toHaveProperty("Date");
    expectTypeOf<Headers<"ExecuteIntent", 413>>().toHaveProperty("Date");
  });
});

describe("request headers in the generated types", () => {
  it("every operation takes the Webrpc version header", () => {
    type Params = paths["/rpc/Service/QuoteIntent"]["post"]["parameters"];
    expectTypeOf<NonNullable<Params["header"]>>().toHaveProperty("Webrpc");
    expectTypeOf<NonNullable<operations["Ping"]["parameters"]["header"]>["Webrpc"]>().toEqualTypeOf<
      string | undefined
    >();
  });
});
