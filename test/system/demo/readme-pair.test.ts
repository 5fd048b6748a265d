/**
 * The README's serve + demo pair, run as written in a clone (only the port made free: the server
 * picks one, the demo is pointed at it): a `serve`
 * on real local chains, then the demo against it, which finds the server's chains and test
 * accounts with `GET /dev/chains` and deposits for real; then the same with `serve --simulated`.
 * Child processes; npm does not pass SIGTERM on, so the server's process group is signalled.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  spawnCli,
  startServeChild,
  stopServeChild,
  within,
} from "../../kit/reliability/serve-child.js";
import { ROOT } from "../../kit/runtimes/harness.js";

const readme = readFileSync(join(ROOT, "README.md"), "utf8");

/** The shell block of the README's demo section that holds the pair, one command a line. */
const pair = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
  .map((m) => (m[1] ?? "").split("\n").map((l) => l.replace(/\s+#.*$/, "").trim()))
  .find((lines) => lines.some((l) => l.startsWith("npm run demo -- --base-url")));
const serveLine = pair?.find((l) => l.startsWith("npm run serve -- "))?.replace(/\s*&$/, "");
const demoLine = pair?.find((l) => l.startsWith("npm run demo -- "));

/** Neither variable of the environment changes what the README's lines do. */
const ENV = { XCHAIN_INTENTS_ACCESS_KEY: "", XCHAIN_INTENTS_BASE_URL: "" };

async function runPair(
  serve: string,
  demo: string,
): Promise<{ banner: string; text: string; code: number | null }> {
  // Its own process group: npm does not pass SIGTERM on, the whole group is signalled.
  const server = await startServeChild([], {
    command: serve.replace("--port 8787", "--port 0").split(/\s+/),
    group: true,
    env: ENV,
    readyMs: 60_000,
  });
  try {
    const client = spawnCli([], {
      command: demo.replace(":8787", `:${server.port}`).split(/\s+/),
      group: true,
      env: ENV,
    });
    const { code } = await within(client.closed, 150_000, "the demo");
    return { banner: server.output(), text: client.output(), code };
  } finally {
    await stopServeChild(server);
  }
}

describe("the README's serve + demo pair, in a clone", () => {
  it("is in the README", () => {
    expect(serveLine).toMatch(/^npm run serve -- --port 8787 --access-key dev_local$/);
    expect(demoLine).toBe(
      "npm run demo -- --base-url http://127.0.0.1:8787 --access-key dev_local",
    );
    // The README says how to run the pair without chains.
    expect(readme.replace(/\s+/g, " ")).toContain("add `--simulated` to the `serve` line");
  });

  it("on real local chains: the demo deposits from the server's test account", async () => {
    const { banner, text, code } = await runPair(serveLine as string, demoLine as string);
    expect(banner).toContain("real local chains");
    expect(text, text).toContain("(dev server, real local chains: from GET /dev/chains)");
    expect(text).toContain("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 signs the deposit");
    expect(text).toMatch(/deposit tx {2}0x[0-9a-f]{64} mined on Arbitrum One/);
    expect(text).toContain("on Base: 1,000,025 USDC (+25 USDC)");
    expect(text).toContain("✔ SUCCEEDED");
    expect(code).toBe(0);
  }, 180_000);

  it("with --simulated: a simulated deposit, said as such", async () => {
    const { banner, text, code } = await runPair(
      `${serveLine as string} --simulated`,
      demoLine as string,
    );
    expect(banner).toContain("mode:        simulated");
    expect(text, text).toContain("(dev server, simulated: from GET /dev/chains)");
    expect(text).toMatch(/deposit tx {2}0x[0-9a-f]{8}…[0-9a-f]+ \(simulated\)/);
    expect(text).toContain("✔ SUCCEEDED");
    expect(code).toBe(0);
  }, 180_000);
});
