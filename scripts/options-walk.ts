/**
 * `npm run walk`: how far a reader travels to follow `executeWithWallet`'s options. From the
 * function's declaration it walks, depth-first and in source order (the order of the calls), every
 * call that is given the options — the options object itself, or an object literal spreading it —
 * into the callee's body, with the receiving parameter followed in turn. Calls are resolved with
 * the TypeScript checker (imports followed to their declarations), as `scripts/import-cycles.ts`
 * reads imports with the TypeScript parser; only declarations under `src/` with a body are
 * entered. A closure given to a call is walked after the callee (it runs inside it).
 *
 * The walk's files, in order of entry with consecutive repeats merged, are its stays; a stay in a
 * file the walk has been in before is a return to a file already left (stays − files). Prints the
 * path and the three figures; `test/unit/wallet/options-walk.test.ts` keeps the returns under the
 * bar.
 */
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const ENTRY = "src/wallet/execute-with-wallet.ts";
const FUNCTION = "executeWithWallet";

/** One function the options enter, by file and name. */
export interface WalkStep {
  file: string;
  name: string;
}

/** The walk and its figures. */
export interface OptionsWalk {
  /** Every function entered with the options, in the order the walk enters them. */
  steps: WalkStep[];
  /** The files in order of entry, consecutive repeats merged. */
  stays: string[];
  /** Distinct files. */
  files: number;
  /** Stays in a file the walk had already left. */
  returns: number;
}

type Body = ts.FunctionLikeDeclaration & { body: ts.Node };

/** The function a call's callee names, if it is a source function with a body. */
function calleeOf(checker: ts.TypeChecker, call: ts.CallExpression): Body | undefined {
  let symbol = checker.getSymbolAtLocation(call.expression);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const decl = symbol?.valueDeclaration;
  if (!decl) return undefined;
  const fn =
    ts.isVariableDeclaration(decl) && decl.initializer !== undefined ? decl.initializer : decl;
  if (!ts.isFunctionLike(fn) || !("body" in fn) || fn.body === undefined) return undefined;
  const file = relative(root, fn.getSourceFile().fileName);
  return file.startsWith("src/") ? (fn as Body) : undefined;
}

function nameOf(fn: Body): string {
  if (fn.name !== undefined && ts.isIdentifier(fn.name)) return fn.name.text;
  const parent = fn.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return "(anonymous)";
}

/** Walks `executeWithWallet`'s options through the sources (see the header). */
export function walkOptions(): OptionsWalk {
  const entry = resolve(root, ENTRY);
  const program = ts.createProgram([entry], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const start = source?.statements.find(
    (s): s is ts.FunctionDeclaration & { body: ts.Block } =>
      ts.isFunctionDeclaration(s) && s.name?.text === FUNCTION && s.body !== undefined,
  );
  if (!start) throw new Error(`${FUNCTION} not found in ${ENTRY}`);

  const steps: WalkStep[] = [];
  const open = new Set<ts.Node>();

  /** Whether `arg` hands over the options (one of `carriers`, or a literal spreading one). */
  const carries = (arg: ts.Expression, carriers: ReadonlySet<ts.Symbol>): boolean => {
    if (ts.isIdentifier(arg)) {
      const s = checker.getSymbolAtLocation(arg);
      return s !== undefined && carriers.has(s);
    }
    return (
      ts.isObjectLiteralExpression(arg) &&
      arg.properties.some((p) => ts.isSpreadAssignment(p) && carries(p.expression, carriers))
    );
  };

  const enter = (fn: Body, params: readonly number[]): void => {
    if (open.has(fn)) return; // recursion: already on the walk's stack
    open.add(fn);
    steps.push({ file: relative(root, fn.getSourceFile().fileName), name: nameOf(fn) });
    const carriers = new Set<ts.Symbol>();
    for (const i of params) {
      const p = fn.parameters[i];
      const s = p && ts.isIdentifier(p.name) ? checker.getSymbolAtLocation(p.name) : undefined;
      if (s) carriers.add(s);
    }
    visit(fn.body, carriers);
    open.delete(fn);
  };

  const visit = (node: ts.Node, carriers: ReadonlySet<ts.Symbol>): void => {
    if (!ts.isCallExpression(node)) {
      ts.forEachChild(node, (child) => visit(child, carriers));
      return;
    }
    visit(node.expression, carriers);
    const closures: ts.Expression[] = node.arguments.filter(
      (a) => ts.isArrowFunction(a) || ts.isFunctionExpression(a),
    );
    for (const a of node.arguments) if (!closures.includes(a)) visit(a, carriers);
    const given = node.arguments.flatMap((a, i) => (carries(a, carriers) ? [i] : []));
    const callee = given.length > 0 ? calleeOf(checker, node) : undefined;
    if (callee) enter(callee, given);
    for (const c of closures) visit(c, carriers);
  };

  enter(start, [1]);
  const stays = steps.map((s) => s.file).filter((file, i, all) => i === 0 || all[i - 1] !== file);
  const files = new Set(stays).size;
  return { steps, stays, files, returns: stays.length - files };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const walk = walkOptions();
  for (const s of walk.steps) process.stdout.write(`${s.file}  ${s.name}\n`);
  process.stdout.write(
    `${walk.stays.length} stays in ${walk.files} files, ${walk.returns} returns to a file already left\n`,
  );
}
