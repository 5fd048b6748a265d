/**
 * `npx tsx scripts/lock-platforms.ts`: completes package-lock.json with the platform packages of
 * other machines (macOS, Windows, musl, other CPUs) that the registry reachable here does not
 * serve. Without them `npm ci` refuses the lockfile ("Missing: … from lock file"), because npm
 * expects an entry for every optional dependency. Each added entry carries the version the parent
 * asks for and the `os`/`cpu`/`libc` its name states, so npm skips it on other platforms without
 * fetching it, and installs it (from the registry) on the platform it is for.
 * Re-run after upgrading a package with per-platform binaries, then `npm install --package-lock-only`
 * (npm puts the entries in its order); `--check` fails when one is missing.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readCheckArg } from "../src/internal/command/args.js";

/** A lockfile package entry (the fields this script reads or writes). */
interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  license?: string;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

const LOCK = fileURLToPath(new URL("../package-lock.json", import.meta.url));

const OS: Record<string, string> = {
  android: "android",
  darwin: "darwin",
  freebsd: "freebsd",
  linux: "linux",
  openbsd: "openbsd",
  openharmony: "openharmony",
  win32: "win32",
  windows: "win32",
};
const CPU: Record<string, string> = {
  aarch64: "arm64",
  arm64: "arm64",
  x64: "x64",
  "64": "x64",
  arm: "arm",
  ia32: "ia32",
  loong64: "loong64",
  ppc64: "ppc64",
  riscv64: "riscv64",
  s390x: "s390x",
};

/** `os`, `cpu` and `libc` as a platform package's name states them; `undefined` if it does not. */
export function platformOf(name: string): Pick<LockEntry, "os" | "cpu" | "libc"> | undefined {
  const parts = (name.split("/").pop() ?? "").split("-");
  const os = parts.map((p) => OS[p]).find((x) => x !== undefined);
  const cpu = parts.map((p) => CPU[p]).find((x) => x !== undefined);
  if (os === undefined || cpu === undefined) return undefined;
  const tail = parts.slice(1).join("-");
  const libc = /musl/.test(tail) ? "musl" : /gnu|glibc/.test(tail) ? "glibc" : undefined;
  return { os: [os], cpu: [cpu], ...(os === "linux" && libc ? { libc: [libc] } : {}) };
}

/** The lockfile with an entry for every optional platform dependency; the names added. */
export function complete(lock: { packages: Record<string, LockEntry> }): string[] {
  const added: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const key = `${path === "" ? "" : `${path}/`}node_modules/${name}`;
      const hoisted = `node_modules/${name}`;
      if (lock.packages[key] ?? lock.packages[hoisted]) continue;
      const platform = platformOf(name);
      if (platform === undefined) continue;
      lock.packages[path === "" ? hoisted : key] = {
        version,
        ...(entry.dev ? { dev: true } : {}),
        optional: true,
        ...(entry.license ? { license: entry.license } : {}),
        ...platform,
      };
      added.push(`${name}@${version}`);
    }
  }
  return added;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = readCheckArg(process.argv.slice(2));
  if ("unexpected" in args) {
    process.stderr.write(
      `lock-platforms: unexpected argument ${JSON.stringify(args.unexpected)}\nusage: lock-platforms [--check]\n`,
    );
    process.exit(2);
  }
  const text = readFileSync(LOCK, "utf8");
  const lock = JSON.parse(text);
  const added = complete(lock);
  if (args.check) {
    if (added.length) process.stderr.write(`package-lock.json lacks: ${added.join(", ")}\n`);
    process.exitCode = added.length ? 1 : 0;
  } else {
    writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
    process.stdout.write(
      `package-lock.json: ${added.length} platform entries added\n${added.join("\n")}\n`,
    );
  }
}
