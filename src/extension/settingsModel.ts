// The pure half of the settings reader: raw values in, typed settings out.
// No `vscode` import, so it is unit-tested with plain mocha.
import * as path from 'node:path';
import type { PolicyContext, ToolSearchModeName } from '../core/types';
import { isInsideFolder } from '../core/util/insideFolder';

export const SETTINGS_PREFIX = 'toolSearchInspector';

export interface SnapshotSetting {
  name: string;
  path: string;
}

export interface InspectorSettings {
  configPath?: string;
  readUserConfig: boolean;
  snapshots: SnapshotSetting[];
  clientToolsPath?: string;
  mode?: ToolSearchModeName;
  /** The OpenClaw version to model; unset: the config's meta.lastTouchedVersion. */
  openclawVersion?: string;
  /** Run-time conditions assumed to hold (`assume`): condition ids such as `vision-model`; the CLI's `--assume`. */
  assume: string[];
  policy: PolicyContext;
  sandboxNodePath?: string;
  /** Tool patterns whose calls from the editor ask first (`approvals.tools`). */
  approvalTools: string[];
  /** Where `verify` finds the real OpenClaw (`oracle.openclaw`). */
  oracleOpenclaw?: string;
  /** Run that OpenClaw's own `openclaw config validate` on the config after each change (`oracle.validateConfig`; trusted workspaces only). */
  oracleValidateConfig: boolean;
  /** Compare's provider, base URL, model and prompt (`compare.*`), read when it runs. */
  compare: CompareSettings;
  /** Entries that could not be used, for the log and the view. */
  problems: string[];
}

export interface CompareSettings {
  provider: 'mock' | 'openai';
  /** As set (checked by providerSettings' parseBaseUrl, which names the problem). */
  baseUrl?: string;
  /** Unset: the product's default. */
  model?: string;
  /** Unset: the design's scenario. */
  prompt?: string;
}

/** Reads one key (without the prefix); `undefined` when unset. */
export type RawSettingReader = (key: string) => unknown;

const MODES: readonly ToolSearchModeName[] = ['code', 'tools', 'directory', 'direct'];

/**
 * Every setting (without the prefix) and what a change to it means:
 * `rebuild` the folder's catalog, or `live`: read each time it is used, so
 * a change applies to the next run with no rebuild.
 */
export const SETTING_EFFECTS = {
  configPath: 'rebuild',
  readUserConfig: 'rebuild',
  snapshots: 'rebuild',
  clientToolsPath: 'rebuild',
  mode: 'rebuild',
  openclawVersion: 'rebuild',
  assume: 'rebuild',
  'policy.agent': 'rebuild',
  'policy.session': 'rebuild',
  'policy.provider': 'rebuild',
  'policy.sandboxed': 'rebuild',
  'approvals.tools': 'live',
  'sandbox.nodePath': 'live',
  // Also the installed OpenClaw whose version is modelled (before meta.lastTouchedVersion).
  'oracle.openclaw': 'rebuild',
  // Read by the config validation when it next runs (extension/oracle/configValidation.ts).
  'oracle.validateConfig': 'live',
  // Read by Compare when it runs (src/extension/compare).
  'compare.provider': 'live',
  'compare.baseUrl': 'live',
  'compare.model': 'live',
  'compare.prompt': 'live',
} as const satisfies Record<string, 'rebuild' | 'live'>;

export type SettingKey = keyof typeof SETTING_EFFECTS;

/** The declared "requires rebuild" list: keys whose change means the catalog must be built again. */
export const REQUIRES_REBUILD: readonly SettingKey[] = (Object.keys(SETTING_EFFECTS) as SettingKey[]).filter((k) => SETTING_EFFECTS[k] === 'rebuild');

function nonEmptyString(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

function stringList(raw: unknown, key: string, problems: string[]): string[] {
  if (raw === undefined || raw === null) {
    return [];
  }
  if (!Array.isArray(raw)) {
    problems.push(`${SETTINGS_PREFIX}.${key} must be an array of strings`);
    return [];
  }
  return (raw as unknown[]).filter((p): p is string => typeof p === 'string' && p.trim() !== '').map((p) => p.trim());
}

function resolveIn(folder: string, p: string | undefined): string | undefined {
  return p === undefined ? undefined : path.resolve(folder, p);
}

/** Parses the `snapshots` setting: `NAME=PATH` strings or `{name, path}` objects. */
export function parseSnapshots(raw: unknown, folder: string, problems: string[]): SnapshotSetting[] {
  if (raw === undefined || raw === null) {
    return [];
  }
  if (!Array.isArray(raw)) {
    problems.push(`${SETTINGS_PREFIX}.snapshots must be an array`);
    return [];
  }
  const out: SnapshotSetting[] = [];
  for (const item of raw as unknown[]) {
    if (typeof item === 'string') {
      const eq = item.indexOf('=');
      if (eq > 0 && eq < item.length - 1) {
        out.push({ name: item.slice(0, eq).trim(), path: path.resolve(folder, item.slice(eq + 1).trim()) });
        continue;
      }
    } else if (item && typeof item === 'object') {
      const o = item as { name?: unknown; path?: unknown };
      const name = nonEmptyString(o.name);
      const p = nonEmptyString(o.path);
      if (name && p) {
        out.push({ name, path: path.resolve(folder, p) });
        continue;
      }
    }
    problems.push(`${SETTINGS_PREFIX}.snapshots: ignored ${JSON.stringify(item)} (expected "NAME=PATH" or {"name", "path"})`);
  }
  return out;
}

/**
 * In an untrusted workspace, a file setting may only name a file inside the
 * workspace folder: otherwise the workspace could make the extension read
 * any JSON file on the machine.
 */
function confine(trusted: boolean, folder: string, key: string, p: string | undefined, problems: string[]): string | undefined {
  if (p === undefined || trusted || isInsideFolder(folder, p)) {
    return p;
  }
  problems.push(`${SETTINGS_PREFIX}.${key}: ignored ${JSON.stringify(p)}: the workspace is not trusted, and the path is outside the workspace folder`);
  return undefined;
}

export interface ReadSettingsOptions {
  /** Workspace Trust. Untrusted: snapshot and client-tools paths must stay inside the folder. Default false (fail closed). */
  trusted?: boolean;
}

/** Typed settings for the workspace folder `folder` (relative paths resolve there). */
export function readInspectorSettings(get: RawSettingReader, folder: string, options: ReadSettingsOptions = {}): InspectorSettings {
  const problems: string[] = [];
  const trusted = options.trusted === true;
  const modeRaw = nonEmptyString(get('mode'));
  let mode: ToolSearchModeName | undefined;
  if (modeRaw !== undefined && modeRaw !== 'fromConfig') {
    if ((MODES as readonly string[]).includes(modeRaw)) {
      mode = modeRaw as ToolSearchModeName;
    } else {
      problems.push(`${SETTINGS_PREFIX}.mode: unknown mode "${modeRaw}", using the config's`);
    }
  }
  let openclawVersion = nonEmptyString(get('openclawVersion'));
  // Only the syntax is checked here: the version tables live in the core bundle, loaded on first use.
  if (openclawVersion !== undefined && !/^v?\d+\.\d+\.\d+/.test(openclawVersion)) {
    problems.push(`${SETTINGS_PREFIX}.openclawVersion: "${openclawVersion}" is not a version like 2026.9.6; using the config's meta.lastTouchedVersion`);
    openclawVersion = undefined;
  }
  return {
    configPath: resolveIn(folder, nonEmptyString(get('configPath'))),
    readUserConfig: get('readUserConfig') !== false,
    snapshots: parseSnapshots(get('snapshots'), folder, problems).filter((snap) => confine(trusted, folder, 'snapshots', snap.path, problems) !== undefined),
    clientToolsPath: confine(trusted, folder, 'clientToolsPath', resolveIn(folder, nonEmptyString(get('clientToolsPath'))), problems),
    mode,
    openclawVersion,
    // Condition ids are checked against the modelled version by the workspace (an error diagnostic names the known ones).
    assume: stringList(get('assume'), 'assume', problems),
    policy: {
      agent: nonEmptyString(get('policy.agent')),
      session: nonEmptyString(get('policy.session')),
      provider: nonEmptyString(get('policy.provider')),
      sandboxed: get('policy.sandboxed') === true ? true : undefined,
    },
    sandboxNodePath: nonEmptyString(get('sandbox.nodePath')),
    approvalTools: stringList(get('approvals.tools'), 'approvals.tools', problems),
    oracleOpenclaw: nonEmptyString(get('oracle.openclaw')),
    oracleValidateConfig: get('oracle.validateConfig') !== false,
    compare: readCompareSettings(get),
    problems,
  };
}

/** The `compare.*` settings: what the Compare panel and command run with. */
export function readCompareSettings(get: RawSettingReader): CompareSettings {
  const baseUrl = get('compare.baseUrl');
  const model = get('compare.model');
  const prompt = get('compare.prompt');
  return {
    provider: get('compare.provider') === 'openai' ? 'openai' : 'mock',
    ...(typeof baseUrl === 'string' ? { baseUrl } : {}),
    ...(typeof model === 'string' && model !== '' ? { model } : {}),
    ...(typeof prompt === 'string' && prompt !== '' ? { prompt } : {}),
  };
}
