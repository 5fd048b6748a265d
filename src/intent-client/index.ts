/**
 * `createClient`: the base client with every generated operation bound as a method and the
 * lifecycle helpers beside them. Composed here, above the call pipeline (`src/client/`), the
 * generated operations and the lifecycle helpers (`src/lifecycle/`), so that none of those
 * imports another that imports it back.
 */
export { createClient, type IntentClient, type LifecycleMethods } from "./create-client.js";
