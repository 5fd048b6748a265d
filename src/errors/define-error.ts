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

/** The class of `definition` (used by `generated/errors.ts`). */
export function defineError<Name extends string>(
  definition: ErrorDefinition & { readonly name: Name },
): SchemaErrorClass<Name> {
  const cls = class extends ServiceError {
    static readonly definition = definition;
    constructor(options?: ServiceErrorOptions) {
      super(definition, options);
    }
  };
  Object.defineProperty(cls, "name", { value: definition.name });
  return cls;
}
