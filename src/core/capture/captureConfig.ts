import * as path from 'node:path';
import { configuredModelEntry } from '../prompt/modelEntry';
import { agentRosterOf } from '../policy/agentRoster';

/**
 * The OpenClaw config a capture turn runs with: the workspace's own config
 * (its tools, policy, plugins, MCP servers, everything else) with only what a
 * capture must decide overridden. Pure: no file is read or written here.
 */

/** The four modes a capture runs; `direct` is `tools.toolSearch: false`. */
export type CaptureMode = 'direct' | 'code' | 'tools' | 'directory';
export const CAPTURE_MODES: readonly CaptureMode[] = ['direct', 'code', 'tools', 'directory'];

/** What a turn is asked when no prompt is given: the design's QA scenario, as `compare` asks. */
export const DEFAULT_CAPTURE_PROMPT = 'Call fake_plugin_tool_17 with marker QA-17 and tell me what it returns.';

export const DEFAULT_CAPTURE_PROVIDER = 'tsi-capture';
export const DEFAULT_CAPTURE_MODEL = 'capture-model';
/** OpenClaw's directory bound is a tenth of this (12,800 characters), as in the measured runs of issue 26. */
export const DEFAULT_CAPTURE_CONTEXT_WINDOW = 128_000;
export const DEFAULT_CAPTURE_MAX_TOKENS = 4096;
/** Sent as the API key: the recording provider accepts anything, and no real key is ever handed to OpenClaw. */
export const CAPTURE_API_KEY = 'tsi-capture-placeholder-key';

export interface CaptureConfigInput {
  /** The workspace's config as parsed (JSON5 value), or `{}` without one. */
  config: Record<string, unknown>;
  /** The folder relative paths in the config are resolved against (the config file's folder). */
  configDir: string;
  mode: CaptureMode;
  /** The recording provider's base URL (`http://127.0.0.1:PORT/v1`); must be loopback. */
  baseUrl: string;
  providerId?: string;
  modelId?: string;
  contextWindow?: number;
  /** OpenClaw's agent workspace (bootstrap files it creates and injects): a scratch folder. */
  agentWorkspace: string;
}

export class CaptureConfigError extends Error {}

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function obj(parent: Json, key: string): Json {
  const v = parent[key];
  if (isObject(v)) {
    return v;
  }
  const fresh: Json = {};
  parent[key] = fresh;
  return fresh;
}

/** True for a URL whose host is 127.0.0.0/8, ::1 or localhost. */
export function isLoopbackUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return false;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function absolute(p: unknown, base: string): unknown {
  return typeof p === 'string' && p.length > 0 && !p.startsWith('~') ? path.resolve(base, p) : p;
}

/** `tools.toolSearch` for a mode: the workspace's own numbers kept, the mode decided here. */
function toolSearchFor(mode: CaptureMode, current: unknown): unknown {
  if (mode === 'direct') {
    return false;
  }
  const kept: Json = {};
  if (isObject(current)) {
    for (const key of ['codeTimeoutMs', 'searchDefaultLimit', 'maxSearchLimit']) {
      if (current[key] !== undefined) {
        kept[key] = current[key];
      }
    }
  }
  return { ...kept, enabled: true, mode };
}

/**
 * The config of one capture turn. Overridden, and nothing else:
 * - `models.providers.<providerId>`: the recording provider (`api:
 *   "openai-completions"`, the loopback `baseUrl`, a placeholder key, one model);
 * - the model of the run: `agents.defaults.model` and the `main` agent's own `model`;
 * - `agents.defaults.workspace`: a scratch folder, so OpenClaw's bootstrap
 *   files are never written into the user's folders;
 * - `tools.toolSearch`: the mode (`false` for direct), keeping the workspace's limits;
 * - `update.checkOnStart: false`.
 * Relative paths OpenClaw would resolve against its own working directory are
 * made absolute against the config's folder: `plugins.load.paths` and each
 * stdio MCP server's `cwd` (which defaults to the config's folder, as the
 * inspector itself starts them).
 */
export function captureConfig(input: CaptureConfigInput): Json {
  if (!isLoopbackUrl(input.baseUrl)) {
    throw new CaptureConfigError(`the capture provider must listen on loopback, got ${input.baseUrl}`);
  }
  const providerId = input.providerId ?? DEFAULT_CAPTURE_PROVIDER;
  const modelId = input.modelId ?? DEFAULT_CAPTURE_MODEL;
  const cfg = structuredClone(input.config) as Json;
  // The workspace's own model keeps its context window and output bound: they shape the request.
  const own = configuredModelEntry(input.config);

  const models = obj(cfg, 'models');
  const providers = obj(models, 'providers');
  providers[providerId] = {
    baseUrl: input.baseUrl,
    api: 'openai-completions',
    apiKey: CAPTURE_API_KEY,
    models: [
      {
        id: modelId,
        name: modelId,
        contextWindow: input.contextWindow ?? own?.contextWindow ?? DEFAULT_CAPTURE_CONTEXT_WINDOW,
        maxTokens: own?.maxTokens ?? DEFAULT_CAPTURE_MAX_TOKENS,
      },
    ],
  };

  const agents = obj(cfg, 'agents');
  const defaults = obj(agents, 'defaults');
  const primary = `${providerId}/${modelId}`;
  defaults.model = { primary };
  defaults.workspace = input.agentWorkspace;
  // The `main` entry in whichever roster OpenClaw reads (`agents.entries` wins over `agents.list`).
  const main = agentRosterOf(cfg)?.agents.find((a) => a.id === 'main')?.entry;
  if (main && main.model !== undefined) {
    main.model = { primary };
  }
  if (main && main.workspace !== undefined) {
    main.workspace = input.agentWorkspace;
  }

  const tools = obj(cfg, 'tools');
  tools.toolSearch = toolSearchFor(input.mode, tools.toolSearch);

  obj(cfg, 'update').checkOnStart = false;

  const plugins = cfg.plugins;
  if (isObject(plugins) && isObject(plugins.load) && Array.isArray(plugins.load.paths)) {
    plugins.load.paths = plugins.load.paths.map((p) => absolute(p, input.configDir));
  }
  const mcp = cfg.mcp;
  if (isObject(mcp) && isObject(mcp.servers)) {
    for (const server of Object.values(mcp.servers)) {
      if (isObject(server) && typeof server.command === 'string') {
        server.cwd = server.cwd === undefined ? input.configDir : absolute(server.cwd, input.configDir);
      }
    }
  }
  return cfg;
}
