/**
 * The key builder behind each member of the generated `queryKeys`: a function from a request to
 * its key, with the operation's prefix for invalidation.
 */
import { type KeySafe, toKeySafe } from "./key-value.js";

/** First element of every key of this SDK. */
export const QUERY_KEY_ROOT = "xchain-intents";

/** The key of one operation call: root, operation name, the request with bigints encoded. */
export type OperationQueryKey<N extends string, Request = unknown> = readonly [
  typeof QUERY_KEY_ROOT,
  N,
  KeySafe<Request>,
];

/**
 * Builds the keys of operation `N`: `(request) => [root, N, request]` (the request may be omitted
 * when it has no required member: `queryKeys.ping()` equals `queryKeys.ping({})`), and `prefix`,
 * `[root, N]`, which matches every key of the operation.
 */
export interface QueryKeyBuilder<N extends string, Request, Optional extends boolean = false> {
  (
    ...request: Optional extends true ? [request?: Request] : [request: Request]
  ): OperationQueryKey<N, Request>;
  /** `[root, operation]`: matches every key of this operation (for `invalidateQueries`). */
  readonly prefix: readonly [typeof QUERY_KEY_ROOT, N];
}

/** The key builder of operation `name` (used by the generated `queryKeys`). */
export function keyBuilder<N extends string, Request, Optional extends boolean>(
  name: N,
): QueryKeyBuilder<N, Request, Optional> {
  // An omitted request is only allowed (by the type) when the request has no required member.
  const build = (request?: Request): OperationQueryKey<N, Request> => [
    QUERY_KEY_ROOT,
    name,
    toKeySafe((request ?? {}) as Request),
  ];
  const prefix = [QUERY_KEY_ROOT, name] as const;
  return Object.assign(build, { prefix });
}
