/**
 * Comments and doc comments.
 *
 * Before parsing, every `#` comment's text is extracted and stored by the line of the newline
 * that ends it (a comment on a last line without a newline is therefore lost). Declarations
 * then take their doc comment from that store with {@link takeDocComment}, which consumes what
 * it returns, so the order of calls matters.
 */
import { Tok, type Token } from "./lexer.js";

/** Comment texts keyed by line; entries are removed as declarations consume them. */
export type CommentStore = Map<number, string>;

/**
 * Builds the comment store. Text after `#`: whitespace runs collapse to one space and are
 * trimmed; a further `#` at a token start is dropped and glues the next token to the previous
 * piece (`# see #123` → `see123`).
 */
export function extractComments(tokens: readonly Token[]): CommentStore {
  const store: CommentStore = new Map();
  let inComment = false;
  let pieces: string[] = [];
  let afterSpace = false;
  for (const tok of tokens) {
    if (tok.type === Tok.Newline) {
      if (inComment) store.set(tok.line, pieces.join(" "));
      inComment = false;
    } else if (tok.type === Tok.Hash) {
      if (!inComment) pieces = [];
      inComment = true;
      afterSpace = false;
    } else if (!inComment) {
      // outside a comment: nothing to record
    } else if (tok.type === Tok.Space) {
      afterSpace = true;
    } else {
      const last = pieces.length - 1;
      if (last < 0 || afterSpace) pieces.push(tok.value);
      else pieces[last] += tok.value;
      afterSpace = false;
    }
  }
  return store;
}

/**
 * Takes the doc comment of a declaration on `line`: the comment on that line (which comes last)
 * plus the block of consecutive comment lines directly above it. Only `line` and `line - 1` are
 * probed while nothing was found; comments starting with `!` are private: consumed, never
 * returned, but they do not break a block. Returns the JSON form (`[]` when empty).
 */
export function takeDocComment(store: CommentStore, line: number): string[] {
  const found: string[] = [];
  let miss = 0;
  for (let l = line; l >= 0; l--) {
    const text = store.get(l);
    if (text !== undefined) {
      if (!text.startsWith("!")) found.push(text);
      store.delete(l);
      miss = 0;
      if (store.size === 0) break;
    } else if (found.length > 0) {
      break;
    }
    miss++;
    if (miss > 1) break;
  }
  const doc = found.reverse().join("\n");
  return doc === "" ? [] : doc.split("\n");
}
