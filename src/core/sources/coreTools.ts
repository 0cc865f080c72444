import type { JsonSchema, ToolDefinition } from '../types';
import { groupsOfCoreTool } from '../policy/groups';
import { OPENCLAW_MODELS, type OpenClawModel } from '../policy/openclawVersions';
import { generatedToolsFor, type ConfigTextVariant, type GeneratedTool, type GeneratedToolSet } from './generatedTools';
import { declaredOnlyExecutor, type SourceListing, type ToolSourceProvider } from './toolSource';
import type { ConfigReader } from '../config/configReader';
import type { JsonPath } from '../config/json5Document';
import type { DefinitionDefect } from '../reasons';
import { constructionDefects, notNamedDefect, planToolGateDecision } from './construction';

interface CoreToolSpec {
  name: string;
  label: string;
  description: string;
  parameters: JsonSchema;
  catalogMode?: 'direct-only';
}

const str = (description: string): JsonSchema => ({ type: 'string', description });
const int = (description: string): JsonSchema => ({ type: 'integer', description });
const obj = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

/**
 * OpenClaw's core tools as the gateway declares them. They are listed so the
 * catalog, policy and previews are faithful; this product does not run them.
 */
export const CORE_TOOLS: readonly CoreToolSpec[] = [
  {
    name: 'exec',
    label: 'Run command',
    description: 'Run a shell command in the workspace and return its output; long-running commands can continue in the background as a process.',
    parameters: obj(
      {
        command: str('Shell command to run'),
        workdir: str('Working directory (defaults to the workspace)'),
        timeout: int('Seconds before the command is stopped'),
        background: { type: 'boolean', description: 'Keep running in the background and return a process id' },
        env: { type: 'object', additionalProperties: { type: 'string' }, description: 'Extra environment variables' },
      },
      ['command'],
    ),
  },
  {
    name: 'process',
    label: 'Manage processes',
    description: 'List, poll, write to or kill background processes started by exec.',
    parameters: obj(
      {
        action: { type: 'string', enum: ['list', 'poll', 'log', 'write', 'kill'], description: 'What to do' },
        sessionId: str('Process session id returned by exec'),
        data: str('Text to write to the process stdin'),
      },
      ['action'],
    ),
  },
  {
    name: 'read',
    label: 'Read file',
    description: 'Read a text file from the workspace, optionally a range of lines.',
    parameters: obj({ path: str('File path, relative to the workspace'), offset: int('First line (1-based)'), limit: int('Number of lines') }, ['path']),
  },
  {
    name: 'write',
    label: 'Write file',
    description: 'Create or overwrite a file in the workspace with the given content.',
    parameters: obj({ path: str('File path, relative to the workspace'), content: str('Full new content') }, ['path', 'content']),
  },
  {
    name: 'edit',
    label: 'Edit file',
    description: 'Replace an exact snippet of text in a workspace file with new text.',
    parameters: obj(
      { path: str('File path'), oldText: str('Exact text to replace'), newText: str('Replacement text') },
      ['path', 'oldText', 'newText'],
    ),
  },
  {
    name: 'apply_patch',
    label: 'Apply patch',
    description: 'Apply a multi-file patch (add, update, delete, move files) in the structured patch format.',
    parameters: obj({ input: str('The patch text, from *** Begin Patch to *** End Patch') }, ['input']),
  },
  {
    name: 'sessions_list',
    label: 'List sessions',
    description: 'List chat sessions with their keys, channels, last activity and token use.',
    parameters: obj({ kinds: { type: 'array', items: { type: 'string' }, description: 'Filter by session kind' }, limit: int('Maximum sessions') }),
  },
  {
    name: 'sessions_history',
    label: 'Session history',
    description: 'Fetch the message history of another session.',
    parameters: obj({ sessionKey: str('Session key'), limit: int('Maximum messages'), includeTools: { type: 'boolean' } }, ['sessionKey']),
  },
  {
    name: 'sessions_send',
    label: 'Send to session',
    description: 'Send a message into another session and optionally wait for its reply.',
    parameters: obj({ sessionKey: str('Session key'), message: str('Message text'), timeoutSeconds: int('Seconds to wait for a reply') }, ['sessionKey', 'message']),
  },
  {
    name: 'sessions_spawn',
    label: 'Spawn sub-agent',
    description: 'Start a sub-agent run in an isolated session with a task, and announce its result back.',
    parameters: obj({ task: str('What the sub-agent should do'), label: str('Short label'), agentId: str('Agent to run'), model: str('Model override') }, ['task']),
  },
  {
    name: 'session_status',
    label: 'Session status',
    description: 'Show the current session status: model, usage, time and settings; can change the session model.',
    parameters: obj({ sessionKey: str('Session key (defaults to the current one)'), model: str('Set the session model') }),
  },
  {
    name: 'memory_search',
    label: 'Search memory',
    description: 'Semantic search over the agent memory files (MEMORY.md and memory/*.md); returns snippets with paths and lines.',
    parameters: obj({ query: str('What to look for'), maxResults: int('Maximum snippets'), minScore: { type: 'number' } }, ['query']),
  },
  {
    name: 'memory_get',
    label: 'Read memory',
    description: 'Read lines from a memory file found by memory_search.',
    parameters: obj({ path: str('Memory file path'), from: int('First line'), lines: int('Number of lines') }, ['path']),
  },
  {
    name: 'web_search',
    label: 'Web search',
    description: 'Search the web and return titles, URLs and snippets.',
    parameters: obj({ query: str('Search query'), count: int('Number of results (1-10)'), country: str('Two-letter country code'), freshness: str('Time filter') }, ['query']),
  },
  {
    name: 'web_fetch',
    label: 'Fetch URL',
    description: 'Fetch a URL and extract its readable content as markdown or text.',
    parameters: obj({ url: str('HTTP or HTTPS URL'), extractMode: { type: 'string', enum: ['markdown', 'text'] }, maxChars: int('Truncate after this many characters') }, ['url']),
  },
  {
    name: 'browser',
    label: 'Browser',
    description: 'Control the OpenClaw-managed browser: open tabs, navigate, snapshot the page, click, type and take screenshots.',
    parameters: obj(
      {
        action: { type: 'string', enum: ['status', 'start', 'stop', 'tabs', 'open', 'navigate', 'snapshot', 'screenshot', 'act'], description: 'Browser action' },
        url: str('URL for open or navigate'),
        targetId: str('Tab id'),
        request: { type: 'object', description: 'UI action for act (click, type, press, ...)' },
      },
      ['action'],
    ),
  },
  {
    name: 'canvas',
    label: 'Canvas',
    description: 'Present, navigate, evaluate or snapshot the node canvas (A2UI).',
    parameters: obj({ action: { type: 'string', enum: ['present', 'hide', 'navigate', 'eval', 'snapshot', 'a2ui_push', 'a2ui_reset'] }, node: str('Node id'), url: str('URL to show'), javaScript: str('Script for eval') }, ['action']),
  },
  {
    name: 'cron',
    label: 'Scheduled jobs',
    description: 'Manage gateway cron jobs and wake-ups: list, add, update, remove and run scheduled jobs.',
    parameters: obj({ action: { type: 'string', enum: ['status', 'list', 'add', 'update', 'remove', 'run', 'runs', 'wake'] }, job: { type: 'object' }, jobId: str('Job id'), text: str('Wake text') }, ['action']),
  },
  {
    name: 'gateway',
    label: 'Gateway',
    description: 'Inspect or update the running gateway: read or patch its config and restart it.',
    parameters: obj({ action: { type: 'string', enum: ['restart', 'config.get', 'config.schema', 'config.apply', 'config.patch', 'update.run'] }, raw: str('Config text for apply or patch'), reason: str('Why') }, ['action']),
  },
  {
    name: 'message',
    label: 'Send message',
    description: 'Send a reply or message to a chat channel (Discord, Slack, Telegram, WhatsApp, ...): send, react, edit, delete, polls and threads.',
    parameters: obj(
      {
        action: { type: 'string', enum: ['send', 'react', 'edit', 'delete', 'poll', 'thread-create', 'thread-reply'], description: 'Message action' },
        channel: str('Channel provider'),
        target: str('Recipient or channel id'),
        message: str('Text to send'),
        replyTo: str('Message id to reply to'),
      },
      ['action'],
    ),
    // The reply tool must stay visible: hiding it behind search breaks runs.
    catalogMode: 'direct-only',
  },
  {
    name: 'nodes',
    label: 'Nodes',
    description: 'Discover and control paired nodes (devices): status, notifications, camera, screen recording, location and running commands.',
    parameters: obj({ action: { type: 'string', enum: ['status', 'describe', 'notify', 'camera_snap', 'screen_record', 'location_get', 'run'] }, node: str('Node id or name'), title: str('Notification title'), body: str('Notification body') }, ['action']),
  },
  {
    name: 'image',
    label: 'Analyze image',
    description: 'Analyze an image with the configured image model and answer a prompt about it.',
    parameters: obj({ image: str('Image path or URL'), prompt: str('What to ask about the image'), model: str('Model override') }, ['image']),
  },
];

/** Later versions renamed two tools; their schemas here are the earlier tools'. */
const RENAMED_FROM: Readonly<Record<string, string>> = { automations: 'cron', view_image: 'image' };

/** The tool a run replies through: kept in front of the model whatever the mode (the seed's design). */
export const REPLY_TOOL_NAME = 'message';

/**
 * The core tools of one OpenClaw version: the version's own list (name,
 * section, groups). Tools this file describes in detail keep their label and
 * schema; the others carry the version's one-line description and an open
 * object schema, since their parameters are not modelled.
 */
export function coreToolDefinitions(model: OpenClawModel = OPENCLAW_MODELS[0] as OpenClawModel, assumed: readonly string[] = []): ToolDefinition[] {
  const generated = generatedToolsFor(model.version);
  if (generated) {
    return generatedToolDefinitions(generated, assumed);
  }
  const specs = new Map(CORE_TOOLS.map((t) => [t.name, t]));
  return model.coreTools.map((entry) => {
    const spec = specs.get(entry.name) ?? specs.get(RENAMED_FROM[entry.name] ?? '');
    return {
      source: 'openclaw' as const,
      owner: 'core',
      name: entry.name,
      label: spec?.label ?? entry.name,
      description: spec?.description ?? entry.description ?? entry.name,
      parameters: spec?.parameters ?? { type: 'object', properties: {} },
      // Releases with Tool Search catalog the reply tool (generated per epoch); from 2026.8.1 it also stays visible.
      catalogMode: entry.name === REPLY_TOOL_NAME && model.replyToolSearchable ? 'default' : spec?.catalogMode ?? 'default',
      ...(model.directVisible.includes(entry.name) || (entry.name === REPLY_TOOL_NAME && model.replyToolVisible) ? { directVisible: true } : {}),
      groups: groupsOfCoreTool(entry.name, model),
    };
  });
}

/**
 * The tools of a version with generated data: every tool OpenClaw composes
 * (owner `core` or the bundled plugin), and the ones it builds only under a
 * condition, which stay out of the catalog (`needs-condition`) unless one of
 * their conditions is assumed.
 */
function generatedToolDefinitions(set: GeneratedToolSet, assumed: readonly string[]): ToolDefinition[] {
  // Any mode's list serves: the non-control tools kept visible are the same in every Tool Search mode of a version.
  const visible = new Set(set.modes.tools?.visible ?? []);
  const conditions = new Map(set.conditions.map((c) => [c.id, c]));
  const definition = (t: GeneratedTool): ToolDefinition => ({
    source: 'openclaw',
    owner: t.owner,
    name: t.name,
    ...(t.label !== undefined ? { label: t.label } : {}),
    description: t.description,
    parameters: t.parameters,
    ...(t.outputSchema !== undefined ? { outputSchema: t.outputSchema } : {}),
    catalogMode: t.catalogMode ?? 'default',
    ...(t.catalogMode === undefined && visible.has(t.name) ? { directVisible: true } : {}),
    groups: [...t.groups],
    shipped: true,
    ...(t.availability ? { availability: t.availability } : {}),
    ...(t.whenProfileRestricts ? { whenProfileRestricts: t.whenProfileRestricts } : {}),
  });
  const out = set.tools.map(definition);
  for (const t of set.conditionalTools) {
    const def = definition(t);
    // A bundled plugin's config switch is the config's to say: the plugin's construction rules (construction.ts) mark its tools off when it is not on.
    const bySwitch = t.conditions.some((c) => conditions.get(c)?.kind === 'config-switch');
    if (!bySwitch && !t.conditions.some((c) => assumed.includes(c))) {
      def.invalid = {
        kind: 'needs-condition',
        conditions: t.conditions.flatMap((id) => {
          const c = conditions.get(id);
          return c ? [{ id: c.id, kind: c.kind, key: c.key, text: c.text }] : [];
        }),
      };
    }
    out.push(def);
  }
  return out;
}

export class CoreToolSource implements ToolSourceProvider {
  readonly name = 'openclaw-core';
  readonly executor = declaredOnlyExecutor(
    'OpenClaw core tools are declared here, not executed: run them in an OpenClaw gateway',
  );

  /**
   * `assumed`: run-time conditions the user says hold (`--assume`); `reader`: the run's config,
   * whose switches outside the tool policy can keep OpenClaw from building a tool.
   */
  constructor(
    private readonly model?: OpenClawModel,
    private readonly assumed: readonly string[] = [],
    private readonly reader?: ConfigReader,
    private readonly agentEntry?: JsonPath,
    private readonly sandboxed = false,
  ) {}

  /**
   * Tools of a bundled plugin that loads only when the config turns it on are
   * listed once the config names the plugin (`plugins.entries.<id>`): then
   * they are built or excluded with the plugin's rule. A config that never
   * names it gets none of them listed, as a plugin that is not there.
   */
  private withoutUnnamedPlugins(tools: ToolDefinition[]): ToolDefinition[] {
    const set = this.model ? generatedToolsFor(this.model.version) : undefined;
    if (!set) {
      return tools;
    }
    const plugins = new Map(set.conditions.filter((c) => c.kind === 'config-switch').map((c) => [c.id, switchedPlugin(c.key)]));
    const entries = this.reader?.raw(['plugins', 'entries']);
    const named = (id: string | undefined): boolean => id !== undefined && entries !== null && typeof entries === 'object' && Object.keys(entries).some((k) => k.trim().toLowerCase() === id);
    const hidden = new Set(set.conditionalTools.filter((t) => t.conditions.some((c) => plugins.has(c)) && !t.conditions.some((c) => named(plugins.get(c)))).map((t) => t.name));
    return hidden.size === 0 ? tools : tools.filter((t) => !hidden.has(t.name));
  }

  list(): Promise<SourceListing> {
    return Promise.resolve({ tools: this.definitions(), diagnostics: [] });
  }

  /** The version's core tools, each one the run does not build marked with why (`invalid`). */
  definitions(): ToolDefinition[] {
    const tools = this.withoutUnnamedPlugins(coreToolDefinitions(this.model, this.assumed));
    const off = this.model ? constructionDefects(this.reader, this.model, this.agentEntry, this.sandboxed) : new Map<string, DefinitionDefect>();
    // Tools the version builds only when an allow list names them (generated: `builtWhenNamed`).
    const namedOnly = this.model ? generatedToolsFor(this.model.version)?.tools.filter((t) => t.builtWhenNamed === true) ?? [] : [];
    for (const t of namedOnly) {
      const gate = this.model ? planToolGateDecision(this.reader, this.model, t.name, this.agentEntry) : undefined;
      if (gate?.built === true) {
        continue; // the release's plan-tool gate builds it for this run
      }
      const named = this.model ? notNamedDefect(this.reader, this.model, t.name, this.agentEntry, this.sandboxed) : undefined;
      const defect = named?.kind === 'not-constructed' && gate ? { ...named, setting: `${named.setting}; ${gate.why}`, rule: `${named.rule}, or its plan-tool gate (${this.model?.planToolGate?.setting}, else a strict-agentic run)`, ...(gate.at ? { at: gate.at } : {}) } : named;
      if (defect && !off.has(t.name)) {
        off.set(t.name, defect);
      }
    }
    for (const t of tools) {
      const defect = off.get(t.name);
      if (defect && t.invalid === undefined) {
        t.invalid = defect;
      }
    }
    // Texts the run's config changes (generated: `configTextVariants`), e.g. memory_get's with memory.search.extraPaths.
    const variants = this.model ? generatedToolsFor(this.model.version)?.configTextVariants ?? [] : [];
    for (const v of variants) {
      if (!configVariantApplies(v, this.reader, this.agentEntry)) {
        continue;
      }
      for (const t of tools) {
        const text = v.tools[t.name];
        if (text) {
          t.description = text.description;
        }
      }
    }
    return tools;
  }
}

/** `plugins.entries.<id>.enabled`: the plugin id of a config switch's key. */
function switchedPlugin(key: string): string | undefined {
  return /^plugins\.entries\.(.+)\.enabled$/.exec(key)?.[1];
}

/** Whether the run's config has a value at one of the variant's paths that applies it (`@agent`: the run agent's roster entry). */
export function configVariantApplies(v: Pick<ConfigTextVariant, 'paths' | 'when'>, reader: ConfigReader | undefined, agentEntry: JsonPath | undefined): boolean {
  if (!reader) {
    return false;
  }
  return v.paths.some((p) => {
    if (p[0] === '@agent' && agentEntry === undefined) {
      return false;
    }
    const at = p[0] === '@agent' ? [...(agentEntry ?? []), ...p.slice(1)] : [...p];
    const value = reader.raw(at);
    // nonEmptyList: OpenClaw's normalizeConfiguredMemoryExtraPaths keeps entries that name a path.
    return Array.isArray(value) && value.some((e) => (typeof e === 'string' ? e.trim() !== '' : e !== null && typeof e === 'object' && typeof (e as { path?: unknown }).path === 'string' && (e as { path: string }).path.trim() !== ''));
  });
}
