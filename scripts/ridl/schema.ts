/**
 * webrpc's JSON schema shape (the intermediate representation), as `webrpc-gen -target=json`
 * writes it. Key order in these interfaces is the order webrpc serialises them in; builders must
 * insert keys in this order so that `JSON.stringify(schema, null, 1)` matches webrpc byte for byte.
 */

/** One `+ key = value` meta entry: exactly one key. */
export type Meta = Record<string, string>;

/** A struct field. Optional keys are omitted when false or empty (Go `omitempty`). */
export interface Field {
  comments?: string[];
  name: string;
  type: string;
  optional?: true;
  meta?: Meta[];
}

/** An enum value; `value` is always a string. */
export interface EnumValue {
  comments?: string[];
  name: string;
  value: string;
}

/** `type Name: T` */
export interface AliasType {
  kind: "alias";
  name: string;
  type: string;
  meta?: Meta[];
  comments?: string[];
}

/** `enum Name: base`; webrpc never emits comments for the enum itself. */
export interface EnumType {
  kind: "enum";
  name: string;
  type: string;
  fields?: EnumValue[];
}

/** `struct Name`; no `fields` key when it has none. */
export interface StructType {
  kind: "struct";
  name: string;
  fields?: Field[];
  comments?: string[];
}

/** Any named type of the schema. */
export type SchemaType = AliasType | EnumType | StructType;

/** `error CODE Name "message" HTTP status` */
export interface SchemaError {
  code: number;
  name: string;
  message: string;
  httpStatus: number;
}

/** One method argument (input or output). `optional` is always present. */
export interface Arg {
  name: string;
  type: string;
  optional: boolean;
}

/** A method annotation such as `@deprecated:"use X"`. */
export interface Annotation {
  annotationType: string;
  value: string;
}

/** A service method. */
export interface Method {
  name: string;
  annotations: Record<string, Annotation>;
  comments: string[];
  succinct?: true;
  streamInput?: true;
  streamOutput?: true;
  inputs: Arg[];
  outputs: Arg[];
  errors?: string[];
}

/** A service. `comments` is always present. */
export interface Service {
  name: string;
  methods: Method[];
  comments: string[];
}

/** The whole schema. All keys are always present, in this order. */
export interface Schema {
  webrpc: string;
  name: string;
  version: string;
  basepath: string;
  types: SchemaType[];
  errors: SchemaError[];
  services: Service[];
}
