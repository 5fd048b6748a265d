/**
 * A `--state` path that holds something else is never changed: over many kinds of file (JSON with
 * and without a final newline, random bytes, text, a binary, a state file of another version, a
 * header that is almost ours, a symbolic link, a directory) the start is refused with a one-line
 * message, the file's bytes and mtime are as before and nothing is left beside it; only a missing
 * or an empty file becomes a new state file.
 */
import { randomBytes } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startServer } from "../../kit/server.js";
import { tempDirs } from "../../kit/temp-dirs.js";

const tempDir = tempDirs("xchain-not-ours-");
const STATE = '{"xchainIntentsState":1}\n{"t":"keys","keys":[]}\n';

/** Makes the thing at `path` in `dir`; answers the path given as the state file. */
type Maker = (dir: string, path: string) => void;

const write =
  (content: string | Buffer): Maker =>
  (_dir, path) =>
    writeFileSync(path, content);

const kinds: [string, Maker][] = [
  ["a JSON one-liner without a final newline", write(JSON.stringify({ name: "my-app" }))],
  ["pretty-printed JSON", write(`${JSON.stringify({ name: "my-app", v: [1, 2] }, null, 2)}\n`)],
  ["4,096 random bytes", write(randomBytes(4096))],
  ["text without a newline", write("just some notes")],
  ["text lines", write("line one\nline two\n")],
  ["a binary", write(readFileSync("/bin/true"))],
  ["a state file of another version", write('{"xchainIntentsState":2}\n{"t":"keys"}\n')],
  ["our header without its newline", write('{"xchainIntentsState":1}')],
  ["our header with a byte-order mark", write(`\ufeff${STATE}`)],
  ["our header spaced differently", write('{ "xchainIntentsState": 1 }\n')],
  ["another program's JSON lines", write('{"t":"log","msg":"hi"}\n{"t":"log"}\n')],
  ["a single newline", write("\n")],
  [
    "a symbolic link to a state file",
    (dir, path) => {
      writeFileSync(join(dir, "real.jsonl"), STATE);
      symlinkSync(join(dir, "real.jsonl"), path);
    },
  ],
  [
    "a symbolic link to a config file",
    (dir, path) => {
      writeFileSync(join(dir, "config.json"), '{"a":1}');
      symlinkSync(join(dir, "config.json"), path);
    },
  ],
  ["a directory", (_dir, path) => mkdirSync(path)],
];

/** Everything in `dir`: names, kinds, bytes and mtimes (links not followed). */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    const s = lstatSync(p);
    const bytes = s.isFile() ? readFileSync(p).toString("base64") : "";
    out[name] =
      `${s.isSymbolicLink() ? "link" : s.isDirectory() ? "dir" : "file"} ${s.mtimeMs} ${bytes}`;
  }
  return out;
}

describe("a --state path that is not a state file", () => {
  it.each(kinds)("is refused, byte for byte unchanged: %s", async (_kind, make) => {
    const dir = tempDir();
    const path = join(dir, "given");
    make(dir, path);
    // An mtime in the past, so that a rewrite of the same bytes would still show.
    if (!lstatSync(path).isSymbolicLink()) utimesSync(path, 1_000_000, 1_000_000);
    const before = snapshot(dir);
    const start = startServer({ port: 0, stateFile: path });
    await expect(start).rejects.toThrow(
      /^the state file .+ cannot be read: it does not start as an xchain-intents state file does \([^\n]+\); it was left unchanged: give another path, or move it away to start afresh$/,
    );
    expect(snapshot(dir)).toEqual(before);
  });

  it("names what it found: another version, a link, binary content, an excerpt", async () => {
    const dir = tempDir();
    const cases: [Maker, string][] = [
      [
        write('{"xchainIntentsState":2}\n'),
        "(a state file of version 2, this server reads version 1)",
      ],
      [(d, p) => symlinkSync(join(d, "nowhere"), p), "(it is a symbolic link)"],
      [write(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1])), "(binary content)"],
      [write('{\n  "name": "a"\n}'), '(it starts "{\\n  \\"name\\": \\"a\\"\\n}")'],
    ];
    for (const [i, [make, said]] of cases.entries()) {
      const path = join(dir, `f${i}`);
      make(dir, path);
      await expect(startServer({ port: 0, stateFile: path })).rejects.toThrow(said);
    }
  });

  it("becomes a new state file only when missing or empty", async () => {
    const dir = tempDir();
    for (const name of ["missing.jsonl", "empty.jsonl"]) {
      const path = join(dir, name);
      if (name === "empty.jsonl") writeFileSync(path, "");
      const srv = await startServer({ port: 0, stateFile: path });
      await srv.close();
      expect(readFileSync(path, "utf8").startsWith('{"xchainIntentsState":1}\n')).toBe(true);
      expect(existsSync(`${path}.lock`)).toBe(false);
    }
  });
});
