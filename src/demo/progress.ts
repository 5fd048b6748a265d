/**
 * The live progress of the demo: on a TTY one line redrawn in place with a spinner and the elapsed
 * time; elsewhere (a pipe, a CI log) one plain line per change, nothing redrawn.
 */

/** Where progress is written. */
export interface ProgressSink {
  /** Writes text as is. */
  write(text: string): void;
}

/** A progress display. */
export interface Progress {
  /** Shows a new state; in plain mode, a line is printed only when the text changed. */
  update(text: string): void;
  /** Ends the display with a last line (marked `✔`, or `✖` when `ok` is false). */
  done(text: string, ok?: boolean): void;
}

/** Options of `createProgress`. */
export interface ProgressOptions {
  /** Redraw in place with a spinner (a TTY) or print plain lines. */
  live: boolean;
  /** Spinner frame interval, ms; default 80. */
  intervalMs?: number;
  /** The clock, ms; default `Date.now`. */
  now?: () => number;
}

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const CLEAR_LINE = "\r\u001b[2K";

/**
 * Creates a progress display writing to `sink`.
 *
 * @example
 * const p = createProgress(process.stdout, { live: process.stdout.isTTY === true });
 * p.update("EXECUTING  deposit SENT");
 * p.done("SUCCEEDED");
 */
export function createProgress(sink: ProgressSink, options: ProgressOptions): Progress {
  const now = options.now ?? Date.now;
  const started = now();
  const elapsed = () => `${((now() - started) / 1000).toFixed(1)}s`;
  let text = "";
  let frame = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const draw = () => {
    frame = (frame + 1) % FRAMES.length;
    sink.write(`${CLEAR_LINE}  ${FRAMES[frame]} ${text}  ${elapsed()}`);
  };
  const stopTimer = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  return {
    update(next) {
      if (!options.live) {
        if (next !== text) sink.write(`  [${elapsed().padStart(5)}] ${next}\n`);
        text = next;
        return;
      }
      text = next;
      if (timer === undefined) {
        timer = setInterval(draw, options.intervalMs ?? 80);
        (timer as { unref?: () => void }).unref?.();
      }
      draw();
    },
    done(last, ok = true) {
      stopTimer();
      const mark = ok ? "✔" : "✖";
      const prefix = options.live ? CLEAR_LINE : "";
      sink.write(`${prefix}  ${mark} ${last}  ${elapsed()}\n`);
    },
  };
}
