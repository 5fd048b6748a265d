/**
 * A TypeScript language service over the repository's `tsconfig.json` plus in-memory consumer
 * files: what an editor shows on hover, and which errors it reports.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";
import { ROOT } from "./runtimes/harness.js";

/** The repository root, without the trailing slash (the compiler's current directory). */
const root = resolve(ROOT);

function compilerOptions(): ts.CompilerOptions {
  const path = join(root, "tsconfig.json");
  const { config } = ts.parseConfigFileTextToJson(path, readFileSync(path, "utf8"));
  return ts.parseJsonConfigFileContent(config, ts.sys, root).options;
}

/** A language service holding `files` (absolute path → text) on top of the file system. */
export function languageService(files: ReadonlyMap<string, string>): ts.LanguageService {
  const options = compilerOptions();
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => options,
    getScriptFileNames: () => [...files.keys()],
    getScriptVersion: () => "1",
    getScriptSnapshot: (name) => {
      const text = files.get(name) ?? (ts.sys.fileExists(name) ? ts.sys.readFile(name) : undefined);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => root,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (name) => files.has(name) || ts.sys.fileExists(name),
    readFile: (name) => files.get(name) ?? ts.sys.readFile(name),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  return ts.createLanguageService(host, ts.createDocumentRegistry());
}

/** The hover text at the first occurrence of `marker` in `file` (at `offset` into the marker). */
export function hoverAt(
  service: ts.LanguageService,
  file: string,
  text: string,
  marker: string,
  offset = 0,
): string {
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`marker not found: ${marker}`);
  const info = service.getQuickInfoAtPosition(file, at + offset);
  return ts.displayPartsToString(info?.displayParts ?? []);
}

/** Every error of `file`, as `line: message`. */
export function errorsOf(service: ts.LanguageService, file: string): string[] {
  const program = service.getProgram();
  const source = program?.getSourceFile(file);
  if (!program || !source) throw new Error(`not in the program: ${file}`);
  const diags = [
    ...program.getSyntacticDiagnostics(source),
    ...program.getSemanticDiagnostics(source),
  ];
  return diags.map((d) => {
    const line = d.start === undefined ? 0 : source.getLineAndCharacterOfPosition(d.start).line + 1;
    return `${line}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}
