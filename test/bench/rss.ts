/**
 * Child process of the bench: reads one document, decodes it once with one variant, and prints the
 * peak resident set size of the process (`maxRSS`, which includes the text itself) as JSON.
 * Usage: node --expose-gc --import tsx test/bench/rss.ts <variant> <file> <typeName>
 */
import { readFileSync } from "node:fs";
import { variants } from "./variants.js";

const [variant = "", file = "", typeName = ""] = process.argv.slice(2);
const decode = variants[variant];
if (decode === undefined) throw new Error(`unknown variant ${variant}`);
let text: string | undefined = readFileSync(file, "latin1");
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const before = process.memoryUsage().rss;
const value = decode(text, typeName);
text = undefined;
const peakKb = process.resourceUsage().maxRSS;
process.stdout.write(
  `${JSON.stringify({ variant, before, peak: peakKb * 1024, kept: value !== undefined })}\n`,
);
