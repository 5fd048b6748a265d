// Node, CommonJS: the package by its own name, through the `exports` map (require condition).
const sdk = require("xchain-intents");

import("./lifecycle.mjs")
  .then(({ lifecycleSmoke }) =>
    lifecycleSmoke(sdk, {
      baseUrl: process.env.BASE_URL,
      accessKey: process.env.ACCESS_KEY,
      runtime: `node-cjs-exports:${require.resolve("xchain-intents").endsWith("index.cjs")}`,
    }),
  )
  .then((result) => console.log(JSON.stringify(result)))
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
