/**
 * The dev server's browser-safe helpers without a socket (a fetch handler stands in for the
 * server and the nodes): `fixedChainPorts`' order, `devChains` refusing what a dev server would
 * not send, and `devWalletProvider`'s EIP-1193 answers and refusals. On real chains:
 * test/system/chains/dev-wallet.test.ts.
 */
import { describe, expect, it } from "vitest";
import {
  DevChainsError,
  DevWalletError,
  devChains,
  devWalletProvider,
  type LocalChainDefinition,
} from "../../../src/devserver/browser/index.js";
import { fixedChainPorts } from "../../../src/devserver/chains/ports.js";

const KEY = "dev-key-secret";

const answer = (status: number, body: unknown): typeof fetch =>
  (async () =>
    new Response(typeof body === "string" ? body : JSON.stringify(body), {
      status,
    })) as unknown as typeof fetch;

const described = (id: number, port: number) => ({
  rpcUrl: `http://127.0.0.1:${port}`,
  chain: {
    id,
    name: `chain ${id} (local)`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [`http://127.0.0.1:${port}`] } },
    testnet: true,
  },
});

const chain = (id: number, port: number): LocalChainDefinition =>
  described(id, port).chain as unknown as LocalChainDefinition;

describe("fixedChainPorts", () => {
  it("gives the chains base + 1 … + n by ascending id, whatever their order", () => {
    expect(fixedChainPorts([42161, 1, 8453, 10, 137], 8787)).toEqual({
      1: 8788,
      10: 8789,
      137: 8790,
      8453: 8791,
      42161: 8792,
    });
    // Past the last port: left to a free one, never an invalid port.
    expect(fixedChainPorts([1, 10], 65_534)).toEqual({ 1: 65_535 });
  });
});

describe("devChains", () => {
  it("returns the chains by ascending id, copied field by field", async () => {
    const body = {
      mode: "chains",
      chains: { 8453: { ...described(8453, 9002), extra: "x" }, 1: described(1, 9001) },
      testAccounts: [],
    };
    const chains = await devChains("http://127.0.0.1:8787/", KEY, { fetch: answer(200, body) });
    expect(chains.map((c) => c.id)).toEqual([1, 8453]);
    expect(chains[0]).toEqual(described(1, 9001).chain);
    expect(Object.keys(chains[1] ?? {})).not.toContain("extra");
  });

  it("sends the key to the server's origin only, and never follows a redirect", async () => {
    let seen: { url: string; init: RequestInit | undefined } | undefined;
    const record = (async (url: string, init?: RequestInit) => {
      seen = { url, init };
      return new Response("", { status: 302, headers: { location: "http://elsewhere.test/" } });
    }) as unknown as typeof fetch;
    const refused = await devChains("http://127.0.0.1:8787", KEY, { fetch: record }).catch(
      (e: unknown) => e,
    );
    expect(seen?.url).toBe("http://127.0.0.1:8787/dev/chains");
    expect(seen?.init?.redirect).toBe("manual");
    expect(refused).toBeInstanceOf(DevChainsError);
    expect(String((refused as Error).message)).not.toContain(KEY);
  });

  it("refuses a refusal, the simulated mode and any other shape with a typed error", async () => {
    const cases: [number, unknown, RegExp][] = [
      [401, { error: "Unauthorized", code: 1000, status: 401 }, /answered 401 Unauthorized/],
      [200, { mode: "simulated", chains: {}, testAccounts: [] }, /simulated mode/],
      [200, "<html>proxy</html>", /not a dev server's answer/],
      [200, { mode: "chains", chains: {} }, /another shape/],
      [200, { mode: "chains", chains: { 1: described(2, 9001) } }, /another shape/],
      [
        200,
        { mode: "chains", chains: { 1: { ...described(1, 9001), rpcUrl: "javascript:x" } } },
        /another shape/,
      ],
      [200, { mode: "chains", chains: { 1: null } }, /another shape/],
    ];
    for (const [status, body, message] of cases) {
      const e = await devChains("http://127.0.0.1:1", KEY, { fetch: answer(status, body) }).catch(
        (x: unknown) => x,
      );
      expect(e, JSON.stringify(body)).toBeInstanceOf(DevChainsError);
      expect((e as DevChainsError).message).toMatch(message);
      expect((e as DevChainsError).status).toBe(status);
    }
  });
});

describe("devWalletProvider", () => {
  const chains = [chain(1, 9001), chain(8453, 9002)];

  /** A provider whose nodes answer `result`, recording each call's URL and method. */
  function provider(result: unknown = "0x1") {
    const calls: { url: string; method: string }[] = [];
    const node = (async (url: string, init: RequestInit) => {
      const { method, id } = JSON.parse(String(init.body)) as { method: string; id: number };
      calls.push({ url, method });
      const body =
        method === "eth_fail"
          ? { jsonrpc: "2.0", id, error: { code: 3, message: "execution reverted", data: "0x08" } }
          : { jsonrpc: "2.0", id, result };
      return new Response(JSON.stringify(body));
    }) as unknown as typeof fetch;
    return { p: devWalletProvider({ chains, fetch: node }), calls };
  }

  it("answers the account and chain itself, and switches chain with a chainChanged event", async () => {
    const { p, calls } = provider();
    expect(await p.request({ method: "eth_requestAccounts" })).toEqual([
      "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    ]);
    expect(await p.request({ method: "eth_chainId" })).toBe("0x1");
    const changes: unknown[] = [];
    p.on("chainChanged", (id) => changes.push(id));
    await p.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x2105" }] });
    expect(p.chainId).toBe(8453);
    expect(changes).toEqual(["0x2105"]);
    await p.request({ method: "eth_blockNumber" });
    // Reads go to the chain it is on now.
    expect(calls).toEqual([{ url: "http://127.0.0.1:9002", method: "eth_blockNumber" }]);
  });

  it("forwards the test account's transactions and signatures, and refuses any other's", async () => {
    const { p, calls } = provider("0xabc");
    const tx = { from: "0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266", to: "0x1", value: "0x0" };
    expect(await p.request({ method: "eth_sendTransaction", params: [tx] })).toBe("0xabc");
    expect(calls.map((c) => c.method)).toEqual(["eth_sendTransaction"]);
    const other = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    for (const [method, params] of [
      ["eth_sendTransaction", [{ ...tx, from: other }]],
      ["personal_sign", ["0x00", other]],
      ["eth_signTypedData_v4", [other, "{}"]],
    ] as const) {
      await expect(p.request({ method, params: [...params] })).rejects.toMatchObject({
        name: "DevWalletError",
        code: 4100,
      });
    }
    expect(calls).toHaveLength(1);
  });

  it("refuses unknown chains, wallet methods it lacks and bad parameters; passes node errors on", async () => {
    const { p } = provider();
    const refusal = (method: string, params?: unknown) =>
      p.request({ method, params }).catch((e: unknown) => e as DevWalletError);
    expect(await refusal("wallet_switchEthereumChain", [{ chainId: "0x89" }])).toMatchObject({
      code: 4902,
    });
    expect(await refusal("wallet_watchAsset", [])).toMatchObject({ code: 4200 });
    expect(await refusal("eth_call", { not: "an array" })).toMatchObject({ code: -32602 });
    const reverted = await refusal("eth_fail", []);
    expect(reverted).toBeInstanceOf(DevWalletError);
    expect(reverted).toMatchObject({ code: 3, data: "0x08" });
    expect(p.chainId).toBe(1);
    expect(() => devWalletProvider({ chains: [] })).toThrow(TypeError);
  });
});
