/**
 * Routing: which operation of the generated table is served at a path.
 */
import {
  type OperationInfo,
  type OperationName,
  operationTable,
} from "../../../generated/operations.js";

/** An operation of the generated table, with its name as a literal type (`OperationName`). */
export type RoutedOperation = OperationInfo & { readonly name: OperationName };

const byPath: ReadonlyMap<string, RoutedOperation> = new Map(
  Object.values(operationTable).map((op) => [op.path, op]),
);

/** The operation served at `pathname` (`/rpc/Service/QuoteIntent`), or `undefined`. */
export function operationAt(pathname: string): RoutedOperation | undefined {
  return byPath.get(pathname);
}
