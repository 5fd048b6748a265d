/** The syntax tree of one RIDL file, as the parser produces it (before any resolution). */

/** `webrpc|name|version|basepath = value` */
export interface HeaderNode {
  key: "webrpc" | "name" | "version" | "basepath";
  value: string;
}

/** `import path` with its optional member allow-list (empty = everything). */
export interface ImportNode {
  path: string;
  members: string[];
}

/** One `+ key = value` line. */
export interface MetaNode {
  key: string;
  value: string;
}

/** `enum Name: base` and its values (`value` undefined when implicit). */
export interface EnumNode {
  name: string;
  type: string;
  values: { name: string; value: string | undefined; comments: string[] }[];
}

/** `type Name: typeExpr` */
export interface AliasNode {
  name: string;
  type: string;
  meta: MetaNode[];
  comments: string[];
}

/** A struct field. */
export interface FieldNode {
  name: string;
  type: string;
  optional: boolean;
  meta: MetaNode[];
  comments: string[];
}

/** `struct Name` and its fields. */
export interface StructNode {
  name: string;
  fields: FieldNode[];
  comments: string[];
}

/** `error code Name message [HTTP status]`, code and status still as written. */
export interface ErrorNode {
  code: string;
  name: string;
  message: string;
  status: string | undefined;
}

/**
 * One item of a method's argument list: `name[?]: type`, or `TypeName)` (the succinct form, a
 * struct named in place of the arguments; only a list of exactly that item is succinct).
 */
export type ArgNode =
  | { inline: false; name: string; type: string; optional: boolean }
  | { inline: true; typeName: string };

/** A service method. */
export interface MethodNode {
  name: string;
  annotations: { name: string; value: string }[];
  comments: string[];
  streamInput: boolean;
  streamOutput: boolean;
  inputs: ArgNode[];
  outputs: ArgNode[];
  errors: string[];
}

/** `service Name` and its methods. */
export interface ServiceNode {
  name: string;
  methods: MethodNode[];
  comments: string[];
}

/** A whole file, statements grouped by kind in source order. */
export interface FileNode {
  headers: HeaderNode[];
  imports: ImportNode[];
  enums: EnumNode[];
  aliases: AliasNode[];
  structs: StructNode[];
  errors: ErrorNode[];
  services: ServiceNode[];
}
