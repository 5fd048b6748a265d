// The workerd worker: imports the built ESM bundle as the module "xchain-intents" and runs the
// lifecycle when fetched. Code generation from strings is off in workerd, so a bundle that used
// eval or new Function at run time would fail here.
import * as sdk from "xchain-intents";
import { lifecycleSmoke } from "./lifecycle.mjs";

export default {
  async fetch(_request, env) {
    let evalBlocked = false;
    try {
      new Function("return 1")();
    } catch {
      evalBlocked = true;
    }
    try {
      const result = await lifecycleSmoke(sdk, {
        baseUrl: env.BASE_URL,
        accessKey: env.ACCESS_KEY,
        runtime: "workerd",
      });
      return Response.json({ ...result, evalBlocked });
    } catch (e) {
      return Response.json({ error: String(e?.stack ?? e) }, { status: 500 });
    }
  },
};
