/**
 * How each injected fault changes an answer: the ones served instead of processing the request,
 * and the ones that spoil the answer of a request that was processed.
 */
import {
  ChainNodeHealthError,
  RateLimitedError,
  WebrpcInternalErrorError,
} from "../../../generated/errors.js";
import { sleep } from "../../client/wait.js";
import { httpDate } from "../core/index.js";
import { errorResponse } from "../wire/index.js";
import { ConnectionReset, type Fault } from "./faults.js";

const HTML_502 =
  "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\n<body><h1>502 Bad Gateway</h1><p>The upstream server did not answer.</p></body></html>\n";

/** The answer that replaces processing, or `undefined` when the fault lets the request through. */
export function faultBefore(fault: Fault, now: number, headers: Headers): Response | undefined {
  switch (fault.kind) {
    case "429": {
      const s = fault.seconds;
      if (fault.retryAfter === "seconds") headers.set("Retry-After", String(s));
      if (fault.retryAfter === "date") headers.set("Retry-After", httpDate(now + s * 1000));
      if (fault.retryAfter === "ms") headers.set("retry-after-ms", String(s * 1000));
      return errorResponse(
        { definition: RateLimitedError.definition, cause: "injected fault: 429" },
        headers,
      );
    }
    case "500":
      return errorResponse(
        { definition: WebrpcInternalErrorError.definition, cause: "injected fault: 500" },
        headers,
      );
    case "503":
      return errorResponse(
        { definition: ChainNodeHealthError.definition, cause: "injected fault: 503" },
        headers,
      );
    case "html-502":
      headers.set("Content-Type", "text/html; charset=utf-8");
      return new Response(HTML_502, { status: 502, headers });
    case "reset-before":
      throw new ConnectionReset(false);
    default:
      return undefined;
  }
}

/** The spoiled form of the real answer `response`. */
export async function faultAfter(
  fault: Fault,
  response: Response,
  signal: AbortSignal,
): Promise<Response> {
  switch (fault.kind) {
    case "empty":
      await response.body?.cancel();
      return new Response("", { status: 200, headers: response.headers });
    case "truncated": {
      const text = await response.text();
      return new Response(text.slice(0, Math.floor(text.length / 2)), {
        status: 200,
        headers: response.headers,
      });
    }
    case "slow-body": {
      const bytes = new Uint8Array(await response.arrayBuffer());
      const ms = fault.ms;
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          // An abort ends the wait early and the body is still sent, to nobody.
          await sleep(ms, signal).catch(() => undefined);
          controller.enqueue(bytes);
          controller.close();
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    }
    case "reset-after":
      await response.body?.cancel();
      throw new ConnectionReset(true);
    default:
      return response;
  }
}
