/** Every error of the schema, as a server sends it, through `errorFromWire`. */
import { describe, expect, it } from "vitest";
import { errorClassByCode, errorDefinitions } from "../../../generated/error-table.js";
import * as generated from "../../../generated/errors.js";
import { errorFromWire, versionsLine } from "../../../src/client/from-wire.js";
import { isServiceError, type ServiceErrorName } from "../../../src/client/is-service-error.js";
import { ServiceError } from "../../../src/errors/service-error.js";

const ctx = { operation: "GetIntent", secret: "s3cr3t" };

/** ClientOutdated names the versions this client speaks after the server's message. */
const expectedMessage = (code: number, message: string) =>
  code === generated.ClientOutdatedError.definition.code
    ? `${message} (${versionsLine()}; install the latest xchain-intents)`
    : message;

describe("errorFromWire over every schema error", () => {
  it("the code ⇄ class table covers every definition, once", () => {
    expect(errorClassByCode.size).toBe(errorDefinitions.length);
    expect(new Set(errorDefinitions.map((d) => d.code)).size).toBe(errorDefinitions.length);
  });

  for (const def of errorDefinitions) {
    it(`${def.error} (${def.code}, HTTP ${def.status})`, () => {
      const Class = errorClassByCode.get(def.code);
      if (!Class) throw new Error(`no class for code ${def.code}`);
      const body = { error: def.error, code: def.code, msg: def.message, status: def.status };
      const e = errorFromWire(def.status, body, ctx);
      expect(e).toBeInstanceOf(Class);
      expect(e.constructor).toBe(Class);
      expect(e).toBeInstanceOf(ServiceError);
      expect({ name: e.name, error: e.error, code: e.code, status: e.status }).toEqual({
        name: def.name,
        error: def.error,
        code: def.code,
        status: def.status,
      });
      expect(e.message).toBe(expectedMessage(def.code, def.message));
      expect(e.operation).toBe("GetIntent");
      expect(isServiceError(e)).toBe(true);
      expect(isServiceError(e, def.error as ServiceErrorName)).toBe(true);
      // Without `msg` the schema's message stands in.
      const bare = errorFromWire(def.status, { error: def.error, code: def.code }, ctx);
      expect(bare.message).toBe(expectedMessage(def.code, def.message));
    });
  }
});
