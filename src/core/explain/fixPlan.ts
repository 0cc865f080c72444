import type { Catalog } from '../catalog/catalog';
import { policySubjectOf } from '../catalog/policySubject';
import type { ConfigReader } from '../config/configReader';
import type { JsonPath } from '../config/json5Document';
import { parseOpenClawConfig } from '../config/openclawConfig';
import { readAgentRoster } from '../policy/agentRoster';
import type { PolicyBlock } from '../policy/policyEngine';
import { runAgentPath } from '../policy/runAgent';
import { ruleLocationText, rulePathText, toolReasonText, type ReasonWording } from '../reasons';
import { discoverWorkspaceServers } from '../sources/mcp';
import { toolFilterDefect } from '../sources/mcp/toolFilter';
import type { ToolSourceProvider } from '../sources/toolSource';
import type { CatalogTool, PolicyContext, ToolDefinition } from '../types';
import { errorMessage } from '../util/errors';
import { OpenWorkspace } from '../workspace';
import { applyEdits, EditError } from './configEdits';
import { explainTool, type Explanation } from './explain';
import { fixEdits, fixPlanFor, type FixBlocker, type FixEdit, type FixEditSet, type FixWidening, type ToolFixPlan } from './quickFix';
import { READ_LIMITS, readUserText } from '../util/readLimits';

export interface FixPlanOptions {
  /** The config file's current text (an editor's unsaved document); default: the file on disk. */
  text?: string;
  /** How reasons name a run-time condition (`ExplainOptions.wording`). */
  wording?: ReasonWording;
}

/** Most passes over the policy: each lifts every layer that blocks; a later pass finds an entry a first hid. */
const MAX_PASSES = 6;

const quoted = (s: string): string => JSON.stringify(s);

function startsWith(path: readonly (string | number)[] | undefined, prefix: readonly (string | number)[]): boolean {
  return path !== undefined && prefix.every((p, i) => path[i] === p);
}

/** Where the run's agent (its roster entry) keeps what `globalPath` (under `tools`) says for every agent. */
function agentPathFor(globalPath: JsonPath, entry: JsonPath): JsonPath {
  return [...entry, ...globalPath];
}

function blockerOf(b: PolicyBlock): FixBlocker {
  return { stage: 'policy', layer: b.label, said: b.reason, at: b.decidedBy };
}

/** The source's or the names' objection, when the tool has one. */
function sourceBlocker(t: CatalogTool, wording?: ReasonWording): FixBlocker | undefined {
  const r = t.reason;
  if (!r || r.kind === 'policy' || r.kind === 'direct-only') {
    return undefined;
  }
  const names = r.kind === 'client-conflict' || r.kind === 'name-conflict';
  const layer = t.source === 'mcp' ? `MCP server "${t.sourceName}"` : t.source === 'client' ? 'client tools' : t.sourceName === 'core' ? 'OpenClaw core' : `plugin "${t.sourceName}"`;
  return { stage: names ? 'names' : 'source', layer: names ? 'model-visible names' : layer, said: toolReasonText(t, wording) ?? r.kind, ...(r.at ? { at: r.at } : {}) };
}

interface Planner {
  tool: CatalogTool;
  reader: ConfigReader;
  /** The config as diagnostics name it: every edit goes there. */
  file: string;
  /** The run agent's roster entry (`agents.entries.<id>` or `agents.list[i]`), when the run has an agent layer. */
  agentEntry?: JsonPath;
  sandboxAlsoAllow: boolean;
}

/**
 * The edit that lifts one policy layer for the run, the agent's own entry
 * first: a global profile is widened by the agent's `alsoAllow` (started
 * from the global one, which it replaces for that agent). Undefined when no
 * edit of the config can (a session rule, a version that has no sandbox
 * `alsoAllow` while OpenClaw's default list decides).
 */
function editFor(b: PolicyBlock, p: Planner): FixEdit | undefined {
  const name = p.tool.name;
  const path = b.decidedBy.path;
  const own = (at: JsonPath): boolean => p.agentEntry !== undefined && startsWith(at, p.agentEntry);
  switch (b.ruleKind) {
    case 'deny': {
      const entry = b.rule?.path;
      return entry ? { kind: 'remove-entry', file: p.file, path: entry, title: `Remove ${quoted(b.pattern ?? name)} from ${rulePathText(entry.slice(0, -1))}` } : undefined;
    }
    case 'allow-list':
      return path ? { kind: 'append-entry', file: p.file, path, value: name, title: `Add ${quoted(name)} to ${rulePathText(path)}` } : undefined;
    case 'profile': {
      if (!path) {
        return undefined;
      }
      const owner = path.slice(0, -1);
      if (own(owner) || p.agentEntry === undefined || owner[0] !== 'tools') {
        const at = [...owner, 'alsoAllow'];
        return { kind: 'append-entry', file: p.file, path: at, value: name, title: `Add ${quoted(name)} to ${rulePathText(at)}` };
      }
      // The agent's alsoAllow replaces the global one for that agent: start it from the global entries.
      const global = [...owner, 'alsoAllow'];
      const at = agentPathFor(global, p.agentEntry);
      const seed = p.reader.raw(at) === undefined ? (p.reader.stringArray(global) ?? []) : [];
      const kept = seed.length > 0 ? ` (keeping ${rulePathText(global)}: ${seed.map(quoted).join(', ')})` : '';
      return { kind: 'append-entry', file: p.file, path: at, value: name, ...(seed.length > 0 ? { seed } : {}), title: `Add ${quoted(name)} to ${rulePathText(at)}${kept}` };
    }
    case 'sandbox-default-deny':
    case 'sandbox-default-allow': {
      if (!p.sandboxAlsoAllow) {
        return undefined;
      }
      // alsoAllow, not allow: an explicit allow list would replace OpenClaw's whole default sandbox list.
      const global: JsonPath = ['tools', 'sandbox', 'tools', 'alsoAllow'];
      if (p.agentEntry === undefined) {
        return { kind: 'append-entry', file: p.file, path: global, value: name, title: `Add ${quoted(name)} to ${rulePathText(global)}` };
      }
      const at = agentPathFor(global, p.agentEntry);
      const seed = p.reader.raw(at) === undefined ? (p.reader.stringArray(global) ?? []) : [];
      return { kind: 'append-entry', file: p.file, path: at, value: name, ...(seed.length > 0 ? { seed } : {}), title: `Add ${quoted(name)} to ${rulePathText(at)}` };
    }
    case 'session':
      return undefined;
  }
}

function parsed(file: string, text: string, display: string): ConfigReader | undefined {
  return parseOpenClawConfig(file, text, 'fix plan', display).reader;
}

/** Which catalog tools each run lets through, by the policy alone. */
function admitted(reader: ConfigReader | undefined, ws: OpenWorkspace, ctx: PolicyContext, catalog: Catalog): Set<string> {
  const policy = ws.policyFor(reader, ctx);
  return new Set(catalog.tools.filter((t) => policy.evaluate(policySubjectOf(t)).allowed).map((t) => t.name));
}

function agentIds(reader: ConfigReader | undefined): { id: string; path: JsonPath }[] {
  return (readAgentRoster(reader)?.agents ?? []).flatMap((a) => (a.id !== undefined ? [{ id: a.id, path: a.path }] : []));
}

/** The tools an edited config lets into each other agent's run that the current config keeps out. */
function widening(ws: OpenWorkspace, catalog: Catalog, before: ConfigReader, after: ConfigReader, runEntry: JsonPath | undefined): FixWidening[] {
  const out: FixWidening[] = [];
  const base: PolicyContext = { ...ws.policyContext };
  delete base.agent;
  for (const { id, path } of agentIds(before)) {
    if (runEntry !== undefined && startsWith(path, runEntry) && path.length === runEntry.length) {
      continue;
    }
    const ctx = { ...base, agent: id };
    const was = admitted(before, ws, ctx, catalog);
    const gained = [...admitted(after, ws, ctx, catalog)].filter((n) => !was.has(n)).sort();
    if (gained.length > 0) {
      out.push({ agent: id, tools: gained });
    }
  }
  return out;
}

/**
 * Lists the tool again for the re-check when its source is a live MCP
 * server (not restarted for a check): the definition as cataloged, with the
 * edited config's toolFilter applied.
 */
function replaySource(tool: CatalogTool, catalog: Catalog): ((ws: OpenWorkspace) => ToolSourceProvider | undefined) | undefined {
  const server = catalog.servers.find((s) => s.name === tool.sourceName);
  if (tool.source !== 'mcp' || !server || server.transport === 'snapshot') {
    return undefined;
  }
  return (rebuilt) => ({
    name: 'fix-plan-replay',
    list: () => {
      const config = discoverWorkspaceServers(rebuilt).servers.find((s) => s.name === tool.sourceName);
      const raw = tool.rawName ?? tool.name;
      const invalid = config ? toolFilterDefect(tool.sourceName, config.toolFilter, raw) : undefined;
      const def: ToolDefinition = {
        source: 'mcp',
        owner: tool.sourceName,
        name: tool.name,
        ...(tool.rawName !== undefined ? { rawName: tool.rawName } : {}),
        description: tool.description,
        ...(tool.parameters ? { parameters: tool.parameters } : {}),
        groups: tool.groups,
        ...(tool.origin ? { origin: tool.origin } : {}),
        ...(invalid ? { invalid } : {}),
      };
      return Promise.resolve({ tools: [def], diagnostics: [] });
    },
  });
}

/** The tool as the catalog built from `text` (the edited config) has it. */
async function rebuiltTool(ws: OpenWorkspace, catalog: Catalog, tool: CatalogTool, file: string, display: string, text: string): Promise<CatalogTool | undefined> {
  const replay = replaySource(tool, catalog);
  const rebuilt = new OpenWorkspace({ ...ws.options, configText: { file, text, display, foundBy: ws.config.foundBy }, liveMcp: (w) => replay?.(w), lenientInputs: true });
  try {
    const c = await rebuilt.buildCatalog();
    return c.get(tool.id);
  } finally {
    await rebuilt.dispose();
  }
}

function noPlan(base: Omit<ToolFixPlan, 'admits' | 'message' | 'remaining' | 'widens' | 'alsoAdmits'>, remaining: FixBlocker[], why: string): ToolFixPlan {
  const list = remaining.map((b) => `${b.layer}${b.at ? ` (${ruleLocationText(b.at)})` : ''}`).join('; ');
  return { ...base, admits: false, widens: [], alsoAdmits: [], remaining, message: `${why}${list ? `: blocked by ${list}` : ''}` };
}

/** The dotted path of the first `$include` key in a config value, if any (bounded: configs are shallow). */
function includeAt(value: unknown, at = '', depth = 0): string | undefined {
  if (depth > 32 || value === null || typeof value !== 'object') {
    return undefined;
  }
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const here = at === '' ? k : `${at}.${k}`;
    if (k === '$include') {
      return here;
    }
    const inner = includeAt(v, here, depth + 1);
    if (inner) {
      return inner;
    }
  }
  return undefined;
}

/**
 * The config's text to plan on, or why there is none. OpenClaw merges
 * `$include`d files into the config; the plan edits the one file, so an edit
 * could duplicate or shadow what an included file says: fail closed.
 */
function planText(abs: string, file: string, reader: ConfigReader, options: FixPlanOptions): { text: string } | { refused: string } {
  const included = includeAt(reader.raw([]));
  if (included) {
    return { refused: `${file} uses $include (at ${included}); the fix plan edits one file and does not follow includes: edit the included file by hand` };
  }
  try {
    return { text: options.text ?? readUserText(abs, READ_LIMITS.configBytes) };
  } catch (err) {
    return { refused: `cannot read ${file}: ${errorMessage(err)}` };
  }
}

/**
 * The fix plan for one excluded tool in the workspace's run, or undefined
 * when the tool is not excluded or its only fix is in another file than the
 * config (a client-tools rename, a plugin manifest, `.vscode/mcp.json`),
 * where Explain's one-file `fix` stands.
 */
export async function planToolFix(ws: OpenWorkspace, catalog: Catalog, tool: CatalogTool, options: FixPlanOptions = {}): Promise<ToolFixPlan | undefined> {
  if (tool.status !== 'excluded') {
    return undefined;
  }
  const reader = ws.config.reader;
  const abs = ws.config.file;
  const agentEntry = runAgentPath(ws.agent);
  const agent = ws.agent.kind === 'refused' ? undefined : ws.agent.kind === 'implicit' ? undefined : ws.agent.id;
  const subject = policySubjectOf(tool);
  const blocks = ws.policy.evaluate(subject).blocks ?? [];
  const source = sourceBlocker(tool, options.wording);
  const blockers = [...(source ? [source] : []), ...blocks.map(blockerOf)];
  const base = { toolId: tool.id, tool: tool.name, ...(agent !== undefined ? { agent } : {}), blockers };
  const ctx = { configFile: reader?.file, sandboxAlsoAllow: ws.openclaw.model.sandboxAlsoAllow, takenNames: new Set(catalog.tools.map((t) => t.name)) };
  const sourceFix = source ? fixPlanFor(tool, ctx) : undefined;
  if (!reader || abs === undefined) {
    return sourceFix && blocks.length === 0 ? undefined : noPlan(base, blockers, `no config file to edit for ${tool.name}`);
  }
  const file = reader.file;
  if (sourceFix && sourceFix.file !== file) {
    // Its fix is an edit of another file: one edit set of the config cannot hold it.
    return blocks.length === 0 ? undefined : noPlan(base, blockers, `no edit of ${file} alone admits ${tool.name}; the ${source?.layer ?? 'source'} fix is in ${sourceFix.file}`);
  }
  if (source && !sourceFix) {
    // The policy's layers could be edited, but the tool would still not be there.
    return noPlan(base, [source], `no edit of the tool policy admits ${tool.name}`);
  }
  const read = planText(abs, file, reader, options);
  if ('refused' in read) {
    return noPlan(base, blockers, read.refused);
  }
  const text = read.text;
  const edits: FixEdit[] = [];
  let current = text;
  const apply = (e: FixEdit): boolean => {
    try {
      const step = fixEdits(e, current);
      if (step.length === 0) {
        return false;
      }
      current = applyEdits(current, step);
      edits.push(e);
      return true;
    } catch (err) {
      if (err instanceof EditError) {
        return false;
      }
      throw err;
    }
  };
  if (sourceFix && !apply(sourceFix)) {
    return noPlan(base, blockers, `the fix "${sourceFix.title}" no longer fits ${file}`);
  }
  if (source && sourceFix) {
    blockers[0] = { ...source, edit: sourceFix.title };
  }
  // Pass after pass: lift every layer that blocks, then ask the edited config's policy again.
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const r = parsed(abs, current, file);
    if (!r) {
      return noPlan(base, blockers, `the edited ${file} does not parse`);
    }
    const now = ws.policyFor(r).evaluate(subject);
    if (now.allowed) {
      break;
    }
    const planner: Planner = { tool, reader: r, file, agentEntry, sandboxAlsoAllow: ws.openclaw.model.sandboxAlsoAllow };
    const stuck: FixBlocker[] = [];
    for (const b of now.blocks ?? []) {
      const e = editFor(b, planner);
      if (!e || !apply(e)) {
        stuck.push(blockerOf(b));
        continue;
      }
      const shown = blockers.find((x) => x.stage === 'policy' && x.layer === b.label && x.edit === undefined);
      if (shown) {
        shown.edit = e.title;
      } else if (!blockers.some((x) => x.stage === 'policy' && x.layer === b.label)) {
        // A layer the first pass could not see (an agent's allow list behind its own deny): it blocks too.
        blockers.push({ ...blockerOf(b), edit: e.title });
      }
    }
    if (stuck.length > 0) {
      return noPlan(base, stuck, `no edit of ${file} admits ${tool.name}${agent !== undefined ? ` for agent ${agent}` : ''}`);
    }
  }
  const back = await rebuiltTool(ws, catalog, tool, abs, file, current);
  const recheck = back ? { status: back.status, ...(back.status === 'excluded' ? { reason: toolReasonText(back, options.wording) ?? 'excluded' } : {}) } : undefined;
  if (!back || back.status === 'excluded') {
    const still = back ? [...(sourceBlocker(back, options.wording) ? [sourceBlocker(back, options.wording) as FixBlocker] : []), ...(back.reason?.kind === 'policy' ? [{ stage: 'policy' as const, layer: 'policy', said: back.reason.text, ...(back.reason.at ? { at: back.reason.at } : {}) }] : [])] : [];
    return { ...noPlan(base, still, `the catalog built from the edited ${file} still excludes ${tool.name}`), ...(recheck ? { recheck } : {}) };
  }
  const before = parsed(abs, text, file) ?? reader;
  const after = parsed(abs, current, file) as ConfigReader;
  return { ...base, ...admittingPlan(ws, catalog, tool, { file, edits, before, after, agent, agentEntry, recheck }) };
}

/** A plan that admits the tool: its title, its scope (one agent or global), and what else it lets through. */
function admittingPlan(
  ws: OpenWorkspace,
  catalog: Catalog,
  tool: CatalogTool,
  e: { file: string; edits: FixEdit[]; before: ConfigReader; after: ConfigReader; agent: string | undefined; agentEntry: JsonPath | undefined; recheck: ToolFixPlan['recheck'] },
): Pick<ToolFixPlan, 'admits' | 'plan' | 'scope' | 'widens' | 'alsoAdmits' | 'remaining' | 'recheck' | 'message'> {
  const { file, edits, before, after, agent, agentEntry, recheck } = e;
  const scope = edits.every((x) => x.kind !== 'rename-client-tool' && agentEntry !== undefined && startsWith(x.path, agentEntry)) ? 'agent' : 'global';
  const widens = scope === 'global' ? widening(ws, catalog, before, after, agentEntry) : [];
  const was = admitted(before, ws, ws.policyContext, catalog);
  const alsoAdmits = [...admitted(after, ws, ws.policyContext, catalog)].filter((n) => !was.has(n) && n !== tool.name).sort();
  const title = edits.length === 1 ? (edits[0] as FixEdit).title : `Let ${quoted(tool.name)} through${agent !== undefined ? ` for agent ${agent}` : ''}: ${edits.map((x) => x.title).join('; ')}`;
  const plan: FixEditSet = { kind: 'edit-set', file, title, edits };
  const widened = widens.length > 0 ? `; also widens ${widens.map((w) => `agent ${w.agent} (${w.tools.join(', ')})`).join(', ')}` : '';
  return { admits: true, plan, scope, widens, alsoAdmits, remaining: [], ...(recheck ? { recheck } : {}), message: `${title}${widened}` };
}

/**
 * `explainTool` with a fix plan for every excluded match (`fixPlan`): its
 * `fix` becomes the plan's edit set when the re-check admits the tool, and
 * is dropped when nothing does (a one-layer fix that leaves the tool
 * excluded is no fix).
 */
export async function explainWithFixPlans(ws: OpenWorkspace, catalog: Catalog, query: string, options: FixPlanOptions = {}): Promise<Explanation> {
  const e = explainTool(catalog, query, { configFile: ws.config.reader?.file, ...(options.wording ? { wording: options.wording } : {}) });
  for (const m of e.matches) {
    const t = m.id !== undefined ? catalog.get(m.id) : undefined;
    const p = t ? await planToolFix(ws, catalog, t, options) : undefined;
    if (!p) {
      continue;
    }
    m.fixPlan = p;
    if (p.plan) {
      m.fix = p.plan.edits.length === 1 ? p.plan.edits[0] : p.plan;
    } else {
      delete m.fix;
    }
  }
  return e;
}
