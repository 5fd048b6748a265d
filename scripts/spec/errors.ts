/** Compares the errors of two schemas: by name, with a renamed error told by its code. */
import type { Schema } from "../ridl/index.js";
import type { Collector } from "./collector.js";

/** Records added, removed, renamed and renumbered errors and changed statuses and messages. */
export function compareErrors(before: Schema, after: Schema, out: Collector): void {
  const now = new Map(after.errors.map((e) => [e.name, e]));
  const added = new Map(
    after.errors
      .filter((e) => !before.errors.some((o) => o.name === e.name))
      .map((e) => [e.code, e]),
  );
  for (const o of before.errors) {
    let n = now.get(o.name);
    if (!n) {
      n = added.get(o.code);
      if (!n) {
        out.add("error-removed", `error ${o.name}`, `${o.code}`);
        continue;
      }
      added.delete(o.code);
      out.add("error-renamed", `error ${n.name}`, `${o.name} → ${n.name} (${o.code})`);
    }
    const subject = `error ${n.name}`;
    if (o.code !== n.code) out.add("error-renumbered", subject, `${o.code} → ${n.code}`);
    if (o.httpStatus !== n.httpStatus)
      out.add("error-status-changed", subject, `HTTP ${o.httpStatus} → ${n.httpStatus}`);
    if (o.message !== n.message)
      out.add(
        "error-message-changed",
        subject,
        `${JSON.stringify(o.message)} → ${JSON.stringify(n.message)}`,
      );
  }
  for (const n of added.values()) out.add("error-added", `error ${n.name}`, `${n.code}`);
}
