/**
 * The type of a JSON Schema fragment, apart from the emitter that writes whole schemas
 * (`json-schema.ts`), so that the request rules it reads can name it without importing it back.
 */

/** A JSON Schema fragment. */
export type JsonSchema = { [key: string]: unknown };
