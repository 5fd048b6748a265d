/** A two-column table for the demo's summary, drawn with box characters. */

/** One row: a label and its value (no ANSI codes: widths are counted in characters). */
export type Row = readonly [label: string, value: string];

/**
 * Renders rows as a boxed table with a title line.
 *
 * @example
 * renderTable("Summary", [["status", "SUCCEEDED"], ["paid", "25.166782 USDC"]]);
 */
export function renderTable(title: string, rows: readonly Row[]): string {
  const w0 = Math.max(...rows.map(([label]) => width(label)), 0);
  const w1 = Math.max(...rows.map(([, value]) => width(value)), width(title) - w0 - 3, 0);
  const line = (l: string, m: string, r: string) =>
    `${l}${"─".repeat(w0 + 2)}${m}${"─".repeat(w1 + 2)}${r}`;
  const out = [
    line("┌", "─", "┐"),
    `│ ${pad(title, w0 + w1 + 3)} │`,
    line("├", "┬", "┤"),
    ...rows.map(([label, value]) => `│ ${pad(label, w0)} │ ${pad(value, w1)} │`),
    line("└", "┴", "┘"),
  ];
  return `${out.join("\n")}\n`;
}

function width(text: string): number {
  return Array.from(text).length;
}

function pad(text: string, to: number): string {
  return text + " ".repeat(Math.max(0, to - width(text)));
}
