/**
 * Smoke mode of the benches (`BENCH_SMOKE=1`): one short sample of everything, so that CI runs
 * every bench script and a bench that no longer runs fails there. Figures from it mean nothing.
 */

/** Whether the benches run in smoke mode. */
export const smoke = process.env.BENCH_SMOKE === "1";
