/**
 * The deposit stores: what is written is read back; a damaged record reads as a deposit that may
 * have been started (never as none); keys from a hostile server never become paths.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { defaultDepositStore } from "../../../src/wallet/deposit-store.js";
import { fileDepositStore } from "../../../src/wallet/file-store.js";
import {
  type DepositRecord,
  depositKey,
  localStorageDepositStore,
  memoryDepositStore,
  WalletRpcError,
} from "../../../src/wallet/index.js";

const record: DepositRecord = {
  state: "sent",
  chainId: 42161,
  intentAddress: "0x1111111111111111111111111111111111111111",
  from: "0x2222222222222222222222222222222222222222",
  amount: "115792089237316195423570985008687907853269984665640564039457584007913129639935",
  fromBlock: "12",
  hash: `0x${"ab".repeat(32)}`,
  at: 1,
};
const dir = mkdtempSync(join(tmpdir(), "deposit-store-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A Web Storage in memory. */
function webStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    m,
  };
}

describe("deposit stores", () => {
  it("read back what they wrote (memory, localStorage, file)", async () => {
    const key = depositKey(42161, record.intentAddress);
    for (const store of [
      memoryDepositStore(),
      localStorageDepositStore(webStorage()),
      fileDepositStore(dir),
    ]) {
      expect(await store.get(key)).toBeUndefined();
      await store.set(key, record);
      expect(await store.get(key)).toMatchObject(record);
    }
  });

  it("the file store names files by hash: a hostile key stays inside the directory", async () => {
    const store = fileDepositStore(dir);
    await store.set("../../etc/x", record);
    expect(readdirSync(dir).every((f) => /^[0-9a-f]{40}\.json$/.test(f))).toBe(true);
    expect(await store.get("../../etc/x")).toMatchObject(record);
  });

  it("a damaged record reads as a started deposit, not as none", async () => {
    const storage = webStorage();
    const local = localStorageDepositStore(storage);
    storage.m.set("k", "{not json");
    expect(await local.get("k")).toMatchObject({ state: "sending" });
    const files = fileDepositStore(dir);
    await files.set("damaged", record);
    for (const f of readdirSync(dir)) writeFileSync(join(dir, f), '{"state":"sent","hash":"0x12"');
    expect(await files.get("damaged")).toMatchObject({ state: "sending" });
  });

  it("the file store claims exclusively; a live holder's claim is waited for, a dead one's taken over", async () => {
    const claims = mkdtempSync(join(tmpdir(), "deposit-claims-"));
    try {
      const [a, b] = [fileDepositStore(claims), fileDepositStore(claims)];
      const release = await a.claim?.("k");
      expect(release).toBeTypeOf("function");
      expect(await b.claim?.("k")).toBeUndefined(); // held by this (live) process
      await release?.();
      const again = await b.claim?.("k");
      expect(again).toBeTypeOf("function");
      await again?.();
      // A claim left by a process that is no longer alive on this host is taken over.
      const file = join(
        claims,
        `${createHash("sha256").update("k").digest("hex").slice(0, 40)}.json.claim`,
      );
      const dead = { pid: 0x7ffffff0, host: hostname(), at: 1, id: "dead" };
      writeFileSync(file, JSON.stringify(dead));
      const taken = await a.claim?.("k");
      expect(taken).toBeTypeOf("function");
      expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ pid: process.pid });
      await taken?.();
      expect(readdirSync(claims).filter((f) => f.endsWith(".claim"))).toEqual([]);
      // A claim from another host is never taken over: its liveness cannot be known here.
      writeFileSync(file, JSON.stringify({ ...dead, host: `not-${hostname()}` }));
      expect(await a.claim?.("k")).toBeUndefined();
    } finally {
      rmSync(claims, { recursive: true, force: true });
    }
  });

  it("the localStorage store claims under a Web Lock when the browser has them, else cannot", async () => {
    const held = new Set<string>();
    const locks = {
      async request(
        name: string,
        _o: { ifAvailable: boolean },
        cb: (l: unknown) => Promise<unknown>,
      ) {
        if (held.has(name)) return cb(null);
        held.add(name);
        try {
          return await cb({ name });
        } finally {
          held.delete(name);
        }
      },
    };
    const [a, b] = [
      localStorageDepositStore(webStorage(), locks),
      localStorageDepositStore(webStorage(), locks),
    ];
    const release = await a.claim?.("k");
    expect(release).toBeTypeOf("function");
    expect(await b.claim?.("k")).toBeUndefined();
    await release?.();
    await new Promise((r) => setTimeout(r, 0));
    const again = await b.claim?.("k");
    expect(again).toBeTypeOf("function");
    await again?.();
    expect(localStorageDepositStore(webStorage(), null).claim).toBeUndefined();
  });

  it("depositKey is one per chain and deposit address, whatever the case", () => {
    expect(depositKey(1, "0xAbC0000000000000000000000000000000000000")).toBe(
      depositKey(1, "0xabc0000000000000000000000000000000000000"),
    );
    expect(depositKey(1, record.intentAddress)).not.toBe(depositKey(10, record.intentAddress));
  });

  it("localStorageDepositStore where there is no localStorage: WalletRpcError naming the fix", () => {
    let e: unknown;
    try {
      localStorageDepositStore();
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(WalletRpcError);
    expect((e as WalletRpcError).sent).toBe(false);
    expect(String((e as Error).message)).toMatch(/no localStorage.*fileDepositStore/);
  });

  it("the default store outside a browser is one memory store for the process", () => {
    const store = defaultDepositStore();
    expect(store).toBe(defaultDepositStore());
    expect(store).toBeInstanceOf(Map);
    expect(store.claim).toBeUndefined();
  });
});
