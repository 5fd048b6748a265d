/**
 * A local chain for the wallet tests: anvil from npm (its platform package holds the binary),
 * started on a free loopback port and stopped by the test that started it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { type Chain, defineChain } from "viem";

/** The first account of anvil's public test mnemonic ("test test … junk"): a public test key. */
export const TEST_KEY =
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" as const;
/** The second one. */
export const TEST_KEY_2 =
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d" as const;

/** A running anvil. */
export interface Anvil {
  chainId: number;
  rpcUrl: string;
  chain: Chain;
  close(): Promise<void>;
}

/** The anvil binary of this platform. */
export function anvilBinary(): string {
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}/package.json`;
  return join(dirname(createRequire(import.meta.url).resolve(pkg)), "bin", "anvil");
}

/** Starts anvil with `chainId` on a free loopback port. */
export function startAnvil(chainId: number, extra: string[] = []): Promise<Anvil> {
  const child: ChildProcess = spawn(
    anvilBinary(),
    ["--host", "127.0.0.1", "--port", "0", "--chain-id", String(chainId), ...extra],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`anvil exited (${code}) before listening`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Listening on (127\.0\.0\.1:\d+)/.exec(out);
      if (!m) return;
      child.stdout?.removeAllListeners("data");
      child.stdout?.resume();
      const rpcUrl = `http://${m[1]}`;
      resolve({
        chainId,
        rpcUrl,
        chain: defineChain({
          id: chainId,
          name: `anvil ${chainId}`,
          nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
          rpcUrls: { default: { http: [rpcUrl] } },
        }),
        close: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
  });
}

/** One JSON-RPC call (anvil's own methods included). */
export async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}
