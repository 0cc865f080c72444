import { noToolsDiagnostic, runRefusal, runRefusalDiagnostic } from '../policy/runRefusal';
import { REPLY_TOOL_NAME } from '../sources/coreTools';
import { generatedToolsFor } from '../sources/generatedTools';
import type { ToolPolicy } from '../policy/policyEngine';
import type { SourceListing, ToolSourceProvider } from '../sources/toolSource';
import type { CatalogTool, Diagnostic, PluginReport, ServerReport, ToolDefinition, ToolExecutor, ToolSearchSettings } from '../types';
import { errorMessage } from '../util/errors';
import { normalizeToolName } from '../policy/toolPattern';
import type { ModelledVersion } from '../policy/openclawVersions';
import type { DefinitionDefect, RuleLocation, ToolReason } from '../reasons';
import { Catalog } from './catalog';
import { hiddenTextDiagnostics } from './hiddenText';
import { admissionProblem, CONTROL_TOOL_NAMES } from './toolAdmission';
import { release, releaseControlToolNames } from '../sources/release';
import { applyAvailabilityTexts } from './availabilityTexts';

/** `${source}:${owner}:${name}`, with the source's own name for MCP tools. */
export function toolId(def: Pick<ToolDefinition, 'source' | 'owner' | 'name' | 'rawName'>): string {
  return `${def.source}:${def.owner}:${def.rawName ?? def.name}`;
}

export interface BuildInput {
  providers: readonly ToolSourceProvider[];
  policy: ToolPolicy;
  settings: ToolSearchSettings;
  /**
   * The config's diagnostics. Read after every source has listed, since
   * sources may add to them (a live array or a getter).
   */
  diagnostics?: readonly Diagnostic[] | (() => readonly Diagnostic[]);
  signal?: AbortSignal;
  /** The OpenClaw version whose tables the policy and core tools follow. */
  openclaw?: ModelledVersion;
  /** The diagnostics as the catalog keeps them, from all of them (the workspace relabels those its files mark as intentional). */
  relabel?: (diagnostics: readonly Diagnostic[]) => Diagnostic[];
}

/** Adds diagnostics, skipping exact repeats (one fault found by two readers is shown once). */
function addUnique(into: Diagnostic[], from: readonly Diagnostic[]): void {
  const seen = new Set(into.map((d) => JSON.stringify([d.file, d.line, d.column, d.severity, d.message])));
  for (const d of from) {
    const k = JSON.stringify([d.file, d.line, d.column, d.severity, d.message]);
    if (!seen.has(k)) {
      seen.add(k);
      into.push(d);
    }
  }
}

/** Where a definition was written; OpenClaw's core tools are built in. */
function definitionAt(def: ToolDefinition): RuleLocation {
  if (def.origin) {
    const { file, line, column } = def.origin;
    return { file, ...(line !== undefined ? { line } : {}), ...(column !== undefined ? { column } : {}) };
  }
  return { builtIn: def.source === 'openclaw' && def.owner === 'core' ? `OpenClaw core tool "${def.name}"` : `${def.source} source "${def.owner}"` };
}

/** Rank of a source when two tools want the same model-visible name: core first, client last. */
function precedence(t: ToolDefinition): number {
  if (t.source === 'openclaw') {
    return t.owner === 'core' ? 0 : 1;
  }
  return t.source === 'mcp' ? 2 : 3;
}

/** A definition and the source that listed it. */
interface Listed {
  def: ToolDefinition;
  provider: ToolSourceProvider;
}

/**
 * The design's planning steps: resolve the policy (given), list core and
 * plugin tools, MCP tools and client tools (in parallel; a failing source
 * becomes a diagnostic), keep direct-only tools visible and out of the index,
 * and keep every excluded tool with its reason.
 */
export async function buildCatalog(input: BuildInput): Promise<Catalog> {
  const { defs, diagnostics, servers, plugins } = await listSources(input);
  const modelled = release(input.policy.model.version);
  const admission = admit(defs, diagnostics, (modelled && releaseControlToolNames(modelled)) ?? CONTROL_TOOL_NAMES);
  const invalidOf = (def: ToolDefinition): DefinitionDefect | undefined => def.invalid ?? admission.get(def);
  // Text that would show differently than it is (bidi overrides, invisible or control characters) is a warning on
  // the tool; the tool is unchanged, and every surface shows that text escaped (core/util/visibleText.ts).
  for (const { def } of defs) {
    addUnique(diagnostics, hiddenTextDiagnostics(def, toolId(def)));
  }
  // Versions that drop a plugin-only allow list judge its entries against the core tools this run builds.
  const policy = input.policy.runCoreTools ? input.policy : input.policy.forRun(defs.map(({ def }) => ({ name: def.name, source: def.source, owner: def.owner, built: invalidOf(def) === undefined })));
  const conflicts = nameConflicts(defs, invalidOf, policy, diagnostics);

  const executors = new Map<string, ToolExecutor>();
  const seenIds = new Set<string>();
  const tools: CatalogTool[] = [];
  const defOf = new Map<CatalogTool, ToolDefinition>();
  // When one id is listed twice (a duplicate), the valid definition is the one kept.
  const byValidity = [...defs].sort((a, b) => Number(Boolean(invalidOf(a.def))) - Number(Boolean(invalidOf(b.def))));
  for (const { def, provider } of byValidity) {
    const id = toolId(def);
    if (seenIds.has(id)) {
      continue;
    }
    seenIds.add(id);
    const verdict = policy.evaluate({ name: def.name, source: def.source, owner: def.owner, groups: def.groups ?? [], id });
    const tool = catalogTool(def, id, verdict.decisions);
    decide(tool, def, verdict, { invalid: invalidOf(def), refused: admission.has(def), conflict: conflicts.get(def) }, policy.model);
    defOf.set(tool, def);
    if (provider.executor) {
      executors.set(id, provider.executor);
    }
    tools.push(tool);
  }
  applyAvailabilityTexts(tools, defOf, policy);
  const callable = tools.filter((t) => t.status !== 'excluded').length;
  const refusal = runRefusal(policy, callable);
  if (refusal) {
    diagnostics.unshift(runRefusalDiagnostic(refusal));
  }
  const none = noToolsDiagnostic(policy, callable, tools.length - callable, refusal !== undefined);
  if (none) {
    diagnostics.unshift(none);
  }
  tools.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  servers.sort((a, b) => a.name.localeCompare(b.name));
  plugins.sort((a, b) => a.id.localeCompare(b.id));
  const catalog = new Catalog(tools, servers, plugins, input.relabel ? input.relabel(diagnostics) : diagnostics, input.settings, executors);
  // Without a resolved version, the policy's own tables say which OpenClaw the catalog follows (surfaces read it).
  if (refusal) {
    catalog.runRefusal = refusal;
  }
  catalog.openclaw = input.openclaw ?? { model: input.policy.model, source: 'default', describe: `OpenClaw ${input.policy.model.version}` };
  return catalog;
}

/** Every source's listing (in parallel; a failing source becomes a diagnostic), after the config's diagnostics. */
async function listSources(input: BuildInput): Promise<{ defs: Listed[]; diagnostics: Diagnostic[]; servers: ServerReport[]; plugins: PluginReport[] }> {
  const diagnostics: Diagnostic[] = [];
  const servers: ServerReport[] = [];
  const plugins: PluginReport[] = [];
  const listings = await Promise.all(
    input.providers.map(async (p): Promise<[ToolSourceProvider, SourceListing]> => {
      try {
        return [p, await p.list(input.signal)];
      } catch (err) {
        return [p, { tools: [], diagnostics: [{ file: p.name, severity: 'error', message: `source "${p.name}" failed: ${errorMessage(err)}` }] }];
      }
    }),
  );
  const defs: Listed[] = [];
  const config = typeof input.diagnostics === 'function' ? input.diagnostics() : input.diagnostics ?? [];
  addUnique(diagnostics, config);
  for (const [provider, listing] of listings) {
    addUnique(diagnostics, listing.diagnostics);
    servers.push(...(listing.servers ?? []));
    plugins.push(...(listing.plugins ?? []));
    for (const def of listing.tools) {
      defs.push({ def, provider });
    }
  }
  return { defs, diagnostics, servers, plugins };
}

/** Names and schema sizes are checked on what the model would see, for every source alike. */
function admit(defs: readonly Listed[], diagnostics: Diagnostic[], controlNames: ReadonlySet<string>): Map<ToolDefinition, DefinitionDefect> {
  const admission = new Map<ToolDefinition, DefinitionDefect>();
  for (const { def } of defs) {
    const problem = def.invalid ? undefined : admissionProblem(def, controlNames);
    if (problem) {
      admission.set(def, { kind: 'not-admitted', problem });
      diagnostics.push({ file: def.origin?.file ?? def.owner, line: def.origin?.line, severity: 'error', message: `tool ${toolId(def)}: ${problem}; excluded` });
    }
  }
  return admission;
}

/** Model-visible names must be unique; earlier sources keep the name. Returns the losers' reasons. */
function nameConflicts(defs: readonly Listed[], invalidOf: (def: ToolDefinition) => DefinitionDefect | undefined, policy: ToolPolicy, diagnostics: Diagnostic[]): Map<ToolDefinition, ToolReason> {
  const owners = new Map<string, { id: string; def: ToolDefinition }>();
  const ordered = [...defs].sort((a, b) => precedence(a.def) - precedence(b.def) || toolId(a.def).localeCompare(toolId(b.def)));
  const conflicts = new Map<ToolDefinition, ToolReason>();
  const clientConflicts: string[] = [];
  for (const { def } of ordered) {
    if (invalidOf(def)) {
      continue;
    }
    // OpenClaw compares normalized names: a client tool `Bash` clashes with `exec`.
    const key = normalizeToolName(def.name, policy.model);
    const owner = owners.get(key);
    if (owner === undefined) {
      owners.set(key, { id: toolId(def), def });
    } else if (def.source === 'client') {
      conflicts.set(def, { kind: 'client-conflict', with: owner.id, at: definitionAt(def), withAt: definitionAt(owner.def) });
      clientConflicts.push(def.name);
      // Two client tools with one name: neither is usable (OpenClaw names both and refuses the run).
      if (owner.def.source === 'client' && !conflicts.has(owner.def)) {
        conflicts.set(owner.def, { kind: 'client-conflict', with: toolId(def), listedAs: def.name, at: definitionAt(owner.def), withAt: definitionAt(def) });
        clientConflicts.push(owner.def.name);
      }
    } else {
      const holder = owner.id;
      conflicts.set(def, { kind: 'name-conflict', with: holder, at: definitionAt(def), withAt: definitionAt(owner.def) });
      diagnostics.push({
        file: def.origin?.file ?? def.owner,
        line: def.origin?.line,
        severity: 'warning',
        message: `tool ${toolId(def)}: name "${def.name}" is already provided by ${holder}; excluded`,
      });
    }
  }
  if (clientConflicts.length > 0) {
    const first = ordered.find(({ def }) => def.source === 'client' && conflicts.has(def))?.def;
    diagnostics.push({
      file: first?.origin?.file ?? 'client tools',
      line: first?.origin?.line,
      severity: 'error',
      message: `client tool name conflict: ${clientConflicts.join(', ')}`,
    });
  }
  return conflicts;
}

/** The catalog entry of a definition, cataloged until `decide` says otherwise. */
function catalogTool(def: ToolDefinition, id: string, decisions: CatalogTool['decisions']): CatalogTool {
  const tool: CatalogTool = {
    id,
    source: def.source,
    sourceName: def.owner,
    name: def.name,
    label: def.label,
    description: def.description,
    parameters: def.parameters,
    outputSchema: def.outputSchema,
    status: 'cataloged',
    decisions,
    groups: def.groups ?? [],
    origin: def.origin,
  };
  if (def.rawName !== undefined && def.rawName !== def.name) {
    tool.rawName = def.rawName;
  }
  if (def.mcpOperation !== undefined) {
    tool.mcpOperation = def.mcpOperation;
  }
  if (def.modelOwner !== undefined && def.modelOwner !== def.owner) {
    tool.modelOwner = def.modelOwner;
  }
  if (def.descriptionCut) {
    tool.descriptionCut = def.descriptionCut;
  }
  if (def.annotations) {
    tool.annotations = def.annotations;
  }
  if (def.shipped === true) {
    tool.shipped = true;
  }
  return tool;
}

/**
 * A tool's status and reason, first cause first: a defective definition, the
 * policy, a name conflict, direct-only; else cataloged (and directly visible
 * where OpenClaw keeps it so).
 */
function decide(
  tool: CatalogTool,
  def: ToolDefinition,
  verdict: ReturnType<ToolPolicy['evaluate']>,
  found: { invalid: DefinitionDefect | undefined; refused: boolean; conflict: ToolReason | undefined },
  model: ToolPolicy['model'],
): void {
  const { invalid, conflict } = found;
  if (found.refused) {
    // Refused schemas are not kept: panels and explain must never print them.
    delete tool.parameters;
    delete tool.outputSchema;
  }
  if (invalid) {
    tool.status = 'excluded';
    // A defect with no rule of its own (a bad schema, a duplicate) is decided by the definition.
    tool.reason = invalid.at ? invalid : { ...invalid, at: definitionAt(def) };
  } else if (!verdict.allowed) {
    tool.status = 'excluded';
    tool.reason = {
      kind: 'policy',
      text: verdict.reason ?? 'denied by policy',
      ...(verdict.hint ? { hint: verdict.hint } : {}),
      ...(verdict.decidedBy ? { at: verdict.decidedBy } : {}),
      ...(verdict.ruleKind ? { rule: verdict.ruleKind } : {}),
      ...(verdict.pattern !== undefined ? { pattern: verdict.pattern } : {}),
    };
    tool.hint = verdict.hint;
  } else if (conflict) {
    tool.status = 'excluded';
    tool.reason = conflict;
  } else if (def.catalogMode === 'direct-only') {
    tool.status = 'direct-only';
    tool.reason = { kind: 'direct-only', at: definitionAt(def) };
  } else if (def.source === 'openclaw' && ((def.directVisible === true && def.owner === 'core') || (def.name === REPLY_TOOL_NAME && model.replyToolVisible && !generatedToolsFor(model.version)))) {
    // The reply tool stays visible whichever first-party source provides it (OpenClaw's `directToolNames`);
    // a version with generated tools carries its own visible names (a local operator turn hides `message`).
    tool.directVisible = true;
  }
}
