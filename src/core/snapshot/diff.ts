import type { ToolSearchModeName, ToolStatus } from '../types';
import type { SnapshotRule } from './reasonKind';
import type { CatalogSnapshot, SnapshotDirectory, SnapshotMode, SnapshotModeName, SnapshotTool } from './snapshot';

/** A tool on one side only. */
export interface ToolRef {
  id: string;
  name: string;
  status: ToolStatus;
  reasonKind?: string;
  reason?: string;
  rule?: SnapshotRule;
}

/**
 * A tool whose status changed. For a newly excluded tool, `reason*` and
 * `rule` are what excludes it now; for a re-admitted one, what excluded it
 * before (the rule whose removal let it back).
 */
export interface StatusChange {
  id: string;
  name: string;
  from: ToolStatus;
  to: ToolStatus;
  reasonKind?: string;
  reason?: string;
  rule?: SnapshotRule;
}

export interface Change<T> {
  a: T;
  b: T;
}

export interface NumberChange extends Change<number> {
  delta: number;
}

export interface DirectoryChange {
  chars: NumberChange;
  maxChars: Change<number>;
  shown: NumberChange;
  omitted: NumberChange;
  descriptionLimit: Change<number>;
  shortenedAdded: string[];
  shortenedRemoved: string[];
  droppedAdded: string[];
  droppedRemoved: string[];
}

export interface ModeChange {
  mode: ToolSearchModeName;
  changed: boolean;
  effectiveMode: Change<ToolSearchModeName>;
  bytes: NumberChange;
  tokens: NumberChange;
  visibleAdded: string[];
  visibleRemoved: string[];
  /** Directory mode: the bound's cuts on both sides, when either side had a directory. */
  directory?: DirectoryChange;
}

/** A setting, policy context field or modelled version that differs. */
export interface ContextChange {
  key: string;
  a: string;
  b: string;
}

export interface SnapshotDiff {
  a: string;
  b: string;
  /** Nothing the model could see or be refused changed (context changes alone count as changes too). */
  same: boolean;
  added: ToolRef[];
  removed: ToolRef[];
  excluded: StatusChange[];
  readmitted: StatusChange[];
  /** cataloged <-> direct-only. */
  statusChanged: StatusChange[];
  schemaChanged: { id: string; name: string }[];
  descriptionChanged: { id: string; name: string }[];
  modes: ModeChange[];
  context: ContextChange[];
}

const MODES: readonly SnapshotModeName[] = ['direct', 'code', 'tools', 'directory'];

function ref(t: SnapshotTool): ToolRef {
  return {
    id: t.id,
    name: t.name,
    status: t.status,
    ...(t.reasonKind ? { reasonKind: t.reasonKind } : {}),
    ...(t.reason ? { reason: t.reason } : {}),
    ...(t.rule ? { rule: t.rule } : {}),
  };
}

function statusChange(a: SnapshotTool, b: SnapshotTool, why: SnapshotTool): StatusChange {
  return {
    id: b.id,
    name: b.name,
    from: a.status,
    to: b.status,
    ...(why.reasonKind ? { reasonKind: why.reasonKind } : {}),
    ...(why.reason ? { reason: why.reason } : {}),
    ...(why.rule ? { rule: why.rule } : {}),
  };
}

function num(a: number, b: number): NumberChange {
  return { a, b, delta: b - a };
}

/** Items of `b` not in `a`, in `b`'s order. */
function minus(b: readonly string[], a: readonly string[]): string[] {
  const have = new Set(a);
  return b.filter((x) => !have.has(x));
}

const EMPTY_DIRECTORY: SnapshotDirectory = { chars: 0, maxChars: 0, shown: 0, omitted: 0, descriptionLimit: 0, shortened: [], dropped: [] };

function directoryChange(a: SnapshotDirectory | undefined, b: SnapshotDirectory | undefined): DirectoryChange | undefined {
  if (!a && !b) {
    return undefined;
  }
  const x = a ?? EMPTY_DIRECTORY;
  const y = b ?? EMPTY_DIRECTORY;
  return {
    chars: num(x.chars, y.chars),
    maxChars: { a: x.maxChars, b: y.maxChars },
    shown: num(x.shown, y.shown),
    omitted: num(x.omitted, y.omitted),
    descriptionLimit: { a: x.descriptionLimit, b: y.descriptionLimit },
    shortenedAdded: minus(y.shortened, x.shortened),
    shortenedRemoved: minus(x.shortened, y.shortened),
    droppedAdded: minus(y.dropped, x.dropped),
    droppedRemoved: minus(x.dropped, y.dropped),
  };
}

function directoryChanged(d: DirectoryChange | undefined): boolean {
  if (!d) {
    return false;
  }
  return (
    d.chars.delta !== 0 ||
    d.maxChars.a !== d.maxChars.b ||
    d.shown.delta !== 0 ||
    d.omitted.delta !== 0 ||
    d.descriptionLimit.a !== d.descriptionLimit.b ||
    d.shortenedAdded.length + d.shortenedRemoved.length + d.droppedAdded.length + d.droppedRemoved.length > 0
  );
}

function modeChange(mode: ToolSearchModeName, a: SnapshotMode, b: SnapshotMode): ModeChange {
  const directory = directoryChange(a.directory, b.directory);
  const out: ModeChange = {
    mode,
    changed: false,
    effectiveMode: { a: a.effectiveMode, b: b.effectiveMode },
    bytes: num(a.bytes.total, b.bytes.total),
    tokens: num(a.tokens.total, b.tokens.total),
    visibleAdded: minus(b.visibleTools, a.visibleTools),
    visibleRemoved: minus(a.visibleTools, b.visibleTools),
    ...(directory ? { directory } : {}),
  };
  out.changed =
    out.effectiveMode.a !== out.effectiveMode.b ||
    out.bytes.delta !== 0 ||
    out.tokens.delta !== 0 ||
    out.visibleAdded.length > 0 ||
    out.visibleRemoved.length > 0 ||
    directoryChanged(directory);
  return out;
}

function flat(prefix: string, o: object): [string, string][] {
  return Object.entries(o).map(([k, v]) => [`${prefix}.${k}`, String(v)]);
}

function contextOf(s: CatalogSnapshot): Map<string, string> {
  return new Map<string, string>([
    ['openclaw.version', s.openclaw.version],
    ['config', s.config ?? '(none)'],
    ['prompt', s.prompt],
    ['isolation', s.isolation.probed ? (s.isolation.ok ? 'probed: ok' : `probed: failed (${s.isolation.reason ?? ''})`) : 'assumed'],
    ...flat('settings', s.settings),
    ...flat('policy', s.policy),
    ...s.servers.map((v): [string, string] => [`server.${v.name}`, `${v.status}, ${v.toolCount} tools${v.error ? `: ${v.error}` : ''}`]),
  ]);
}

function contextChanges(a: CatalogSnapshot, b: CatalogSnapshot): ContextChange[] {
  const x = contextOf(a);
  const y = contextOf(b);
  const keys = [...new Set([...x.keys(), ...y.keys()])].sort();
  return keys.flatMap((key) => {
    const va = x.get(key) ?? '(unset)';
    const vb = y.get(key) ?? '(unset)';
    return va === vb ? [] : [{ key, a: va, b: vb }];
  });
}

/** What changed from snapshot `a` to snapshot `b`; lists are sorted by id. */
export function diffSnapshots(a: CatalogSnapshot, b: CatalogSnapshot, labels: { a: string; b: string }): SnapshotDiff {
  const before = new Map(a.tools.map((t) => [t.id, t]));
  const after = new Map(b.tools.map((t) => [t.id, t]));
  const out: SnapshotDiff = {
    a: labels.a,
    b: labels.b,
    same: true,
    added: [],
    removed: [],
    excluded: [],
    readmitted: [],
    statusChanged: [],
    schemaChanged: [],
    descriptionChanged: [],
    modes: [],
    context: contextChanges(a, b),
  };
  for (const t of a.tools) {
    if (!after.has(t.id)) {
      out.removed.push(ref(t));
    }
  }
  for (const y of b.tools) {
    const x = before.get(y.id);
    if (!x) {
      out.added.push(ref(y));
      continue;
    }
    if (x.status !== y.status) {
      if (y.status === 'excluded') {
        out.excluded.push(statusChange(x, y, y));
      } else if (x.status === 'excluded') {
        out.readmitted.push(statusChange(x, y, x));
      } else {
        out.statusChanged.push(statusChange(x, y, y));
      }
    }
    if (x.schemaHash !== y.schemaHash) {
      out.schemaChanged.push({ id: y.id, name: y.name });
    }
    if (x.descriptionHash !== y.descriptionHash) {
      out.descriptionChanged.push({ id: y.id, name: y.name });
    }
  }
  const byId = (p: { id: string }, q: { id: string }): number => (p.id < q.id ? -1 : p.id > q.id ? 1 : 0);
  for (const list of [out.added, out.removed, out.excluded, out.readmitted, out.statusChanged, out.schemaChanged, out.descriptionChanged]) {
    list.sort(byId);
  }
  out.modes = MODES.map((m) => modeChange(m, a.modes[m], b.modes[m]));
  // Code Mode where both snapshots recorded it (a release without it has none).
  const ca = a.modes['code-mode'];
  const cb = b.modes['code-mode'];
  if (ca && cb) {
    out.modes.push(modeChange('code-mode', ca, cb));
  }
  out.same =
    out.added.length + out.removed.length + out.excluded.length + out.readmitted.length + out.statusChanged.length + out.schemaChanged.length + out.descriptionChanged.length === 0 &&
    out.context.length === 0 &&
    out.modes.every((m) => !m.changed);
  return out;
}

/** The rule as `layer: rule (file:line)`, for text and Markdown. */
export function ruleText(rule: SnapshotRule | undefined): string {
  if (!rule) {
    return '';
  }
  const at = rule.file !== undefined ? ` (${rule.file}${rule.line !== undefined ? `:${rule.line}` : ''})` : '';
  return `${rule.layer}: ${rule.rule}${at}`;
}
