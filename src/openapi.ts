/**
 * `xchain-intents/openapi`: the service's OpenAPI document as TypeScript types (openapi-typescript's
 * `paths`, `components` and `operations`), every schema type in them the package's named type.
 * Types only: for a caller who drives the service with their own openapi-fetch. Amounts are
 * `bigint` in these types, which `JSON.parse` and `JSON.stringify` cannot read or write exactly:
 * pass `parseJson` and `stringifyJson` from `xchain-intents` as the body parser and serializer.
 *
 * @example
 * import createClient from "openapi-fetch";
 * import type { paths } from "xchain-intents/openapi";
 * const api = createClient<paths>({ baseUrl });
 *
 * @packageDocumentation
 */
export type * from "../generated/openapi-types.js";
