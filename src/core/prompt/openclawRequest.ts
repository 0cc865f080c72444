import * as os from 'node:os';
import type { ModelTool } from '../modes/toolSearchTools';
import type { ToolSearchModeName } from '../types';
import type { AgentWorkspaceFiles } from './agentWorkspace';
import { boundedMaxTokens, type MaxTokensBound } from './maxTokens';
import { applyPromptSegments, runToolsOf, type PromptCluster } from './promptConditions';
import { memorySectionDataFor, memorySupplementsFor, memorySupplementText, runtimeContextContent, runtimeContextDataFor, withMemorySection } from './runtimeContext';
import { applyLineEdits, type LineEdit } from './lineEdits';
import { modelAliasLines, type ModelAlias } from './modelAliases';
import { sandboxWorkdirOf, type SandboxRun } from './sandboxRun';
import { compactSkillsPrompt, type SkillsCompaction } from './skillsCompaction';
import { filterSkillsPrompt, type SkillFilter } from './skillsFilter';
import type { VolatileValues } from './volatile';

/**
 * The request OpenClaw sends for one turn (Chat Completions, as its
 * `openai-completions` providers speak it), built from the templates
 * `scripts/extract-openclaw-prompt.mjs` generated from the package: the
 * system prompt per mode with its slots filled, the message layout, the
 * envelope in OpenClaw's key order, and the tools array as given.
 */

export interface PromptData {
  openclawVersion: string;
  modelledFor: Record<string, string>;
  toolLines: { order: string[]; summaries: Record<'plain' | 'codeMode' | 'withoutSessionsHistory', Record<string, string | null>> };
  bootstrapFiles: { name: string; content: string }[];
  /** Beyond these OpenClaw truncates an injected file (not modelled: reported). */
  bootstrapLimits: { perFile: number; userFile: number; total: number };
  /** `null`: the release sends the configured maxTokens unbounded (2026.5.12 has no such bound). */
  maxTokensBound: MaxTokensBound | null;
  /** `null`: the release never shortens the skills prompt for the context window (before 2026.9.5). */
  skillsCompaction: SkillsCompaction | null;
  /** The skills prompt OpenClaw built in the extraction environment, before shortening it for a context window. */
  skillsPrompt: string;
  /** `user` carries `{{runtimeLine}}` from 2026.9.5 on; before, the system prompt does. `context`: the internal-context message, null where none is sent. */
  messages: { roles: string[]; user: string | { type: string; text: string }[]; runtimeLine: string; context: unknown };
  envelopeOrder: string[];
  /**
   * The modes the release has (no directory mode before 2026.6.8); `conditions`: the template's lines that depend on
   * the run's tools (promptConditions.ts); `promptTools`: whether those lines follow every tool of the run (`run`) or
   * only the tools sent (`sent`: code mode before 2026.9.5), as the extractor found in the template;
   * `conditionsNotGenerated`: why a mode has none (its lines stay the sentinel run's).
   */
  modes: Partial<
    Record<
      ToolSearchModeName,
      {
        system: string;
        envelope: Record<string, unknown>;
        conditions?: PromptCluster[];
        promptTools?: 'run' | 'sent';
        conditionsNotGenerated?: string;
        /** The edits that make `system` the prompt of a new agent workspace under `skipBootstrap` (no bootstrap file, no git repository), measured per mode. */
        bootstrapSkipped?: LineEdit[];
        /** The edits that add its `## Model Aliases` section. */
        modelAliases?: LineEdit[];
        /** The sandboxed run's edits, after the tool-dependent lines. */
        sandboxed?: LineEdit[];
      }
    >
  >;
  /** The template's tool-dependent lines when every mode has the same (a mode's own `conditions` win). */
  conditions?: PromptCluster[];
  /** The skipBootstrap edits when every mode has the same (a mode's own win). */
  bootstrapSkipped?: LineEdit[];
  /** The edits that add `## Model Aliases` with a `{{modelAliasLines}}` slot, when every mode has the same (a mode's own win). */
  modelAliases?: LineEdit[];
  /** The `<skill>` blocks each bundled plugin adds when the config turns it on (measured per plugin). */
  pluginSkills?: Record<string, string[]>;
  /** The sandboxed run's edits (Workspace and Sandbox sections, `{{sandboxWorkdir}}`), when every mode has the same. */
  sandboxed?: LineEdit[];
  /** The sandbox the edits were measured for, its skills' location and the tools whose texts it changes. */
  sandbox?: {
    measured: { backend: string; workspaceAccess: string; scope: string };
    skillLocation: string;
    /** Per tool, keyed by the first 16 hex of sha256 of `{description, parameters}` as JSON outside the sandbox. */
    tools: Record<string, { base: string; description: string; parameters: Record<string, unknown> }[]>;
  };
}

export interface OpenClawRequestInput {
  /** The mode whose request is built (the effective one: code falls back to tools as OpenClaw's does not, see fidelity.md). */
  mode: ToolSearchModeName;
  /** Exactly the function tools sent, in order. */
  tools: readonly ModelTool[];
  /** Every tool the run has, sent or deferred (its model-facing names, or a set of them from `promptToolNames`); default: the tools sent. Some prompt lines depend on them. */
  availableTools?: readonly string[] | ReadonlySet<string>;
  /** The text under `### Deferred Tool Schemas` (code, tools and directory modes). */
  directory?: string;
  prompt: string;
  /** The configured model: its id is the envelope's `model`; `provider/model` is named in the prompt. */
  provider: string;
  model: string;
  maxTokens: number;
  /** With a proxy-like endpoint, max_completion_tokens is bounded by what this window leaves. */
  contextWindow?: number;
  proxyLikeEndpoint?: boolean;
  workspace: AgentWorkspaceFiles;
  /** Folders the prompt names; each is a volatile part (volatile.ts). */
  stateDir: string;
  openclawDir: string;
  /** The run's agent, which the runtime line names (default `main`). */
  agent?: string;
  /** The skills the run keeps (config entries, the agent's list); default: every skill of the template. */
  skillFilter?: SkillFilter;
  /** The bundled plugins the config turns on (memory-wiki): their memory prompt supplement and their skills join the prompt. */
  loadedPlugins?: readonly string[];
  /** The run's sandbox (sandboxRun.ts), when it is sandboxed. */
  sandbox?: SandboxRun;
  /** The model aliases the prompt lists (`## Model Aliases`, after the memory section); none: no section. */
  modelAliases?: readonly ModelAlias[];
  /** What the run's provider plugin adds as `options` (Ollama's `num_ctx`: providerPayload.ts), after the envelope's keys. */
  payloadOptions?: Record<string, unknown>;
  /** The moment of the turn (default now). */
  now?: Date;
  timeZone?: string;
}

export interface OpenClawRequest {
  body: Record<string, unknown>;
  /** The values of the volatile parts this prediction used, for normalization. */
  volatile: VolatileValues;
  /** What of the workspace the templates do not model (empty when the prediction is complete). */
  unmodelled: string[];
}

/** OpenClaw's tool list in its prompt: its own order first, then every other name sorted, each with its summary. */
export function toolLinesOf(names: readonly string[], data: PromptData, codeModeActive = false): string {
  const visible = new Map<string, string>();
  for (const n of names) {
    const key = n.trim().toLowerCase();
    if (key && !visible.has(key)) {
      visible.set(key, n.trim());
    }
  }
  const summaries = data.toolLines.summaries;
  // Code Mode's own summaries (its `exec` is the JavaScript runner, not the shell).
  const own = codeModeActive ? summaries.codeMode : summaries.plain;
  const summary = (key: string): string | null | undefined => (key === 'sessions_search' && !visible.has('sessions_history') ? summaries.withoutSessionsHistory[key] : own[key]);
  const line = (key: string): string => {
    const s = summary(key);
    return s ? `- ${visible.get(key) ?? key}: ${s}` : `- ${visible.get(key) ?? key}`;
  };
  const ordered = data.toolLines.order.filter((k) => visible.has(k));
  // JavaScript's default sort (UTF-16 code units), as OpenClaw's toSorted().
  const extra = [...visible.keys()].filter((k) => !data.toolLines.order.includes(k)).sort();
  return [...ordered, ...extra].map(line).join('\n');
}

/** OpenClaw's `normalizeAgentId` for ids as configs spell them: trimmed, lower case. */
function normalizedAgentId(id: string): string {
  return id.trim().toLowerCase() || 'main';
}

function fill(template: string, slots: Record<string, string>): string {
  return template.replace(/\{\{([A-Za-z]+(?::[^}]+)?)\}\}/g, (whole, name: string) => slots[name] ?? whole);
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The parts of a moment in a time zone, through Intl (no hand-made offsets). */
function partsIn(now: Date, timeZone: string): Record<string, string> {
  const f = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' });
  return Object.fromEntries(f.formatToParts(now).map((p) => [p.type, p.value]));
}

function machineTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Removes the section of a bootstrap file the workspace does not have. */
function withoutFile(system: string, name: string): string {
  return system.replace(`## {{workspaceDir}}/${name}\n{{file:${name}}}\n`, '');
}

/** The skills prompt for the run: the template's, filtered as the config says, then shortened for the context window. */
function skillsOf(input: OpenClawRequestInput, data: PromptData, unmodelled: string[], sandboxWorkdir?: string): string {
  let template = withPluginSkills(data.skillsPrompt, (input.loadedPlugins ?? []).flatMap((id) => data.pluginSkills?.[id] ?? []));
  if (input.skillFilter) {
    const filtered = filterSkillsPrompt(template, input.skillFilter, '{{openclawDir}}/');
    if (filtered.kept === 0) {
      unmodelled.push('the config leaves the run no skill: OpenClaw then writes no skills list, which the prediction does not model');
    }
    template = filtered.prompt;
  }
  if (sandboxWorkdir !== undefined && data.sandbox) {
    // A sandboxed run lists each skill at its copy in the sandbox's folder (measured for every skill).
    const at = data.sandbox.skillLocation;
    template = template.replace(/<name>([^<]*)<\/name>(\n[\s\S]*?)<location>[^<]*<\/location>/g, (_m, name: string, mid: string) => `<name>${name}</name>${mid}<location>${at.replace('{{name}}', name)}</location>`);
  }
  const text = fill(template, { stateDir: input.stateDir, openclawDir: input.openclawDir, ...(sandboxWorkdir !== undefined ? { sandboxWorkdir } : {}) });
  return data.skillsCompaction ? compactSkillsPrompt(text, input.contextWindow, data.skillsCompaction) : text;
}

/** The skills prompt with more `<skill>` blocks, each at its place by name (OpenClaw lists skills by name; the extractor checks it). */
function withPluginSkills(prompt: string, blocks: readonly string[]): string {
  let out = prompt;
  for (const block of blocks) {
    const name = /<name>([^<]*)<\/name>/.exec(block)?.[1] ?? '';
    const next = [...out.matchAll(/^ {2}<skill>\n {4}<name>([^<]*)<\/name>/gm)].find((m) => (m[1] ?? '') > name);
    const at = next?.index ?? out.lastIndexOf('</available_skills>');
    out = at < 0 ? out : out.slice(0, at) + block + out.slice(at);
  }
  return out;
}

/** The memory section for the run's memory and session tools, then its loaded plugins' supplements (generated; the template holds the sentinel run's). */
function withRunMemorySection(system: string, data: PromptData, runTools: readonly string[], plugins: readonly string[], unmodelled: string[]): string {
  const memory = memorySectionDataFor(data.openclawVersion);
  if (!memory) {
    return system;
  }
  const generated = memorySupplementsFor(data.openclawVersion);
  const after = plugins.flatMap((id) => {
    const sup = generated[id];
    const text = sup ? memorySupplementText(sup, runTools) : undefined;
    if (text === undefined) {
      unmodelled.push(`the memory prompt supplement of the bundled plugin ${id} is not generated for OpenClaw ${data.openclawVersion}: left out`);
    }
    return text === undefined ? [] : [text];
  });
  const swapped = withMemorySection(system, memory, runTools, after);
  if (swapped === undefined) {
    unmodelled.push("the memory section of the template was not found: the sentinel run's is shown");
  }
  return swapped ?? system;
}

/** The internal-context message for the run's tools (generated per combination); the template's is the sentinel run's. */
function runContextMessage(data: PromptData, runTools: readonly string[], unmodelled: string[]): unknown {
  const contextData = runtimeContextDataFor(data.openclawVersion);
  if (!contextData || data.messages.context === null || data.messages.context === undefined) {
    return data.messages.context;
  }
  const ofRun = runtimeContextContent(contextData, runTools);
  if (ofRun === undefined) {
    unmodelled.push(`the internal-context message for this run's tools (${contextData.vars.join(', ')}) was not generated: the sentinel run's is shown`);
    return data.messages.context;
  }
  return ofRun;
}

/** The mode's template for the run's agent workspace: a new one under `skipBootstrap` has its own (generated edits). */
function bootstrapTemplate(system: string, edits: readonly LineEdit[] | undefined, workspace: AgentWorkspaceFiles, version: string, unmodelled: string[]): string {
  if (!workspace.bootstrapSkipped) {
    return system;
  }
  if (!edits) {
    unmodelled.push(`a new agent workspace under skipBootstrap is not measured for OpenClaw ${version}: the prompt's bootstrap sections are those of a seeded workspace, without its files`);
    return system;
  }
  const edited = applyLineEdits(system, edits);
  if (edited === undefined) {
    unmodelled.push("the skipBootstrap edits do not fit the template: the prompt's bootstrap sections are those of a seeded workspace");
    return system;
  }
  return edited;
}

/**
 * A sandboxed run's Workspace and Sandbox sections (generated edits, applied
 * after the run's tool-dependent lines), for the sandbox they were measured
 * for; the sandbox's working folder it names, or undefined when they do not apply (said).
 */
function sandboxedPrompt(chosen: { system: string }, edits: readonly LineEdit[] | undefined, sandbox: SandboxRun | undefined, data: PromptData, unmodelled: string[]): string | undefined {
  if (!sandbox) {
    return undefined;
  }
  const measured = data.sandbox?.measured;
  const workdir = sandboxWorkdirOf(sandbox);
  if (!edits || !measured) {
    unmodelled.push(`a sandboxed run is not measured for OpenClaw ${data.openclawVersion}: its Workspace and Sandbox sections and its skills' locations are those of a run on the host`);
    return undefined;
  }
  if (sandbox.backend !== measured.backend || sandbox.workspaceAccess !== measured.workspaceAccess || workdir === undefined) {
    unmodelled.push(
      `a sandboxed run (backend ${sandbox.backend}, workspaceAccess ${sandbox.workspaceAccess}${workdir === undefined ? ', no ssh.workspaceRoot' : ''}) is measured only for backend ${measured.backend} with workspaceAccess ${measured.workspaceAccess} and an ssh.workspaceRoot: its Workspace and Sandbox sections and its skills' locations are those of a run on the host`,
    );
    return undefined;
  }
  const edited = applyLineEdits(chosen.system, edits);
  if (edited === undefined) {
    unmodelled.push("the sandboxed run's Workspace and Sandbox sections do not fit this run's prompt: those of a run on the host are shown");
    return undefined;
  }
  chosen.system = edited;
  return workdir;
}

/** The template with the run's `## Model Aliases` section (its lines are the `{{modelAliasLines}}` slot). */
function withModelAliases(system: string, edits: readonly LineEdit[] | undefined, aliases: readonly ModelAlias[] | undefined, version: string, unmodelled: string[]): string {
  if (!aliases || aliases.length === 0) {
    return system;
  }
  const edited = edits ? applyLineEdits(system, edits) : undefined;
  if (edited === undefined) {
    unmodelled.push(`the ## Model Aliases section (${aliases.length} aliases) is not ${edits ? 'where the measured edits expect it in this template' : `measured for OpenClaw ${version}`}: left out`);
    return system;
  }
  return edited;
}

/** The agent workspace's bootstrap files in the prompt (their slots filled in `slots`); a file the workspace lacks drops its section. */
function withWorkspaceFiles(template: string, input: OpenClawRequestInput, data: PromptData, skipMeasured: boolean, slots: Record<string, string>, unmodelled: string[]): string {
  let system = template;
  const present = new Map(input.workspace.files.map((f) => [f.name, f.content]));
  for (const f of data.bootstrapFiles) {
    const content = present.get(f.name);
    if (content === undefined && input.workspace.bootstrapSkipped && skipMeasured) {
      // The skipBootstrap template says what OpenClaw writes for each file it did not seed.
      continue;
    }
    if (content === undefined) {
      system = withoutFile(system, f.name);
      unmodelled.push(`${f.name} is not in the agent workspace: the prompt's sections that mention it are those of a new workspace`);
    } else {
      // OpenClaw injects each file with its trailing white space trimmed.
      const text = content.trimEnd();
      const limit = f.name === 'USER.md' ? data.bootstrapLimits.userFile : data.bootstrapLimits.perFile;
      if (text.length > limit) {
        unmodelled.push(`${f.name} has ${text.length} characters: OpenClaw truncates it to ${limit}, which the prediction does not model`);
      }
      slots[`file:${f.name}`] = text;
    }
  }
  for (const name of present.keys()) {
    if (!data.bootstrapFiles.some((f) => f.name === name)) {
      unmodelled.push(`${name} in the agent workspace is not modelled: OpenClaw may inject it too`);
    }
  }
  return system;
}

export function buildOpenClawRequest(input: OpenClawRequestInput, data: PromptData): OpenClawRequest {
  const mode = data.modes[input.mode];
  if (!mode) {
    throw new Error(`OpenClaw ${data.openclawVersion} has no ${input.mode} mode`);
  }
  const now = input.now ?? new Date();
  const timeZone = input.timeZone ?? machineTimeZone();
  const p = partsIn(now, timeZone);
  const date = `${p.year}-${p.month}-${p.day}`;
  const unmodelled: string[] = [];
  const sent = input.tools.map((t) => t.name);
  const skipEdits = mode.bootstrapSkipped ?? data.bootstrapSkipped;
  const template = withModelAliases(bootstrapTemplate(mode.system, skipEdits, input.workspace, data.openclawVersion, unmodelled), mode.modelAliases ?? data.modelAliases, input.modelAliases, data.openclawVersion, unmodelled);
  const chosen = applyPromptSegments(template, mode.conditions ?? data.conditions ?? [], runToolsOf(sent, mode.promptTools === 'sent' ? sent : (input.availableTools ?? sent)));
  unmodelled.push(...chosen.unmodelled);
  const sandboxWorkdir = sandboxedPrompt(chosen, mode.sandboxed ?? data.sandboxed, input.sandbox, data, unmodelled);
  const slots: Record<string, string> = {
    toolLines: toolLinesOf(input.tools.map((t) => t.name), data, input.mode === 'code-mode'),
    directory: input.directory ?? '',
    workspaceDir: input.workspace.dir,
    openclawDir: input.openclawDir,
    stateDir: input.stateDir,
    skills: skillsOf(input, data, unmodelled, sandboxWorkdir),
    ...(sandboxWorkdir !== undefined ? { sandboxWorkdir } : {}),
    modelAliasLines: modelAliasLines(input.modelAliases ?? []),
    modelRef: `${input.provider}/${input.model}`,
    date,
    timeZone,
  };
  const runTools = [...sent, ...(input.availableTools ?? [])];
  let system = withRunMemorySection(chosen.system, data, runTools, (input.loadedPlugins ?? []).filter((id) => id in memorySupplementsFor(data.openclawVersion)), unmodelled);
  system = withWorkspaceFiles(system, input, data, skipEdits !== undefined, slots, unmodelled);
  // The generated line names the extraction run's agent, `main`; a run of another agent names its own.
  const runtimeTemplate = input.agent !== undefined ? data.messages.runtimeLine.replace(/^Runtime: agent=main\b/, `Runtime: agent=${normalizedAgentId(input.agent)}`) : data.messages.runtimeLine;
  const runtimeLine = fill(runtimeTemplate, {
    workspaceDir: input.workspace.dir,
    modelRef: slots.modelRef ?? '',
    sessionId: '00000000-0000-4000-8000-000000000000',
    host: os.hostname(),
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
  });
  // The runtime line closes the system prompt in releases before 2026.9.5.
  system = fill(system, { ...slots, runtimeLine });
  const timestamp = `${p.weekday} ${date} ${pad(Number(p.hour))}:${p.minute} ${p.timeZoneName}`;
  const userSlots = { timestamp, prompt: input.prompt, runtimeLine };
  // A list of content parts (2026.5.12) or one string.
  const user = typeof data.messages.user === 'string' ? fill(data.messages.user, userSlots) : data.messages.user.map((p) => ({ ...p, text: fill(p.text, userSlots) }));
  const messages: { role: string; content: unknown }[] = [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
  const context = runContextMessage(data, runTools, unmodelled);
  if (context !== null && context !== undefined) {
    messages.push({ role: 'user', content: context });
  }
  const envelope: Record<string, unknown> = { ...mode.envelope, model: input.model, max_completion_tokens: input.maxTokens };
  const body: Record<string, unknown> = {};
  for (const key of data.envelopeOrder) {
    if (key === 'messages') {
      body.messages = messages;
    } else if (key === 'tools') {
      body.tools = input.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
    } else if (key in envelope) {
      body[key] = envelope[key];
    }
  }
  if (input.payloadOptions) {
    body.options = { ...(typeof body.options === 'object' && body.options !== null ? body.options : {}), ...input.payloadOptions };
  }
  if ('max_completion_tokens' in body && data.maxTokensBound) {
    body.max_completion_tokens = boundedMaxTokens(input.maxTokens, input.contextWindow, body, data.maxTokensBound, input.proxyLikeEndpoint === true);
    if (body.max_completion_tokens !== input.maxTokens) {
      unmodelled.push(`max_completion_tokens is lowered from ${input.maxTokens} to ${String(body.max_completion_tokens)}: the prompt leaves that little of the ${input.contextWindow ?? '?'}-token context window (the number follows the lengths of the volatile parts)`);
    }
  }
  return { body, volatile: { workspaceDir: input.workspace.dir, stateDir: input.stateDir, openclawDir: input.openclawDir }, unmodelled };
}
