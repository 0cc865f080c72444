import { dotted, type ConfigReader } from '../config/configReader';
import type { JsonPath } from '../config/json5Document';
import type { PolicyContext, PolicyDecision, PolicyRuleKind, RuleLocation } from '../types';
import { listLayer as listLayerName, POLICY, type PolicyList } from '../vocabulary';
import { findRosterAgent, readAgentRoster } from './agentRoster';
import { isProfileName } from './groups';
import { OPENCLAW_MODELS, profileAllowList, type OpenClawModel, type ProfileName } from './openclawVersions';
import { aliasOf, namesCoreTool, normalizeToolName, patternMatches, type PolicySubject } from './toolPattern';

/** One policy entry and where it came from. */
export interface PolicyRule {
  pattern: string;
  file?: string;
  line?: number;
  column?: number;
  /** The entry's JSON path in `file` (`['tools', 'deny', 0]`). */
  path?: JsonPath;
  /** `profile`: an entry of a built-in profile; `default`: OpenClaw's default sandbox list; `implicit`: added by OpenClaw. */
  origin?: 'profile' | 'default' | 'implicit';
}

/** Which step of OpenClaw's pipeline a layer is. */
export type LayerKind = 'profile' | 'provider-profile' | 'list' | 'sandbox' | 'session';

/**
 * One step of OpenClaw's policy pipeline (`applyToolPolicyPipeline`): a tool
 * must pass every layer; in each, deny wins and a non-empty allow list blocks
 * the rest.
 */
export interface PolicyLayer {
  /** OpenClaw's label for the step: `tools.profile (coding)`, `tools.allow`, `agents.ops.tools.allow`, ... */
  name: string;
  /** Where a user edits it (`tools`, `agents.list[ops].tools`, `tools.sandbox.tools`); defaults to `name`. */
  configPath?: string;
  kind?: LayerKind;
  profile?: { name: ProfileName; file?: string; line?: number; column?: number; path?: JsonPath; setBy?: string; replaces?: { name: string; file?: string; line?: number } };
  allow: PolicyRule[];
  alsoAllow: PolicyRule[];
  deny: PolicyRule[];
  /** Where the allow list was written, for "not in allow list" decisions. */
  allowAt?: Located;
}

/** A place in the config: file, line, column and JSON path. */
interface Located {
  file?: string;
  line?: number;
  column?: number;
  path?: JsonPath;
}

export interface PolicyVerdict {
  allowed: boolean;
  decisions: PolicyDecision[];
  /** One-line reason when denied. */
  reason?: string;
  /** How a user would let the tool through, when denied. */
  hint?: string;
  /** Where the rule that refused the tool is written (or which built-in list it is). */
  decidedBy?: RuleLocation;
  /** What kind of rule refused it: what a fix would edit. */
  ruleKind?: PolicyRuleKind;
  /** The deny entry's pattern, when a deny entry refused it. */
  pattern?: string;
  /**
   * Every layer that refuses the tool, in pipeline order, not only the first
   * (`reason` and `decidedBy` are the first's): what a fix must lift together.
   */
  blocks?: PolicyBlock[];
}

/** One layer that refuses a tool, as a verdict of its own (`core/explain/fixPlan.ts` edits each). */
export interface PolicyBlock {
  layer: PolicyLayer;
  /** The list that refuses, as decisions name it (`agents.qa.tools.deny`, `tools.profile (coding)`): what people read. */
  label: string;
  ruleKind: PolicyRuleKind;
  decidedBy: RuleLocation;
  reason: string;
  pattern?: string;
  /** The deny entry that refused it (its `path` is the entry), for a deny block. */
  rule?: PolicyRule;
}

function located(at: Located | undefined): RuleLocation {
  return at ? { file: at.file, line: at.line, column: at.column, path: at.path } : {};
}

/** A decision's place fields, from the rule or list that made it. */
function placeOf(at: Located | undefined): Pick<PolicyDecision, 'file' | 'line' | 'column' | 'path'> {
  return at?.file ? { file: at.file, line: at.line, column: at.column, path: at.path } : {};
}

/** A layer given by the caller (the session layer of the extension or an embedding host). */
export interface PolicyLayerInput {
  profile?: string;
  allow?: string[];
  alsoAllow?: string[];
  deny?: string[];
}

function at(r: { file?: string; line?: number } | undefined): string {
  if (!r?.file) {
    return '';
  }
  return ` (${r.file}${r.line !== undefined ? `:${r.line}` : ''})`;
}

function readRules(reader: ConfigReader, path: JsonPath): PolicyRule[] | undefined {
  if (reader.raw(path) === undefined) {
    return undefined;
  }
  const list = reader.stringArray(path) ?? [];
  return list.map((pattern, i) => {
    const p = [...path, i];
    const pos = reader.doc.locate(p);
    return { pattern, file: reader.file, line: pos?.line, column: pos?.column, path: p };
  });
}

interface ToolsSection {
  path: JsonPath;
  label: string;
  allow?: PolicyRule[];
  alsoAllow?: PolicyRule[];
  deny?: PolicyRule[];
  profile?: { name: ProfileName; file?: string; line?: number; column?: number; path?: JsonPath };
  /** `profile` is written here, known or not: an agent's unknown profile still replaces the global one. */
  profileSet?: boolean;
  allowAt?: Located;
}

function readSection(reader: ConfigReader, path: JsonPath): ToolsSection | undefined {
  if (!reader.object(path)) {
    return undefined;
  }
  const section: ToolsSection = {
    path,
    label: dotted(path),
    allow: readRules(reader, [...path, 'allow']),
    alsoAllow: readRules(reader, [...path, 'alsoAllow']),
    deny: readRules(reader, [...path, 'deny']),
  };
  if (section.allow) {
    const pos = reader.doc.locate([...path, 'allow'], true);
    section.allowAt = { file: reader.file, line: pos?.line, column: pos?.column, path: [...path, 'allow'] };
  }
  const raw = reader.raw([...path, 'profile']);
  section.profileSet = raw !== undefined && raw !== null;
  const profile = reader.string([...path, 'profile']);
  if (profile !== undefined) {
    if (isProfileName(profile)) {
      const pos = reader.doc.locate([...path, 'profile']);
      section.profile = { name: profile, file: reader.file, line: pos?.line, column: pos?.column, path: [...path, 'profile'] };
    } else {
      reader.report([...path, 'profile'], 'error', `unknown tool profile "${profile}" (expected minimal, coding, messaging or full); OpenClaw applies no profile`);
    }
  }
  return section;
}

/** OpenClaw's `normalizeToolProviderPolicyKey` without provider-id aliases: trimmed, lower-case. */
function providerKey(v: string): string {
  return v.trim().toLowerCase();
}

/**
 * `tools.byProvider` entry for the run's provider: `provider/model` wins over
 * `provider`; keys match case-insensitively. Of two keys differing only in
 * case, the version's lookup decides (`byProviderDuplicateKey`, generated):
 * the later before 2026.5.12, else the first.
 */
function providerSection(reader: ConfigReader, base: JsonPath, provider: string | undefined, model: OpenClawModel): ToolsSection | undefined {
  if (!provider) {
    return undefined;
  }
  const byProvider = reader.object([...base, 'byProvider']);
  if (!byProvider) {
    return undefined;
  }
  const want = providerKey(provider);
  const slash = want.indexOf('/');
  const candidates = slash > 0 ? [want, want.slice(0, slash)] : [want];
  for (const c of candidates) {
    const keys = Object.keys(byProvider).filter((k) => providerKey(k) === c);
    const canonical = keys.find((k) => k === providerKey(k));
    const key = model.byProviderDuplicateKey === 'last' ? keys[keys.length - 1] : model.byProviderDuplicateKey === 'canonical' && canonical !== undefined && keys[0] !== providerKey(keys[0] ?? '') ? canonical : keys[0];
    if (key !== undefined) {
      const s = readSection(reader, [...base, 'byProvider', key]);
      if (s) {
        return s;
      }
    }
  }
  return undefined;
}

/** The roster entry of the run's agent (`agents.entries.<id>` or `agents.list[i]`), when the config has it. */
export function agentEntryPath(reader: ConfigReader | undefined, agent: string | undefined): JsonPath | undefined {
  return findRosterAgent(readAgentRoster(reader), agent)?.path;
}

/** Whether the run counts as sandboxed: the explicit context wins, else the agent's or the default `sandbox.mode`. */
export function isSandboxed(reader: ConfigReader | undefined, ctx: PolicyContext): boolean {
  if (ctx.sandboxed !== undefined) {
    return ctx.sandboxed;
  }
  const entry = agentEntryPath(reader, ctx.agent);
  const agentMode = reader && entry ? reader.raw([...entry, 'sandbox', 'mode']) : undefined;
  const mode = typeof agentMode === 'string' ? agentMode : reader?.string(['agents', 'defaults', 'sandbox', 'mode']);
  if (mode === 'all') {
    return true;
  }
  if (mode === 'non-main') {
    return ctx.session !== undefined && ctx.session !== 'main' && !ctx.session.endsWith(':main');
  }
  return false;
}

function listLayer(name: string, s: ToolsSection | undefined): PolicyLayer | undefined {
  if (!s || (!s.allow && !s.deny && !s.alsoAllow)) {
    return undefined;
  }
  return { name, configPath: s.label, kind: 'list', allow: s.allow ?? [], alsoAllow: s.alsoAllow ?? [], deny: s.deny ?? [], allowAt: s.allowAt };
}

/**
 * OpenClaw's `resolveSandboxToolPolicyForAgent`: each list is the agent's,
 * else the global one, else OpenClaw's default for the modelled version.
 */
function sandboxLayer(reader: ConfigReader | undefined, agentEntry: JsonPath | undefined, model: OpenClawModel): PolicyLayer {
  const global = reader && reader.raw(['tools', 'sandbox', 'tools']) !== undefined ? readSection(reader, ['tools', 'sandbox', 'tools']) : undefined;
  const agentPath: JsonPath | undefined = agentEntry ? [...agentEntry, 'tools', 'sandbox', 'tools'] : undefined;
  const agent = reader && agentPath && reader.raw(agentPath) !== undefined ? readSection(reader, agentPath) : undefined;
  const pick = (field: 'allow' | 'alsoAllow' | 'deny'): { rules?: PolicyRule[]; s?: ToolsSection } => {
    if (agent?.[field]) {
      return { rules: agent[field], s: agent };
    }
    if (global?.[field]) {
      return { rules: global[field], s: global };
    }
    return {};
  };
  const defaults = (xs: readonly string[]): PolicyRule[] => xs.map((pattern) => ({ pattern, origin: 'default' as const }));
  const allowCfg = pick('allow');
  const denyCfg = pick('deny');
  // Versions that read `sandbox.tools.alsoAllow` add it to the allow list, and an explicit allow lifts a default deny.
  const readsAlsoAllow = model.sandboxAlsoAllow;
  const alsoCfg = readsAlsoAllow ? pick('alsoAllow') : {};
  let allow: PolicyRule[];
  if (allowCfg.rules) {
    allow = allowCfg.rules.length === 0 ? [] : [...allowCfg.rules, ...(alsoCfg.rules ?? [])];
  } else {
    allow = [...defaults(model.sandbox.allow), ...(alsoCfg.rules ?? [])];
  }
  let deny: PolicyRule[];
  if (denyCfg.rules) {
    deny = [...denyCfg.rules];
  } else {
    const explicit = [...(allowCfg.rules ?? []), ...(alsoCfg.rules ?? [])];
    deny = defaults(model.sandbox.deny).filter(
      (d) => !readsAlsoAllow || !explicit.some((e) => patternMatches(e.pattern, { name: d.pattern, source: 'openclaw', owner: 'core', groups: [], id: d.pattern, asName: true }, model)),
    );
  }
  const implicit = model.sandboxImplicitAllow;
  if (implicit) {
    // `expandResolvedPolicy`: a deny that covers `image` covers `view_image` too, unless it already names it.
    const covers = (rules: readonly PolicyRule[], tool: string): boolean => rules.some((r) => patternMatches(r.pattern, subjectFor(tool), model));
    if (covers(deny, 'image') && !covers(deny, implicit.tool)) {
      deny.push({ pattern: implicit.tool, origin: 'implicit' });
    }
    const denied = deny.some((d) => normalizeToolName(d.pattern, model) === implicit.tool);
    const present = allow.some((a) => normalizeToolName(a.pattern, model) === implicit.tool);
    if (!denied && !present && (!implicit.onlyWhenRestricted || allow.length > 0)) {
      allow.push({ pattern: implicit.tool, origin: 'implicit' });
    }
  }
  const where = allowCfg.s ?? alsoCfg.s;
  return {
    name: 'tools.sandbox.tools',
    configPath: agent ? agent.label : 'tools.sandbox.tools',
    kind: 'sandbox',
    allow,
    alsoAllow: [],
    deny,
    allowAt: where?.allowAt,
  };
}

/** The allow list of a sandboxed run's resolved sandbox policy, groups not yet expanded (`resolveSandboxToolPolicyForAgent`). */
export function sandboxAllowPatterns(reader: ConfigReader | undefined, agentEntry: JsonPath | undefined, model: OpenClawModel): string[] {
  return sandboxLayer(reader, agentEntry, model).allow.map((r) => r.pattern);
}

function subjectFor(name: string): PolicySubject {
  return { name, source: 'openclaw', owner: 'core', groups: [], id: `openclaw:core:${name}` };
}

function describeRule(kind: string, r: PolicyRule, model: OpenClawModel): string {
  const alias = aliasOf(r.pattern, model);
  return `${kind} "${r.pattern}"${alias ? ` (OpenClaw reads "${r.pattern}" as "${alias}")` : ''}`;
}

/**
 * The resolved policy for one run: OpenClaw's pipeline in its order
 * (`buildDefaultToolPolicyPipelineSteps`): profile, provider profile, global
 * allow/deny, global `byProvider`, agent allow/deny, agent `byProvider`, then
 * the sandbox policy when sandboxed, then the host's session layer.
 */
export class ToolPolicy {
  readonly model: OpenClawModel;

  /**
   * @param runCoreTools the normalized names of the core tools the run builds:
   * a version that drops a plugin-only allow list counts an entry as core only
   * when it names one of them (`namesCoreTool`); without them, its core table.
   */
  constructor(
    readonly layers: readonly PolicyLayer[],
    model?: OpenClawModel,
    readonly runCoreTools?: ReadonlySet<string>,
  ) {
    this.model = model ?? (OPENCLAW_MODELS[0] as OpenClawModel);
  }

  /**
   * The same policy for a run that builds these tools. Only its core tools are
   * kept: OpenClaw counts a tool as core when no plugin registered it, so a
   * tool a bundled plugin declares in this version (`memory_search` of
   * `memory-core`) is not one, and neither is a tool the run does not build.
   */
  forRun(tools: Iterable<{ name: string; source: string; owner: string; built: boolean }>): ToolPolicy {
    const core = new Set<string>();
    const pluginTools = new Set(Object.values(this.model.bundledPluginTools).flatMap((p) => p.tools));
    for (const t of tools) {
      const name = normalizeToolName(t.name, this.model);
      if (t.built && t.source === 'openclaw' && t.owner === 'core' && name !== '' && !pluginTools.has(name)) {
        core.add(name);
      }
    }
    return new ToolPolicy(this.layers, this.model, core);
  }

  static fromConfig(reader: ConfigReader | undefined, ctx: PolicyContext, session?: PolicyLayerInput, model?: OpenClawModel): ToolPolicy {
    const m = model ?? (OPENCLAW_MODELS[0] as OpenClawModel);
    const layers: PolicyLayer[] = [];
    const entry = agentEntryPath(reader, ctx.agent);
    if (reader) {
      const global = readSection(reader, ['tools']);
      const agentPath: JsonPath | undefined = entry ? [...entry, 'tools'] : undefined;
      const agent = agentPath ? readSection(reader, agentPath) : undefined;
      const agentLabel = `agents.${ctx.agent ?? ''}.tools`;

      // An agent's profile replaces the global one (it is not intersected with it); so does its alsoAllow.
      // An unknown agent profile replaces the global one too, and then restricts nothing (OpenClaw resolves no policy for it).
      const profileOwner = agent?.profileSet === true ? agent : global;
      const pluginsEnabled = reader.raw(['plugins', 'enabled']) !== false;
      const profile = profileOwner?.profile;
      const profileAlsoAllow = agent?.alsoAllow ?? global?.alsoAllow ?? [];
      if (profile && profileOwner) {
        const entries = profileAllowList(m, profile.name, pluginsEnabled);
        if (entries) {
          layers.push({
            name: `tools.profile (${profile.name})`,
            configPath: profileOwner.label,
            kind: 'profile',
            profile: {
              ...profile,
              setBy: `${profileOwner.label}.profile`,
              replaces: agent?.profile && global?.profile ? { name: global.profile.name, file: global.profile.file, line: global.profile.line } : undefined,
            },
            allow: entries.map((pattern) => ({ pattern, file: profile.file, line: profile.line, origin: 'profile' })),
            alsoAllow: profileAlsoAllow,
            deny: [],
          });
        }
      }

      const globalProvider = providerSection(reader, ['tools'], ctx.provider, m);
      const agentProvider = agentPath ? providerSection(reader, agentPath, ctx.provider, m) : undefined;
      const providerOwner = agentProvider?.profileSet === true ? agentProvider : globalProvider;
      const providerProfile = providerOwner?.profile;
      if (providerProfile && providerOwner) {
        const entries = profileAllowList(m, providerProfile.name, pluginsEnabled);
        if (entries) {
          layers.push({
            name: `tools.byProvider.profile (${providerProfile.name})`,
            configPath: providerOwner.label,
            kind: 'provider-profile',
            profile: { ...providerProfile, setBy: `${providerOwner.label}.profile` },
            allow: entries.map((pattern) => ({ pattern, file: providerProfile.file, line: providerProfile.line, origin: 'profile' })),
            alsoAllow: agentProvider?.alsoAllow ?? globalProvider?.alsoAllow ?? [],
            deny: [],
          });
        }
      }

      const push = (l: PolicyLayer | undefined): void => {
        if (l) {
          layers.push(l);
        }
      };
      push(listLayer('tools.allow', global));
      push(listLayer('tools.byProvider.allow', globalProvider));
      push(listLayer(`${agentLabel}.allow`, agent));
      push(listLayer(`${agentLabel}.byProvider.allow`, agentProvider));
    }
    if (isSandboxed(reader, ctx)) {
      layers.push(sandboxLayer(reader, entry, m));
    }
    if (session) {
      const name = `session${ctx.session ? `[${ctx.session}]` : ''}`;
      const rules = (xs: string[] | undefined): PolicyRule[] => (xs ?? []).map((pattern) => ({ pattern }));
      if (session.profile && isProfileName(session.profile) && m.profiles[session.profile]) {
        const entries = m.profiles[session.profile] ?? [];
        layers.push({
          name: `${name} profile (${session.profile})`,
          kind: 'profile',
          profile: { name: session.profile, setBy: `${name}.profile` },
          allow: entries.map((pattern) => ({ pattern, origin: 'profile' })),
          alsoAllow: rules(session.alsoAllow),
          deny: [],
        });
      }
      layers.push({ name, kind: 'session', allow: rules(session.allow), alsoAllow: session.profile ? [] : rules(session.alsoAllow), deny: rules(session.deny) });
    }
    return new ToolPolicy(layers, m);
  }

  evaluate(subject: PolicySubject): PolicyVerdict {
    const decisions: PolicyDecision[] = [];
    const blocks: PolicyBlock[] = [];
    let denied: PolicyVerdict | undefined;
    const m = this.model;
    const matches = (r: PolicyRule): boolean => patternMatches(r.pattern, subject, m);
    for (const layer of this.layers) {
      const path = layer.configPath ?? layer.name;
      const admitter = m.applyPatchAdmittedBy;
      const deniedVia = (rules: readonly PolicyRule[]): PolicyRule | undefined =>
        m.applyPatchDeniedWithAdmitter && admitter && subject.source === 'openclaw' && normalizeToolName(subject.name, m) === 'apply_patch'
          ? rules.find((r) => patternMatches(r.pattern, subjectFor(admitter), m))
          : undefined;
      const direct = layer.deny.find(matches);
      const viaDenied = direct ? undefined : deniedVia(layer.deny);
      const deny = direct ?? viaDenied;
      if (deny) {
        const byDefault = deny.origin === 'default';
        const via = viaDenied ? ` (in OpenClaw ${m.version} a deny list that names "${admitter ?? ''}" denies apply_patch too)` : '';
        decisions.push({
          layer: decisionLayer(layer, 'deny'),
          rule: (byDefault ? `OpenClaw ${m.version} default sandbox deny list has "${deny.pattern}" (tools.sandbox.tools.deny is not set)` : describeRule('deny', deny, m)) + via,
          effect: 'deny',
          ...placeOf(deny),
        });
        const verdict: PolicyVerdict = byDefault
          ? {
              allowed: false,
              decisions,
              decidedBy: { builtIn: `OpenClaw ${m.version} default sandbox deny list` },
              ruleKind: 'sandbox-default-deny',
              reason: `denied by OpenClaw ${m.version}'s default sandbox deny list ("${deny.pattern}"); tools.sandbox.tools.deny is not set`,
              hint: m.sandboxAlsoAllow
                ? `add "${subject.name}" to tools.sandbox.tools.allow (an explicit sandbox allow lifts OpenClaw's default deny for it)`
                : `set tools.sandbox.tools.deny (it replaces OpenClaw ${m.version}'s default deny list) and add "${subject.name}" to tools.sandbox.tools.allow`,
            }
          : {
              allowed: false,
              decisions,
              decidedBy: deny.file ? located(deny) : { builtIn: `the ${layer.name} policy layer` },
              ruleKind: deny.file ? 'deny' : 'session',
              pattern: deny.pattern,
              reason: `denied by ${path}.deny ${describeRule('', deny, m).trim()}${at(deny)}`,
              hint: `remove "${deny.pattern}" from ${path}.deny${at(deny)}`,
            };
        denied ??= verdict;
        blocks.push(blockOf(layer, verdict, deny));
        continue;
      }
      let entries: PolicyRule[] | undefined;
      if (layer.kind === 'profile' || layer.kind === 'provider-profile' || layer.profile) {
        entries = [...layer.allow, ...layer.alsoAllow];
        if (layer.profile && layer.kind === undefined) {
          // A hand-built layer with a profile (tests, hosts): the profile's entries restrict like an allow list.
          const p = m.profiles[layer.profile.name];
          entries = p ? [...p.map((pattern) => ({ pattern, origin: 'profile' as const, file: layer.profile?.file, line: layer.profile?.line })), ...layer.allow, ...layer.alsoAllow] : layer.allow.length > 0 ? [...layer.allow, ...layer.alsoAllow] : undefined;
        }
      } else if (layer.allow.length > 0) {
        entries = [...layer.allow, ...layer.alsoAllow];
      }
      if (entries && entries.length > 0 && m.stripsPluginOnlyAllowlist && layer.kind !== 'sandbox' && layer.kind !== 'session' && !entries.some((r) => namesCoreTool(r.pattern, m, this.runCoreTools))) {
        decisions.push({
          layer: decisionLayer(layer, 'allow'),
          rule: `allow list names no core tool${this.runCoreTools ? ' this run builds' : ''}; OpenClaw ${m.version} ignores it so core tools stay available`,
          effect: 'none',
          ...placeOf(layer.allowAt),
        });
        entries = undefined;
      }
      if (!entries || entries.length === 0) {
        continue;
      }
      const hit = entries.find(matches);
      const viaAdmitter =
        !hit && admitter && normalizeToolName(subject.name, m) === 'apply_patch' && subject.source === 'openclaw'
          ? entries.find((r) => patternMatches(r.pattern, subjectFor(admitter), m))
          : undefined;
      const chosen = hit ?? viaAdmitter;
      if (chosen) {
        decisions.push({ layer: decisionLayer(layer, layer.alsoAllow.includes(chosen) ? 'alsoAllow' : 'allow'), rule: allowRuleText(layer, chosen, m, viaAdmitter !== undefined, admitter), effect: 'allow', ...placeOf(chosen.origin === 'profile' ? layer.profile : chosen) });
        continue;
      }
      // Only the first refusal's decision is listed (the chain OpenClaw reports); every refusal is a block.
      const verdict = notAllowed(layer, subject, m, denied ? [] : decisions);
      denied ??= verdict;
      blocks.push(blockOf(layer, verdict));
    }
    if (denied) {
      return { ...denied, decisions, blocks };
    }
    if (decisions.length === 0) {
      decisions.push({ layer: POLICY.noLayer.label, rule: POLICY.noLayer.meaning, effect: 'allow' });
    }
    return { allowed: true, decisions };
  }
}

function blockOf(layer: PolicyLayer, v: PolicyVerdict, rule?: PolicyRule): PolicyBlock {
  return {
    layer,
    label: decisionLayer(layer, rule ? 'deny' : 'allow'),
    ruleKind: v.ruleKind ?? 'session',
    decidedBy: v.decidedBy ?? { builtIn: `the ${layer.name} policy layer` },
    reason: v.reason ?? 'denied by policy',
    ...(v.pattern !== undefined ? { pattern: v.pattern } : {}),
    ...(rule ? { rule } : {}),
  };
}

/**
 * The layer a decision names: the list that decided (`tools.deny`,
 * `agents.support.tools.alsoAllow`, `tools.sandbox.tools.allow`), so a deny
 * entry is never labelled `tools.allow`; a profile decides as itself
 * (`tools.profile (coding)`). The layer's own name is OpenClaw's step label.
 */
function decisionLayer(layer: PolicyLayer, list: PolicyList): string {
  if (layer.kind === 'profile' || layer.kind === 'provider-profile') {
    return list === 'alsoAllow' && layer.configPath ? listLayerName(layer.configPath, 'alsoAllow') : layer.name;
  }
  if (layer.kind === undefined && layer.profile && list !== 'deny') {
    return layer.name;
  }
  return listLayerName(layer.name.replace(/\.allow$/, ''), list);
}

function allowRuleText(layer: PolicyLayer, r: PolicyRule, m: OpenClawModel, viaAdmitter: boolean, admitter: string | null): string {
  const suffix = viaAdmitter ? ` (in OpenClaw ${m.version} an allow list that admits "${admitter ?? ''}" also admits apply_patch)` : '';
  if (r.origin === 'profile' && layer.profile) {
    return `profile "${layer.profile.name}" of OpenClaw ${m.version} includes "${r.pattern}"${suffix}`;
  }
  if (r.origin === 'default') {
    return `OpenClaw ${m.version} default sandbox allow list has "${r.pattern}" (tools.sandbox.tools.allow is not set)${suffix}`;
  }
  if (r.origin === 'implicit') {
    return `OpenClaw ${m.version} always adds "${r.pattern}" to a sandbox allow list${suffix}`;
  }
  const kind = layer.alsoAllow.includes(r) ? 'alsoAllow' : 'allow';
  return `${describeRule(kind, r, m)}${suffix}`;
}

function notAllowed(layer: PolicyLayer, subject: PolicySubject, m: OpenClawModel, decisions: PolicyDecision[]): PolicyVerdict {
  const path = layer.configPath ?? layer.name;
  const suggested = subject.source === 'mcp' ? 'bundle-mcp' : subject.name;
  if (layer.profile && (layer.kind === 'profile' || layer.kind === 'provider-profile' || layer.kind === undefined)) {
    const p = layer.profile;
    // A resolved profile layer carries its table plus the tools plugin manifests add to it.
    const members = layer.kind !== undefined ? layer.allow.filter((r) => r.origin === 'profile').map((r) => r.pattern) : (m.profiles[p.name] ?? []);
    decisions.push({
      layer: layer.name,
      rule: `not in profile "${p.name}" of OpenClaw ${m.version} [${profileSummary(members)}]`,
      effect: 'deny',
      ...placeOf(p),
    });
    const replaced = p.replaces ? `; it replaces the global profile "${p.replaces.name}"${at(p.replaces)}` : '';
    return {
      allowed: false,
      decisions,
      decidedBy: p.file ? located(p) : { builtIn: `the ${layer.name} policy layer` },
      ruleKind: p.file ? 'profile' : 'session',
      reason: `not in profile "${p.name}" as OpenClaw ${m.version} defines it, set by ${p.setBy ?? `${path}.profile`}${at(p)}${replaced}`,
      hint: `add "${suggested}" to ${path}.alsoAllow, or choose a profile that includes it${p.replaces ? ` (the agent's profile wins over tools.profile)` : ''}`,
    };
  }
  const defaults = layer.kind === 'sandbox' && layer.allow.some((r) => r.origin === 'default');
  if (defaults) {
    const list = layer.allow.map((r) => r.pattern);
    decisions.push({
      layer: decisionLayer(layer, 'allow'),
      rule: `not in OpenClaw ${m.version}'s default sandbox allow list [${list.join(', ')}] (tools.sandbox.tools.allow is not set)`,
      effect: 'deny',
    });
    return {
      allowed: false,
      decisions,
      decidedBy: { builtIn: `OpenClaw ${m.version} default sandbox allow list` },
      ruleKind: 'sandbox-default-allow',
      reason: `not in OpenClaw ${m.version}'s default sandbox allow list: a sandboxed run with no tools.sandbox.tools.allow keeps only those tools`,
      hint: `add it to tools.sandbox.tools.allow ("${suggested}")`,
    };
  }
  const where = layer.allowAt ?? layer.allow[0];
  const listed = [...layer.allow, ...layer.alsoAllow].map((r) => r.pattern);
  const list: Located | undefined = layer.allowAt ?? (layer.allow[0]?.file ? { ...layer.allow[0], path: layer.allow[0].path?.slice(0, -1) } : undefined);
  decisions.push({ layer: decisionLayer(layer, 'allow'), rule: `not in ${path}.allow [${listed.join(', ')}]`, effect: 'deny', ...placeOf(list) });
  return {
    allowed: false,
    decisions,
    decidedBy: list?.file ? located(list) : { builtIn: `the ${layer.name} policy layer` },
    ruleKind: list?.file ? 'allow-list' : 'session',
    reason: `not in ${path}.allow${at(where)}; a non-empty allow list blocks every other tool`,
    hint: `add "${subject.name}" to ${path}.allow${at(where)}`,
  };
}

/** A profile's members for a one-line rule: newer profiles list about fifty tools. */
function profileSummary(members: readonly string[], shown = 12): string {
  return members.length <= shown ? members.join(', ') : `${members.slice(0, shown).join(', ')}, … ${members.length - shown} more`;
}
