/**
 * The Ping side of `loop-pauses.ts`, in a process of its own: the process that sends the attack
 * (a thousand fetches started at once hold its loop for a second) must not delay the Ping it
 * times. Started with `{ url, key }` as JSON in its first argument, it sends a first Ping (not
 * counted) and says "ready" over IPC; then it sends a Ping, waits 20 ms, and again, until it is
 * sent "stop"; then it sends the latencies, in milliseconds. With `fresh: true` each Ping goes on a
 * connection of its own (no keep-alive), as a newcomer's request does.
 */
import { request } from "node:http";

const { url, key, fresh } = JSON.parse(process.argv[2] ?? "{}") as {
  url: string;
  key: string;
  fresh?: boolean;
};

/** A Ping on a new connection, closed after it. */
function freshPing(): Promise<void> {
  return new Promise((resolve) => {
    const req = request(
      `${url}/rpc/Service/Ping`,
      {
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", "x-access-key": key, connection: "close" },
      },
      (res) => {
        res.resume();
        res.on("end", resolve);
        res.on("error", () => resolve());
      },
    );
    req.on("error", () => resolve());
    req.end("{}");
  });
}

let stop = false;
process.once("message", () => {
  stop = true;
});
async function ping(): Promise<number> {
  const t = performance.now();
  if (fresh === true) {
    await freshPing();
    return performance.now() - t;
  }
  try {
    const res = await fetch(`${url}/rpc/Service/Ping`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-access-key": key },
      body: "{}",
    });
    await res.text();
  } catch {
    // a failed Ping still counts its time
  }
  return performance.now() - t;
}

await ping();
process.send?.("ready");
const latencies: number[] = [];
while (!stop) {
  latencies.push(await ping());
  await new Promise((r) => setTimeout(r, 20));
}
process.send?.(latencies, () => process.disconnect());
