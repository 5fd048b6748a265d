/** The client the React layer calls: any `createClient` result has every method it uses. */
import type { IntentClientMethods } from "../../generated/client-methods.js";
import type { BaseClient } from "../client/base-client.js";
import type { LifecycleMethods } from "../lifecycle/create-client.js";

/**
 * The part of an `IntentClient` the hooks and query factories use: the operations, the lifecycle
 * helpers and the measured clock skew (a quote's expiry is read on the service's clock).
 */
export type ReactClient = Pick<BaseClient, "clockSkewMs"> &
  IntentClientMethods &
  Pick<LifecycleMethods, "quoteAndCommit" | "watchIntent">;
