import { createHash } from 'node:crypto';
import { inputHint, outputHint } from '../search/inputHint';
import type { CodeModeFacts, ExecSegmentSwitch } from '../sources/generatedTools';
import type { CatalogTool, ToolSourceKind } from '../types';
import type { CodeModeDecision } from '../catalog/codeModeActivation';
import type { ModelTool } from './toolSearchTools';

/**
 * The `exec` and `wait` tools OpenClaw sends when Code Mode engages, built
 * from the release's generated texts (scripts/lib/codeModeFacts.mjs) and the
 * run's catalog, as OpenClaw 2026.9.6 builds them: `createCodeModeTools`,
 * `createCodeModeExecDescription` (its segments switched on by the catalog),
 * `createCodeModeCatalogBindings` (callable names) and
 * `formatCodeModeCatalogIndex` (the bounded index of callable names with
 * input and output hints).
 */

export interface CodeModeEntry {
  id: string;
  source: ToolSourceKind;
  name: string;
  input?: string;
  output?: string;
}

export interface CodeModeBinding extends CodeModeEntry {
  callableName: string;
}

/** A catalog tool as OpenClaw's compactToolSearchCatalogEntry gives it to Code Mode. */
export function codeModeEntryOf(t: CatalogTool): CodeModeEntry {
  // OpenClaw computes hints for its own and plugin tools; MCP and client inputs stay unknown.
  const trusted = t.source === 'openclaw';
  const output = trusted ? outputHint(t.outputSchema) : undefined;
  return { id: t.id, source: t.source, name: t.name, ...(trusted ? { input: inputHint(t.parameters, true) } : {}), ...(output !== undefined ? { output } : {}) };
}

function normalizedBase(name: string): string {
  const normalized = name.replace(/[^A-Za-z0-9_$]/g, '_');
  return /^[A-Za-z_$]/.test(normalized) && !normalized.startsWith('__openclaw') ? normalized : `tool_${normalized}`;
}

function suffixed(base: string, id: string, used: ReadonlySet<string>, words: ReadonlySet<string>): string {
  const digest = createHash('sha256').update(id).digest('hex');
  for (let length = 8; length <= digest.length; length += 2) {
    const candidate = `${base}_${digest.slice(0, length)}`;
    if (!used.has(candidate) && !words.has(candidate)) {
      return candidate;
    }
  }
  throw new Error('could not allocate a unique Code Mode callable name');
}

/** Callable names: MCP tools are left to their namespace; a client tool wins a name over a first-party one. */
export function codeModeBindings(entries: readonly CodeModeEntry[], facts: CodeModeFacts): CodeModeBinding[] {
  const winners = new Map<string, CodeModeEntry>();
  for (const e of entries) {
    if (e.source === 'mcp') {
      continue;
    }
    const current = winners.get(e.name);
    if (!current || (e.source === 'client' && current.source !== 'client')) {
      winners.set(e.name, e);
    }
  }
  const words = new Set(facts.reservedWords);
  const used = new Set(facts.reservedGlobals);
  const candidates = [...winners.values()]
    .map((entry) => {
      const base = normalizedBase(entry.name);
      return { entry, base, keep: entry.name === base && !words.has(entry.name) && !used.has(entry.name) };
    })
    .sort((l, r) => Number(r.keep) - Number(l.keep) || l.base.localeCompare(r.base) || l.entry.id.localeCompare(r.entry.id));
  const out: CodeModeBinding[] = [];
  for (const c of candidates) {
    const callableName = words.has(c.base) || used.has(c.base) ? suffixed(c.base, c.entry.id, used, words) : c.base;
    used.add(callableName);
    out.push({ ...c.entry, callableName });
  }
  return out.sort((l, r) => l.callableName.localeCompare(r.callableName));
}

function renderIndex(lines: readonly string[], total: number, facts: CodeModeFacts): string {
  return [facts.index.heading, ...lines, '', footer(lines.length, total, facts)].join('\n');
}

function footer(included: number, total: number, facts: CodeModeFacts): string {
  const omitted = total - included;
  return omitted > 0 ? facts.index.footerOmitted.replace('{{omitted}}', String(omitted)) : facts.index.footerComplete;
}

/** The index of callable names: tools with an output hint first, within the release's character bound. */
export function codeModeIndex(bindings: readonly CodeModeBinding[], facts: CodeModeFacts): string {
  const lines = [...bindings]
    .sort((a, b) => (a.output ? 0 : 1) - (b.output ? 0 : 1) || a.callableName.localeCompare(b.callableName))
    .map((e) => `- ${e.callableName} ${e.input ?? 'unknown'} -> ${e.output ?? '?'}`);
  if (lines.length === 0) {
    return '';
  }
  const full = renderIndex(lines, lines.length, facts);
  if (full.length <= facts.index.maxChars) {
    return full;
  }
  const included: string[] = [];
  let length = 0;
  for (const line of lines) {
    const candidate = length + 1 + line.length;
    if (facts.index.heading.length + candidate + 2 + footer(included.length + 1, lines.length, facts).length <= facts.index.maxChars) {
      included.push(line);
      length = candidate;
    }
  }
  return renderIndex(included, lines.length, facts);
}

/** A server's identifier in the `MCP` namespace (the common case: a name that is already an identifier). */
function mcpIdentifier(server: string): string {
  const id = server.replace(/[^A-Za-z0-9_$]/g, '_');
  return /^[A-Za-z_$]/.test(id) ? id : `_${id}`;
}

function namespaceText(catalog: readonly CatalogTool[], facts: CodeModeFacts): string {
  const servers = [...new Set(catalog.filter((t) => t.source === 'mcp').map((t) => mcpIdentifier(t.sourceName)))].sort((a, b) => a.localeCompare(b));
  if (servers.length === 0) {
    return '';
  }
  return [facts.namespace.heading, ...facts.namespace.mcpLines.map((l) => l.replace('{{servers}}', servers.join(', ')))].join('\n');
}

export interface ExecContext {
  /** Every tool the Code Mode catalog holds (cataloged and direct-visible tools of the run, MCP included). */
  catalog: readonly CatalogTool[];
  decision: CodeModeDecision;
  /** The run has skills (the `skills` global). */
  skills: boolean;
  /** The swarm globals are on (sessions_spawn cataloged as a collector, swarm enabled). */
  swarm: boolean;
}

/** `exec`'s description for this catalog and these limits. */
export function execDescription(ctx: ExecContext, facts: CodeModeFacts): string {
  const bindings = codeModeBindings(ctx.catalog.map(codeModeEntryOf), facts);
  const shell = bindings.find((b) => b.id === 'openclaw:core:exec');
  const namespace = namespaceText(ctx.catalog, facts);
  const index = codeModeIndex(bindings, facts);
  const on: Record<ExecSegmentSwitch, boolean> = {
    api: ctx.catalog.length > 0 || ctx.swarm,
    shell: shell !== undefined,
    mcp: ctx.catalog.some((t) => t.source === 'mcp'),
    swarm: ctx.swarm,
    nodes: ctx.catalog.some((t) => t.id === 'openclaw:core:nodes'),
    skills: ctx.skills,
    namespace: namespace !== '',
    index: index !== '',
  };
  const limits = ctx.decision.limits;
  const slots: Record<string, string> = {
    timeoutMs: String(limits.timeoutMs),
    replyInboxBytes: String(Math.min(limits.memoryLimitBytes, limits.maxSnapshotBytes)),
    maxOutputBytes: String(limits.maxOutputBytes),
    shellCallable: shell?.callableName ?? '',
    namespace,
    index,
  };
  return facts.exec.descriptionSegments
    .filter((g) => g.when === undefined || on[g.when])
    .map((g) => g.text.replace(/\{\{(\w+)\}\}/g, (whole, k: string) => slots[k] ?? whole))
    .join('');
}

/** `exec` and `wait` as sent. */
export function codeModeControlTools(ctx: ExecContext, facts: CodeModeFacts): ModelTool[] {
  return [
    { name: facts.exec.name, description: execDescription(ctx, facts), parameters: facts.exec.parameters },
    { name: facts.wait.name, description: facts.wait.description, parameters: facts.wait.parameters },
  ];
}
