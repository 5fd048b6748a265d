/**
 * `generated/dev-token.ts` and `generated/dev-filler.ts`: the creation code and ABI of the dev
 * server's contracts in `scripts/contracts/` (`DevToken`, an OpenZeppelin `ERC20Permit`;
 * `DevFiller`, which pays intents out), compiled by the pinned solc-js with OpenZeppelin Contracts
 * from `node_modules`. The dev server places them on its local chains. The same sources and
 * compiler give the same bytes, so the files are under the same drift check as the rest of
 * `generated/`.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { GENERATE_COMMAND, GENERATOR } from "./header.js";

/** Path of the contract source, relative to the repository root. */
export const DEV_TOKEN_SOURCE = "scripts/contracts/DevToken.sol";
/** Path of the filler's source, relative to the repository root. */
export const DEV_FILLER_SOURCE = "scripts/contracts/DevFiller.sol";

/**
 * The repository of this generator: the contracts, the compiler and OpenZeppelin are the
 * generator's own, not part of the schema it is given (which may be a copy elsewhere).
 */
const GENERATOR_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** The compiler version the package pins (solc-js reports `0.8.28+commit.…`). */
const SOLC_VERSION = "0.8.28";

/** The part of solc-js this step uses. */
interface Solc {
  version(): string;
  compile(
    input: string,
    callbacks: { import(path: string): { contents: string } | { error: string } },
  ): string;
}

interface CompiledContract {
  abi: unknown[];
  evm: { bytecode: { object: string } };
  storageLayout: { storage: { label: string; slot: string; type: string }[] };
}

interface CompilerOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, CompiledContract>>;
}

/** One compiled contract. */
export interface Compiled {
  abi: unknown[];
  bytecode: string;
  storage: CompiledContract["storageLayout"]["storage"];
  sourcePath: string;
  sourceHash: string;
}

/** What one compiler run gives. */
export interface Compilation {
  solc: string;
  openzeppelin: string;
  contracts: Record<"DevToken" | "DevFiller", Compiled>;
}

/** Compiles the contracts; throws with the compiler's messages when they do not compile. */
export function compileDevContracts(root: string = GENERATOR_ROOT): Compilation {
  const require = createRequire(join(root, "package.json"));
  const solc = require("solc") as Solc;
  if (!solc.version().startsWith(`${SOLC_VERSION}+`))
    throw new Error(
      `solc ${SOLC_VERSION} is pinned, but ${solc.version()} is installed: run \`npm ci\``,
    );
  const ozPackage = require.resolve("@openzeppelin/contracts/package.json");
  const ozRoot = ozPackage.slice(0, -"package.json".length);
  const openzeppelin = (JSON.parse(readFileSync(ozPackage, "utf8")) as { version: string }).version;
  const names = { DevToken: DEV_TOKEN_SOURCE, DevFiller: DEV_FILLER_SOURCE } as const;
  const texts = Object.fromEntries(
    Object.entries(names).map(([name, path]) => [name, readFileSync(join(root, path), "utf8")]),
  );
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(
      Object.entries(texts).map(([name, content]) => [`${name}.sol`, { content }]),
    ),
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: "cancun",
      // No metadata hash: the bytes depend on the sources and the compiler, not on file paths.
      metadata: { bytecodeHash: "none" },
      outputSelection: {
        "*": { "*": ["abi", "evm.bytecode.object", "storageLayout"] },
      },
    },
  };
  const findImport = (path: string) => {
    const prefix = "@openzeppelin/contracts/";
    if (!path.startsWith(prefix))
      return { error: `only OpenZeppelin imports are resolved: ${path}` };
    try {
      return { contents: readFileSync(join(ozRoot, path.slice(prefix.length)), "utf8") };
    } catch (e) {
      return { error: (e as Error).message };
    }
  };
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), { import: findImport }),
  ) as CompilerOutput;
  const failures = (output.errors ?? []).filter((e) => e.severity === "error");
  if (failures.length > 0)
    throw new Error(
      `the dev contracts do not compile:\n${failures.map((e) => e.formattedMessage).join("\n")}`,
    );
  const one = (name: keyof typeof names): Compiled => {
    const c = output.contracts?.[`${name}.sol`]?.[name];
    if (c === undefined) throw new Error(`solc gave no ${name} for ${names[name]}`);
    return {
      abi: c.abi,
      bytecode: `0x${c.evm.bytecode.object}`,
      storage: c.storageLayout.storage,
      sourcePath: names[name],
      sourceHash: createHash("sha256")
        .update(texts[name] as string)
        .digest("hex"),
    };
  };
  return {
    solc: solc.version(),
    openzeppelin,
    contracts: { DevToken: one("DevToken"), DevFiller: one("DevFiller") },
  };
}

let compiled: Compilation | undefined;

/** The compilation, done once per process. */
function compilation(): Compilation {
  compiled ??= compileDevContracts();
  return compiled;
}

function header(c: Compilation, t: Compiled): string[] {
  return [
    `// Code generated by ${GENERATOR} from ${t.sourcePath}. DO NOT EDIT.`,
    `// Regenerate with \`${GENERATE_COMMAND}\`; \`npm run generate:check\` fails when this file is stale.`,
    `// Compiled by solc-js ${c.solc} (optimizer, 200 runs, EVM cancun) with @openzeppelin/contracts ${c.openzeppelin}.`,
    `// Source hash (SHA-256): ${t.sourceHash}`,
    "",
  ];
}

/** Source of `generated/dev-token.ts`. */
export function buildDevToken(): string {
  const c = compilation();
  const t = c.contracts.DevToken;
  const slotOf = (label: string): number => {
    const entry = t.storage.find((e) => e.label === label);
    if (entry === undefined) throw new Error(`DevToken has no storage variable ${label}`);
    return Number(entry.slot);
  };
  const slots = { balances: slotOf("_balances"), totalSupply: slotOf("_totalSupply") };
  return [
    ...header(c, t),
    "/**",
    " * Creation code of `DevToken`: an OpenZeppelin ERC-20 with EIP-2612 permit whose constructor",
    " * takes `(string name, string symbol, uint8 decimals, address minter)`; name, symbol and decimals",
    " * are immutables (kept when the runtime code is copied to another address).",
    " */",
    `export const DEV_TOKEN_BYTECODE = ${JSON.stringify(t.bytecode)} as const;`,
    "",
    "/**",
    " * Storage slots of `DevToken` (from the compiler's storage layout): the `_balances` mapping (an",
    " * owner's balance is at `keccak256(owner . slot)`) and `_totalSupply`.",
    " */",
    `export const DEV_TOKEN_SLOTS = ${JSON.stringify(slots)} as const;`,
    "",
    "/** ABI of `DevToken` (ERC-20, EIP-2612 `permit`, `nonces`, `DOMAIN_SEPARATOR`, and `mint(address[], uint256)`). */",
    `export const DEV_TOKEN_ABI = ${JSON.stringify(t.abi, null, 2)} as const;`,
    "",
  ].join("\n");
}

/** Source of `generated/dev-filler.ts`. */
export function buildDevFiller(): string {
  const c = compilation();
  const t = c.contracts.DevFiller;
  return [
    ...header(c, t),
    "/**",
    " * Creation code of `DevFiller`, whose constructor takes `(address operator)`: it pays an intent",
    " * out and runs its destination call in one transaction (`fill`), for the operator only.",
    " */",
    `export const DEV_FILLER_BYTECODE = ${JSON.stringify(t.bytecode)} as const;`,
    "",
    "/** ABI of `DevFiller`. */",
    `export const DEV_FILLER_ABI = ${JSON.stringify(t.abi, null, 2)} as const;`,
    "",
  ].join("\n");
}
