import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Diagnostic, ToolSearchSettings } from '../types';
import { ConfigReader } from './configReader';
import { parseJson5 } from './json5Document';
import { displayPath } from '../util/paths';
import { resolveToolSearchSettings } from './toolSearchSettings';

export interface ConfigLookupOptions {
  workspace: string;
  /** An explicit `--config FILE`. */
  configPath?: string;
  /** Never read `~/.openclaw/openclaw.json`. */
  noUserConfig?: boolean;
  env?: Record<string, string | undefined>;
  homeDir?: string;
}

export interface LoadedConfig {
  /** The file read, if any. */
  file?: string;
  /** How the file was found: `--config`, `OPENCLAW_CONFIG_PATH`, `workspace`, `user`. */
  foundBy?: string;
  reader?: ConfigReader;
  settings: ToolSearchSettings;
  diagnostics: Diagnostic[];
  /**
   * Set when the file exists but could not be used at all (a JSON5 syntax
   * error, or a top level that is not an object): everything was built as if
   * there were no config, which callers must not present as a normal answer.
   */
  unusable?: Diagnostic;
}

const TOP_LEVEL_SECTIONS = [
  '$schema', 'meta', 'agents', 'tools', 'mcp', 'plugins', 'models', 'channels', 'gateway', 'session', 'messages',
  'commands', 'hooks', 'skills', 'browser', 'ui', 'logging', 'auth', 'env', 'wizard', 'diagnostics', 'update',
  'cron', 'talk', 'audio', 'web', 'discovery', 'canvasHost', 'approvals', 'bindings', 'broadcast', 'memory',
  'secrets', 'acp', 'nodeHost', 'identity',
];

/** Candidate config files in the CLI contract's lookup order. */
export function configCandidates(opts: ConfigLookupOptions): { file: string; foundBy: string; explicit: boolean }[] {
  if (opts.configPath) {
    return [{ file: path.resolve(opts.workspace, opts.configPath), foundBy: '--config', explicit: true }];
  }
  const env = opts.env ?? process.env;
  const out: { file: string; foundBy: string; explicit: boolean }[] = [];
  if (env.OPENCLAW_CONFIG_PATH) {
    out.push({ file: path.resolve(env.OPENCLAW_CONFIG_PATH), foundBy: 'OPENCLAW_CONFIG_PATH', explicit: true });
  }
  out.push({ file: path.join(opts.workspace, 'openclaw.json'), foundBy: 'workspace', explicit: false });
  out.push({ file: path.join(opts.workspace, '.openclaw', 'openclaw.json'), foundBy: 'workspace', explicit: false });
  if (!opts.noUserConfig) {
    out.push({ file: path.join(opts.homeDir ?? os.homedir(), '.openclaw', 'openclaw.json'), foundBy: 'user', explicit: false });
  }
  return out;
}

/** Thrown for a config named explicitly that cannot be read: a usage error (exit 2). */
export class ConfigInputError extends Error {}

/**
 * Finds and parses the OpenClaw config. Syntax errors, wrong types and
 * clamps become diagnostics; only an explicitly named file that does not
 * exist is an input error.
 */
export function loadOpenClawConfig(opts: ConfigLookupOptions): LoadedConfig {
  for (const c of configCandidates(opts)) {
    let text: string;
    try {
      text = fs.readFileSync(c.file, 'utf8');
    } catch (err) {
      if (c.explicit) {
        throw new ConfigInputError(`${c.file}: cannot read config (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
      }
      continue;
    }
    return parseOpenClawConfig(c.file, text, c.foundBy, displayPath(opts.workspace, c.file));
  }
  return { settings: resolveToolSearchSettings(undefined), diagnostics: [] };
}

export function parseOpenClawConfig(file: string, text: string, foundBy = 'workspace', display = file): LoadedConfig {
  const doc = parseJson5(display, text);
  if (doc.value === undefined) {
    return { file, foundBy, settings: resolveToolSearchSettings(undefined), diagnostics: doc.diagnostics, unusable: doc.diagnostics[0] };
  }
  const reader = new ConfigReader(doc, file);
  if (doc.value === null || typeof doc.value !== 'object' || Array.isArray(doc.value)) {
    reader.report([], 'error', 'the config must be a JSON5 object; ignored');
    return { file, foundBy, settings: resolveToolSearchSettings(undefined), diagnostics: reader.diagnostics, unusable: reader.diagnostics[0] };
  }
  reader.checkKeys([], TOP_LEVEL_SECTIONS);
  reader.object(['tools']);
  const settings = resolveToolSearchSettings(reader);
  return {
    file,
    foundBy,
    reader,
    settings,
    get diagnostics() {
      return reader.diagnostics;
    },
  };
}
