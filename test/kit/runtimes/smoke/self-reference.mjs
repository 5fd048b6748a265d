// Node, ESM: the package by its own name, through the `exports` map (import condition).
import * as sdk from "xchain-intents";
import { lifecycleSmoke } from "./lifecycle.mjs";

const result = await lifecycleSmoke(sdk, {
  baseUrl: process.env.BASE_URL,
  accessKey: process.env.ACCESS_KEY,
  runtime: "node-esm-exports",
});
console.log(JSON.stringify(result));
