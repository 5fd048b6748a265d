/**
 * Routing: which operation of the generated table is served at a path.
 */
import { type OperationInfo, operationTable } from "../../../generated/operations.js";

const byPath: ReadonlyMap<string, OperationInfo> = new Map(
  Object.values(operationTable).map((op) => [op.path, op]),
);

/** The operation served at `pathname` (`/rpc/Service/QuoteIntent`), or `undefined`. */
export function operationAt(pathname: string): OperationInfo | undefined {
  return byPath.get(pathname);
}
