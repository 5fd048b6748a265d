/**
 * State: what a dev server keeps across restarts, and how it opens and restores it. The state
 * journal (every intent as quoted, its commit and execution, the access keys) as JSON lines in a
 * `StateStorage`; that storage in a local file with its lock (`serve --state FILE`); the chains'
 * side of the file (each chain's dumped state, the anvil processes of the server holding it, the
 * ports kept for the next start); opening a state (a damaged one refused, or repaired) and
 * replaying it into a new store.
 */
export {
  closeStateFile,
  discardStateFile,
  startKeptChains,
} from "./kept-chains.js";
export {
  openWithState,
  type RestoredState,
  restoreState,
} from "./open-state.js";
export { openStateFile, type StateFile } from "./state-file.js";
