/** Terminal styling of the demo: ANSI colours on a TTY, plain text otherwise or with `NO_COLOR`. */

/** Text styles; each returns its input unchanged when colours are off. */
export interface Style {
  /** Whether colours are on. */
  readonly color: boolean;
  /** Bold text. */
  bold(text: string): string;
  /** Dimmed text. */
  dim(text: string): string;
  /** Green text (success). */
  green(text: string): string;
  /** Red text (failure). */
  red(text: string): string;
  /** Cyan text (names, values). */
  cyan(text: string): string;
  /** Yellow text (pending). */
  yellow(text: string): string;
}

const codes = { bold: 1, dim: 2, red: 31, green: 32, yellow: 33, cyan: 36 } as const;

/**
 * Styles for an output: colours only when `color` is true.
 *
 * @example
 * const s = createStyle(process.stdout.isTTY === true && !process.env.NO_COLOR);
 * console.log(s.green("SUCCEEDED"));
 */
export function createStyle(color: boolean): Style {
  const paint = (code: number) => (text: string) =>
    color ? `\u001b[${code}m${text}\u001b[0m` : text;
  return {
    color,
    bold: paint(codes.bold),
    dim: paint(codes.dim),
    green: paint(codes.green),
    red: paint(codes.red),
    cyan: paint(codes.cyan),
    yellow: paint(codes.yellow),
  };
}
