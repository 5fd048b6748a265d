/**
 * Set-up shared by the reliability tests: a dev server on loopback that accepts the test key, a
 * client pointed at it with small retry delays, and intents at each stage of their lifecycle.
 */
import type { QuoteIntentRequest } from "../../../generated/types.js";
import type { DevServer, StartOptions } from "../../../src/devserver/index.js";
import { type ClientOptions, createClient, type IntentClient } from "../../../src/index.js";
import type { RetryInfo } from "../../../src/types.js";
import { usdcRequest } from "../devserver/helpers.js";
import { startServer } from "../server.js";
import { type Exposure, SECRET } from "./secrets.js";

/** A dev server that accepts only `SECRET`, with no rate limit unless asked. */
export function startService(options: StartOptions = {}): Promise<DevServer> {
  return startServer({
    port: 0,
    host: "127.0.0.1",
    rateLimit: false,
    accessKeys: [{ key: SECRET }],
    ...options,
  });
}

/** What a test client records: every retry it announced. */
export interface RecordingClient {
  client: IntentClient;
  retries: RetryInfo[];
}

/**
 * A client of `url` with the test key, small retry delays (`baseDelayMs` 5, `maxDelayMs` 1500, so
 * a `Retry-After: 1` is honoured), and every retry recorded (also into `exposure`, if given).
 */
export function recordingClient(
  url: string,
  options: Partial<ClientOptions> & { maxRetries?: number; exposure?: Exposure } = {},
): RecordingClient {
  const retries: RetryInfo[] = [];
  const { maxRetries = 3, exposure, ...rest } = options;
  const client = createClient({
    baseUrl: url,
    accessKey: SECRET,
    retry: {
      maxRetries,
      baseDelayMs: 5,
      maxDelayMs: 1_500,
      onRetry: (info) => {
        retries.push(info);
        exposure?.record(info);
      },
    },
    ...rest,
  });
  return { client, retries };
}

/** A cross-chain USDC quote request for `owner`. */
export function quoteRequestFor(owner: string, amount = 250_000_000n): QuoteIntentRequest {
  return usdcRequest({ ownerAddress: owner, originTokenAmount: amount });
}

/** A random owner address (lower case), so that each run searches its own intents. */
export function randomOwner(): string {
  const bytes = new Uint8Array(20);
  globalThis.crypto.getRandomValues(bytes);
  return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** A deposit transaction hash that succeeds under the default failure rule. */
export function depositHash(n: number): string {
  return `0x${n.toString(16).padStart(8, "0")}${"ab".repeat(28)}`;
}
