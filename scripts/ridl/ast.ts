/** The syntax tree of one RIDL file, as the parser produces it (before any resolution). */
import type { SourcePosition } from "./errors.js";

/** Where a node starts (its name, or for typed nodes, its type expression), for diagnostics. */
export type At = SourcePosition;

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
  at?: At;
  typeAt?: At;
}

/** `type Name: typeExpr` */
export interface AliasNode {
  name: string;
  type: string;
  meta: MetaNode[];
  comments: string[];
  at?: At;
  typeAt?: At;
}

/** A struct field. */
export interface FieldNode {
  name: string;
  type: string;
  optional: boolean;
  meta: MetaNode[];
  comments: string[];
  at?: At;
  typeAt?: At;
}

/** `struct Name` and its fields. */
export interface StructNode {
  name: string;
  fields: FieldNode[];
  comments: string[];
  at?: At;
}

/** `error code Name message [HTTP status]`, code and status still as written. */
export interface ErrorNode {
  code: string;
  name: string;
  message: string;
  status: string | undefined;
  at?: At;
}

/**
 * One item of a method's argument list: `name[?]: type`, or `TypeName)` (the succinct form, a
 * struct named in place of the arguments; only a list of exactly that item is succinct).
 */
export type ArgNode =
  | { inline: false; name: string; type: string; optional: boolean; at?: At; typeAt?: At }
  | { inline: true; typeName: string; at?: At };

/** A service method. */
export interface MethodNode {
  name: string;
  /** Each annotation, with the position of its name (for diagnostics). */
  annotations: { name: string; value: string; at?: SourcePosition }[];
  comments: string[];
  streamInput: boolean;
  streamOutput: boolean;
  inputs: ArgNode[];
  outputs: ArgNode[];
  errors: string[];
  at?: At;
}

/** `service Name` and its methods. */
export interface ServiceNode {
  name: string;
  methods: MethodNode[];
  comments: string[];
  at?: At;
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
