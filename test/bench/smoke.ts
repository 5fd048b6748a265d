/**
 * Smoke mode of the benches (`BENCH_SMOKE=1`): one short sample of everything, so that CI runs
 * every bench script (`test/system/bench/smoke.test.ts`) and a bench that no longer runs fails
 * there. Figures from it mean nothing.
 */

/** Whether the benches run in smoke mode. */
export const smoke = process.env.BENCH_SMOKE === "1";

/**
 * The number after `--name` on the command line; without one, `full`, or `short` in smoke mode.
 *
 * @example
 * const seconds = numberArg("--seconds", 20, 1);
 */
export function numberArg(name: string, full: number, short: number): number {
  const i = process.argv.indexOf(name);
  if (i >= 0) return Number(process.argv[i + 1]);
  return smoke ? short : full;
}
