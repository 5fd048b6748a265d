/**
 * The codec's path tree of an operation's body, compiled once from the bigint paths its spec
 * carries. Each operation carries only its own two lists, so that a bundle of one operation holds
 * its own paths rather than the table of every type.
 */
import { compilePaths, type PathTree } from "../codec/paths.js";

const trees = new WeakMap<readonly string[], PathTree>();

/** The compiled tree of `paths` (cached by the list itself: a spec's lists never change). */
export function treeOf(paths: readonly string[]): PathTree {
  let tree = trees.get(paths);
  if (tree === undefined) {
    tree = compilePaths(paths);
    trees.set(paths, tree);
  }
  return tree;
}
