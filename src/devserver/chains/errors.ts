/**
 * Why the chain side refused an execution: the deposit does not pay the intent as it must, or a
 * permit does not verify. The operation turns it into the interface's `InvalidArgument`, naming
 * the field; the intent is left as it was.
 */

/** A deposit or permit that does not do what the intent needs; `message` says expected and found. */
export class DepositRefusedError extends Error {
  override readonly name = "DepositRefusedError";

  /**
   * @param pointer the request field at fault (`/depositTransactionHash`, `/depositSignature/…`).
   * @param message what was expected and what was found.
   */
  constructor(
    readonly pointer: string,
    message: string,
  ) {
    super(message);
  }
}
