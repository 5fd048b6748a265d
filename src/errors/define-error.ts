/**
 * Error classes built from the generated table: one small call per error instead of a written-out
 * class body each. Every class is a real subclass of `ServiceError` (`instanceof` works), its
 * `name` and `constructor.name` are the class name (`QuoteExpiredError`). One guard,
 * `isServiceError(e, "QuoteExpired")`, recognises them all, also from another realm or SDK copy.
 */
import { type ErrorDefinition, ServiceError, type ServiceErrorOptions } from "./service-error.js";

/**
 * An error of the schema: a `ServiceError` whose `name` is its class name (`Name`; a subclass such
 * as `RequestValidationError` may set its own).
 */
export interface SchemaError<Name extends string = string> extends ServiceError {
  /** Type-level only (never set): tells the error types apart, as distinct classes are. */
  readonly [errorClassName]?: Name;
}

/** The key of `SchemaError`'s type-level class name; exists in types only. */
declare const errorClassName: unique symbol;

/** The class of one schema error. */
export interface SchemaErrorClass<Name extends string = string> {
  new (options?: ServiceErrorOptions): SchemaError<Name>;
  /** This error's definition in the schema. */
  readonly definition: ErrorDefinition;
  readonly prototype: SchemaError<Name>;
}

/** What a class made by `defineError` adds to a plain schema error. */
export interface ErrorShape<Extra extends object> {
  /**
   * The error class it refines (`instanceof` that class holds): the wire name, code and status
   * are then that class's, and `definition` only names the class.
   */
  readonly base?: SchemaErrorClass | undefined;
  /** Option fields kept on the error, and written by `toJSON`, in this order. */
  readonly fields?: readonly (keyof Extra & string)[];
  /** Options applied under the caller's (a default status). */
  readonly defaults?: ServiceErrorOptions;
  /** Options applied over the caller's (`retryable: false`). */
  readonly fixed?: ServiceErrorOptions;
}

/** No fields of its own. */
export type NoFields = Record<never, never>;

/** The class of an error with fields of its own (`Extra`), made by `defineError`. */
export interface ErrorClassWith<Name extends string, Extra extends object> {
  new (
    ...options: NoFields extends Extra
      ? [options?: ServiceErrorOptions & Extra]
      : [options: ServiceErrorOptions & Extra]
  ): SchemaError<Name> & Readonly<Extra>;
  /** This error's definition. */
  readonly definition: ErrorDefinition;
  readonly prototype: SchemaError<Name> & Readonly<Extra>;
}

/**
 * The class of `definition`: the schema's errors (`generated/errors.ts`) and the SDK's own
 * (`client/client-errors.ts`, from the rows of `client-codes.ts`) alike. `shape` adds fields,
 * fixed or default options, or refines another error class.
 */
export function defineError<Name extends string>(
  definition: ErrorDefinition & { readonly name: Name },
): SchemaErrorClass<Name>;
export function defineError<Name extends string, Extra extends object>(
  definition: ErrorDefinition & { readonly name: Name },
  shape: ErrorShape<Extra>,
): ErrorClassWith<Name, Extra>;
export function defineError<Name extends string, Extra extends object>(
  definition: ErrorDefinition & { readonly name: Name },
  shape: ErrorShape<Extra> = {},
): ErrorClassWith<Name, Extra> {
  const { base, fields = [], defaults, fixed } = shape;
  const parent = (base ?? ServiceError) as new (...args: unknown[]) => ServiceError;
  const cls = class extends parent {
    static readonly definition = definition;
    static readonly fields: readonly string[] = fields;
    constructor(options?: ServiceErrorOptions & Extra) {
      const o = defaults || fixed ? { ...defaults, ...options, ...fixed } : options;
      super(...(base ? [o] : [definition, o]));
      if (base) this.name = definition.name;
      for (const f of fields) Reflect.set(this, f, o === undefined ? undefined : Reflect.get(o, f));
    }
  };
  Object.defineProperty(cls, "name", { value: definition.name });
  return cls as unknown as ErrorClassWith<Name, Extra>;
}

/**
 * The class of a schema error from its row: wire name `error`, wire code, HTTP status and message;
 * its class name is the wire name and `Error` (`QuoteExpired` → `QuoteExpiredError`). The generated
 * classes are written this way: each row once, without the class name spelt out again.
 */
export function schemaError<Wire extends string>(
  error: Wire,
  code: number,
  status: number,
  message: string,
): SchemaErrorClass<`${Wire}Error`> {
  return defineError({ name: `${error}Error`, error, code, status, message });
}
