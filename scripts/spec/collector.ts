/**
 * Gathers changes as the walk meets them: one {@link Change} per kind, subject and detail, with
 * every operation path and role it was met at; its effects follow from the rules of each role.
 */
import type { Change, ChangeKind, Effect, Role } from "./change.js";
import { effectsOf } from "./rules.js";

/** Where the walk stands: from which side of which operation, along what path. */
export interface Context {
  role: Role;
  path: string;
}

interface Entry {
  kind: ChangeKind;
  subject: string;
  detail: string;
  roles: Set<Role>;
  paths: string[];
  tsChanged: boolean;
}

const RANK: Readonly<Record<Effect, number>> = { none: 0, note: 1, breaking: 2 };
const worst = (a: Effect, b: Effect): Effect => (RANK[b] > RANK[a] ? b : a);

/** Changes by identity, in the order first met. */
export class Collector {
  private readonly entries = new Map<string, Entry>();

  /** Records a change; `tsChanged` says whether the TypeScript type changed (type changes only). */
  add(kind: ChangeKind, subject: string, detail: string, at?: Context, tsChanged = false): void {
    const key = `${kind}\0${subject}\0${detail}`;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { kind, subject, detail, roles: new Set(), paths: [], tsChanged };
      this.entries.set(key, entry);
    }
    if (at) {
      entry.roles.add(at.role);
      if (!entry.paths.includes(at.path)) entry.paths.push(at.path);
    }
  }

  /** How many changes have been recorded so far. */
  get size(): number {
    return this.entries.size;
  }

  /** The changes, with effects resolved. */
  changes(): Change[] {
    return [...this.entries.values()].map((e) => {
      const roles: Role[] = (["request", "response"] as const).filter((r) => e.roles.has(r));
      const rules = roles.length
        ? roles.map((r) => effectsOf(e.kind, r))
        : [effectsOf(e.kind, undefined)];
      let oldClient: Effect = "none";
      let newClient: Effect = "none";
      let source = false;
      for (const r of rules) {
        oldClient = worst(oldClient, r.oldClient);
        newClient = worst(newClient, r.newClient);
        source ||= r.source === "type" ? e.tsChanged : r.source;
      }
      const change: Change = {
        kind: e.kind,
        subject: e.subject,
        paths: e.paths,
        roles,
        detail: e.detail,
        oldClient,
        newClient,
        source,
        why: [...new Set(rules.map((r) => r.why))].join("; "),
      };
      if (e.paths[0] !== undefined) change.path = e.paths[0];
      return change;
    });
  }
}
