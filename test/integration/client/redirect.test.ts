import { describe, expect, it } from "vitest";
import { isRedirect, redirectRefused } from "../../../src/client/redirect.js";

const ctx = { operation: "GetIntent", secret: "ak_unit_SECRET_0123456789" };
const from = "http://127.0.0.1:8080/rpc/Service/GetIntent";

describe("redirect answers", () => {
  it("every 3xx is a redirect; other statuses are not", () => {
    for (const status of [300, 301, 302, 303, 304, 307, 308]) {
      expect(isRedirect(new Response(null, { status }))).toBe(true);
    }
    for (const status of [200, 204, 400, 404, 500]) {
      expect(isRedirect(new Response(null, { status }))).toBe(false);
    }
  });

  it("names the status and the Location's origin, relative or absolute", () => {
    const other = redirectRefused(
      new Response(null, { status: 308, headers: { location: "https://evil.example:444/x?k=1" } }),
      ctx,
      from,
    );
    expect([other.status, other.locationOrigin]).toEqual([308, "https://evil.example:444"]);
    expect(other.message).toContain("to https://evil.example:444 (another origin)");
    const same = redirectRefused(
      new Response(null, { status: 302, headers: { location: "/elsewhere" } }),
      ctx,
      from,
    );
    expect(same.locationOrigin).toBe("http://127.0.0.1:8080");
    expect(same.message).toContain("(the same origin)");
  });

  it("a missing or unreadable Location, and a browser's opaque redirect (status 0)", () => {
    const none = redirectRefused(new Response(null, { status: 301 }), ctx, from);
    expect(none.locationOrigin).toBeUndefined();
    expect(none.message).toContain("a location the client cannot read");
    const bad = redirectRefused(
      new Response(null, { status: 301, headers: { location: "http://[" } }),
      ctx,
      from,
    );
    expect(bad.locationOrigin).toBeUndefined();
    // What a browser hands over for redirect: "manual" (not constructible outside one).
    const opaque = { type: "opaqueredirect", status: 0, headers: new Headers() } as Response;
    expect(isRedirect(opaque)).toBe(true);
    const e = redirectRefused(opaque, ctx, from);
    expect(e.status).toBe(0);
    expect(e.message).toMatch(
      /^GetIntent answered a redirect to a location the client cannot read/,
    );
  });

  it("the key never shows, even in the Location's host", () => {
    const e = redirectRefused(
      new Response(null, {
        status: 307,
        headers: { location: `http://${ctx.secret.toLowerCase()}.example/` },
      }),
      { ...ctx, secret: ctx.secret.toLowerCase() },
      from,
    );
    expect(JSON.stringify(e.toJSON())).not.toContain(ctx.secret.toLowerCase());
    expect(e.locationOrigin).toBe("http://[redacted].example");
  });
});
