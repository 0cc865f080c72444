import { createHash } from 'node:crypto';
import stableStringify from 'fast-json-stable-stringify';
import type { Catalog } from '../catalog/catalog';
import { inspectorOnlyKind, inspectorOnlyText, realRunCatalog, type InspectorOnlyTool } from '../catalog/inspectorOnly';
import { PreviewAssembler, previewBaseOf, type PreviewJson } from '../modes/preview';
import type { IsolationStatus } from '../modes/surface';
import type { CatalogTool, PolicyContext, ToolSearchModeName, ToolSearchSettings, ToolSourceKind, ToolStatus } from '../types';
import { displayPath } from '../util/paths';
import type { OpenWorkspace } from '../workspace';
import { excludingRule, snapshotReason, type SnapshotRule } from './reasonKind';

export type SnapshotModeName = Exclude<ToolSearchModeName, 'code-mode'>;
export type SnapshotModes = Record<SnapshotModeName, SnapshotMode> & { 'code-mode'?: SnapshotMode };
const SNAPSHOT_MODES: readonly SnapshotModeName[] = ['direct', 'code', 'tools', 'directory'];

/** The `format` of every snapshot file; a reader refuses any other. */
export const SNAPSHOT_FORMAT = 'tool-search-inspector/catalog-snapshot';
export const SNAPSHOT_VERSION = 1;

/** One tool of the effective catalog, as a snapshot keeps it (hashes, not schemas). */
export interface SnapshotTool {
  id: string;
  name: string;
  source: ToolSourceKind;
  sourceName: string;
  status: ToolStatus;
  reasonKind?: string;
  reason?: string;
  /** The policy rule that excluded it, with where it was written. */
  rule?: SnapshotRule;
  /** sha256 (first 16 hex digits) of the parameters and output schema, keys sorted. */
  schemaHash: string;
  /** A tool a real OpenClaw run of the workspace cannot have (issue 41, "one number per thing"): why. Counted in `modes`, listed in `inspectorOnly`. */
  inspectorOnly?: InspectorOnlyTool['kind'];
  /** sha256 (first 16 hex digits) of the description. */
  descriptionHash: string;
}

/** The bounded directory of a mode, as far as a diff needs it (not its text). */
export interface SnapshotDirectory {
  chars: number;
  maxChars: number;
  shown: number;
  omitted: number;
  descriptionLimit: number;
  shortened: string[];
  dropped: string[];
}

/** What the model is sent up front in one mode, on an empty prompt unless one was given. */
export interface SnapshotMode {
  effectiveMode: ToolSearchModeName;
  fallbackReason?: string;
  visibleTools: string[];
  bytes: { tools: number; prompt: number; total: number };
  /** o200k_base tokens. */
  tokens: { tools: number; prompt: number; total: number };
  directory?: SnapshotDirectory;
}

export interface CatalogSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  /** Present only when asked for (`--timestamp`): a timestamp makes two snapshots of one catalog differ. */
  takenAt?: string;
  openclaw: { version: string; source: string };
  /** The config read, workspace-relative when inside it. */
  config?: string;
  settings: ToolSearchSettings;
  policy: PolicyContext;
  prompt: string;
  /** Whether code mode's isolated child was probed on this machine or assumed available (the default, so CI and laptops agree). */
  isolation: { probed: boolean; ok: boolean; reason?: string };
  counts: { cataloged: number; directOnly: number; excluded: number; sources: Record<ToolSourceKind, number> };
  tools: SnapshotTool[];
  /** The four modes, and Code Mode where the modelled release has it (`code-mode`, absent otherwise). */
  modes: SnapshotModes;
  servers: { name: string; transport: string; status: string; toolCount: number; error?: string }[];
  /**
   * Present when the modelled release would not start with the config
   * (issue 41): its headline and every key it rejects with the doctor's fix.
   * The rest of the snapshot is what it would run after `openclaw doctor --fix`.
   */
  refused?: { release: string; message: string; keys: { path: string; line?: number; fix: string }[] };
  /**
   * The tools of this catalog a real OpenClaw run cannot have (offline MCP
   * snapshots, client tools without a client, the folder's own extensions),
   * counted apart: `modes` is the inspector's surface and includes them;
   * `preview`'s `openclaw.request` is what OpenClaw sends without them.
   */
  inspectorOnly?: { tools: number; text: string };
}

export interface SnapshotInput {
  catalog: Catalog;
  ws: Pick<OpenWorkspace, 'config' | 'policy' | 'options'> & Partial<Pick<OpenWorkspace, 'verdict'>>;
  prompt?: string;
  /** A real probe's result; absent: code mode is taken as available. */
  isolation?: IsolationStatus;
  takenAt?: Date;
  /** An assembler already holding this catalog's surfaces and token cache (the editor's). */
  assembler?: PreviewAssembler;
}

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** The hash a snapshot keeps of a tool's schemas: equal schemas hash equal whatever their key order. */
export function schemaHashOf(tool: Pick<CatalogTool, 'parameters' | 'outputSchema'>): string {
  return shortHash(stableStringify({ parameters: tool.parameters ?? null, outputSchema: tool.outputSchema ?? null }));
}

export function descriptionHashOf(description: string): string {
  return shortHash(description);
}

function snapshotTool(t: CatalogTool, catalog: Catalog): SnapshotTool {
  const reason = snapshotReason(t);
  const rule = excludingRule(t);
  const only = t.status === 'excluded' ? undefined : inspectorOnlyKind(t, catalog.servers, catalog.plugins);
  return {
    id: t.id,
    name: t.name,
    source: t.source,
    sourceName: t.sourceName,
    status: t.status,
    ...(reason ? { reasonKind: reason.kind, reason: reason.text } : {}),
    ...(rule ? { rule } : {}),
    schemaHash: schemaHashOf(t),
    descriptionHash: descriptionHashOf(t.description),
    ...(only ? { inspectorOnly: only } : {}),
  };
}

function snapshotMode(p: PreviewJson): SnapshotMode {
  const d = p.directory;
  return {
    effectiveMode: p.effectiveMode,
    ...(p.fallbackReason ? { fallbackReason: p.fallbackReason } : {}),
    visibleTools: p.visibleTools,
    bytes: { tools: p.bytes.tools, prompt: p.bytes.prompt, total: p.bytes.total },
    tokens: { tools: p.tokens?.tools ?? 0, prompt: p.tokens?.prompt ?? 0, total: p.tokens?.total ?? 0 },
    ...(d
      ? {
          directory: {
            chars: d.chars,
            maxChars: d.maxChars,
            shown: d.shown,
            omitted: d.omitted,
            descriptionLimit: d.descriptionLimit,
            shortened: [...d.shortened].sort(),
            dropped: [...d.dropped].sort(),
          },
        }
      : {}),
  };
}

const ASSUMED_ISOLATION: IsolationStatus = { ok: true };

function policyContextOf(ws: SnapshotInput['ws']): PolicyContext {
  const p = ws.options.policy ?? {};
  return {
    ...(p.agent ? { agent: p.agent } : {}),
    ...(p.session ? { session: p.session } : {}),
    ...(p.provider ? { provider: p.provider } : {}),
    ...(p.sandboxed ? { sandboxed: true } : {}),
  };
}

/**
 * The effective catalog and what each mode sends, as plain data. The
 * per-mode numbers come from the preview assembly (the same figures as
 * `preview --mode all`), never recomputed here.
 */
export function takeSnapshot(input: SnapshotInput): CatalogSnapshot {
  const { catalog, ws } = input;
  const prompt = input.prompt ?? '';
  const isolation = input.isolation ?? ASSUMED_ISOLATION;
  const assembler = input.assembler ?? new PreviewAssembler(previewBaseOf(catalog, ws, { isolation }));
  // Mode by mode rather than `assemble`: a snapshot has no use for the largest-schemas list, which sizes every schema again.
  const modes = {} as SnapshotModes;
  for (const mode of SNAPSHOT_MODES) {
    modes[mode] = snapshotMode(assembler.preview(mode, prompt));
  }
  // Code Mode, where the modelled release has it (older snapshots have no such key).
  const codeMode = assembler.preview('code-mode', prompt);
  if (!codeMode.notInRelease) {
    modes['code-mode'] = snapshotMode(codeMode);
  }
  const sources = catalog.countBySource();
  const openclaw = catalog.openclaw;
  const { inspectorOnly } = realRunCatalog(catalog);
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    ...(input.takenAt ? { takenAt: input.takenAt.toISOString() } : {}),
    openclaw: { version: openclaw?.model.version ?? 'unknown', source: openclaw?.source ?? 'default' },
    ...(ws.config.file ? { config: displayPath(ws.options.workspace, ws.config.file) } : {}),
    settings: { ...catalog.settings },
    policy: policyContextOf(ws),
    prompt,
    isolation: { probed: input.isolation !== undefined, ok: isolation.ok, ...(isolation.reason ? { reason: isolation.reason } : {}) },
    counts: { cataloged: catalog.cataloged.length, directOnly: catalog.directOnly.length, excluded: catalog.excluded.length, sources },
    tools: catalog.tools.map((t) => snapshotTool(t, catalog)),
    modes,
    servers: catalog.servers.map((s) => ({ name: s.name, transport: s.transport, status: s.status, toolCount: s.toolCount, ...(s.error ? { error: s.error } : {}) })),
    ...(ws.verdict?.refuses === true
      ? {
          refused: {
            release: ws.verdict.release,
            message: ws.verdict.headline,
            keys: ws.verdict.keys.map((k) => ({ path: k.path, ...(k.line !== undefined ? { line: k.line } : {}), fix: k.fix.text })),
          },
        }
      : {}),
    ...(inspectorOnly.length > 0 ? { inspectorOnly: { tools: inspectorOnly.length, text: inspectorOnlyText(inspectorOnly) } } : {}),
  };
}

/**
 * The snapshot file's text: keys sorted at every level, two-space indent,
 * a final newline, so the same catalog gives the same bytes and a text diff
 * of two files shows only what changed.
 */
export function serializeSnapshot(snapshot: CatalogSnapshot): string {
  // Re-reading the canonical form gives objects whose key order is sorted; JSON.stringify keeps it.
  return `${JSON.stringify(JSON.parse(stableStringify(snapshot)), null, 2)}\n`;
}
