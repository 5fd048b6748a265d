/**
 * This project's method annotations, checked after parsing with a position (webrpc itself accepts
 * any annotation, and `npm run ridl` still does): `@retry:safe` or `@retry:unsafe` (none: not
 * safe to repeat), `@public` and `@longpoll` without a value. `npm run generate` and the spec tools refuse
 * a schema that breaks them with one diagnostic line, before any emitter runs.
 */
import { ridlErrorAt, sourcePositions } from "./errors.js";
import type { Schema } from "./schema.js";

/** The annotations this project reads, and the values each one takes (`[""]`: no value). */
export const KNOWN_ANNOTATIONS: Readonly<Record<string, readonly string[]>> = {
  retry: ["safe", "unsafe"],
  public: [""],
  longpoll: [""],
};

const shown = (values: readonly string[]) =>
  values.map((v) => (v === "" ? "no value" : `"${v}"`)).join(" or ");

/** Throws a positioned `RidlError` for the first method annotation this project does not read. */
export function checkAnnotations(schema: Schema): void {
  for (const service of schema.services) {
    for (const method of service.methods) {
      for (const annotation of Object.values(method.annotations)) {
        const name = annotation.annotationType;
        const values = KNOWN_ANNOTATIONS[name];
        const at = sourcePositions.get(annotation) ?? sourcePositions.get(method);
        if (values === undefined)
          throw ridlErrorAt(
            `method ${method.name}: unknown annotation @${name}; expecting one of ${Object.keys(
              KNOWN_ANNOTATIONS,
            )
              .map((k) => `@${k}`)
              .join(", ")}`,
            at,
          );
        if (!values.includes(annotation.value))
          throw ridlErrorAt(
            `method ${method.name}: @${name} takes ${shown(values)}, found "${annotation.value}"${
              name === "retry" ? " (write @retry:safe or @retry:unsafe)" : ""
            }`,
            at,
          );
      }
    }
  }
}
