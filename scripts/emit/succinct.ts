/**
 * Methods written with argument lists, `- EchoNote(intentId: string, note: string) => (note:
 * string)`, send and receive the same JSON objects as succinct ones: webrpc's body is an object
 * with one member per argument. Every emitter works on request and response structs, so this
 * pass gives such a method two structs, `<Method>Request` and `<Method>Response`, with the
 * arguments as fields, and makes it succinct. The schema hash is taken before, on the schema as
 * written.
 */
import type { Arg, Field, Method, Schema, StructType } from "../ridl/schema.js";

function structOf(name: string, args: readonly Arg[], comment: string): StructType {
  const fields = args.map((a): Field => {
    const f: Field = { name: a.name, type: a.type };
    if (a.optional) f.optional = true;
    return f;
  });
  const s: StructType = { kind: "struct", name, comments: [comment] };
  if (fields.length) s.fields = fields;
  return s;
}

/** The schema with every method in the succinct form (a copy; the input is not changed). */
export function withSuccinctMethods(schema: Schema): Schema {
  const types = [...schema.types];
  const taken = new Set(types.map((t) => t.name));
  const services = schema.services.map((service) => ({
    ...service,
    methods: service.methods.map((method): Method => {
      if (method.succinct) return method;
      const request = `${method.name}Request`;
      const response = `${method.name}Response`;
      for (const name of [request, response]) {
        if (taken.has(name)) {
          throw new Error(`method ${method.name}: type ${name} exists; use the succinct form`);
        }
        taken.add(name);
      }
      types.push(
        structOf(request, method.inputs, `Arguments of \`${method.name}\`.`),
        structOf(response, method.outputs, `Results of \`${method.name}\`.`),
      );
      return {
        ...method,
        succinct: true,
        inputs: [{ name: "req", type: request, optional: false }],
        outputs: [{ name: "res", type: response, optional: false }],
      };
    }),
  }));
  return { ...schema, types, services };
}
