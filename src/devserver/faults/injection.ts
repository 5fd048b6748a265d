/**
 * The faults of one server: off unless the options or `injectFaults` turn them on; then each
 * request takes the fault its `X-Dev-Fault` header names, else the next scheduled one for its
 * operation.
 */
import { WebrpcBadRequestError } from "../../../generated/errors.js";
import {
  CHAIN_FAULT_OPERATION,
  type Fault,
  type FaultRule,
  FaultSchedule,
  isChainFault,
  parseFault,
} from "./faults.js";

/** Fault injection for one server. */
export class FaultInjection {
  private readonly schedule: FaultSchedule;

  constructor(
    rules: FaultRule[],
    private enabled: boolean,
  ) {
    this.schedule = new FaultSchedule(rules);
  }

  /** Schedules more faults; this also turns injection on. */
  add(rules: FaultRule[]): void {
    this.schedule.add(rules);
    this.enabled = true;
  }

  /**
   * The fault for `request` to operation `op`, if any; a header naming no fault, or a chain fault
   * for another operation, is a `WebrpcBadRequest`.
   */
  take(request: Request, op: string): Fault | undefined {
    if (!this.enabled) return undefined;
    const header = request.headers.get("x-dev-fault");
    if (header === null) return this.schedule.take(op);
    const fault = parseFault(header);
    if (fault === undefined)
      throw new WebrpcBadRequestError({
        cause: `unknown X-Dev-Fault value ${JSON.stringify(header.slice(0, 40))}`,
      });
    if (isChainFault(fault) && op !== CHAIN_FAULT_OPERATION)
      throw new WebrpcBadRequestError({
        cause: `the chain fault ${fault.kind} applies to ${CHAIN_FAULT_OPERATION} only`,
      });
    return fault;
  }
}
