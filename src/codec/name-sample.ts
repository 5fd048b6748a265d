/**
 * The count of distinct key names behind `ScanBounds.names`, made on a random sample of the keys
 * when the bound is large. Cutting every key out of a 100 MB text to put it in a `Set` costs
 * about as much as the rest of the scan; a sample of one key in `rate` costs a random draw a
 * key (about 10 ms for the 2 million keys of the 10k search), and still refuses what the bound
 * is for: a body whose names never repeat.
 *
 * Why a sample keeps the bound: each key is taken with probability `1 / rate`, independently of
 * the others, by a draw of `Math.random()` at each key (a server cannot know which keys will be
 * looked at). A body of `D` distinct names then puts each of them in the sample with probability
 * at least `1 / rate` (more when it repeats), independently, so the count of names in the sample
 * is at least a Binomial(D, 1/rate) draw, whatever their order; the body is refused when the
 * sample holds more than `bound / rate = SAMPLE_FLOOR` of them (the scan reports the sample's
 * count times `rate`, which passes `bound` exactly then). A sample never holds more names
 * than the body, so a body of at most `SAMPLE_FLOOR` names is never refused; one of
 * `1.25 × bound` names passes with probability below 10^-13, of `1.5 × bound` below 10^-43 (the
 * binomial tail at 1,024; about even odds at `bound` itself). Below `2 × SAMPLE_FLOOR`, every
 * key is counted and the bound is exact.
 */

/** Fewest distinct names the sample may hold before refusing: well above any real answer's. */
export const SAMPLE_FLOOR = 1024;

/**
 * One key in how many is taken for a bound of `bound` distinct names: 1 (every key, an exact
 * count) under `2 × SAMPLE_FLOOR`, else `bound / SAMPLE_FLOOR` (any real number: each key is
 * a draw of its own), which refuses a sample of more than `SAMPLE_FLOOR` names.
 *
 * @example
 * sampleRate(8192); // 8: refused past 1,024 names in the sample
 */
export function sampleRate(bound: number): number {
  return bound < 2 * SAMPLE_FLOOR ? 1 : bound / SAMPLE_FLOOR;
}
