import * as os from 'node:os';
import * as path from 'node:path';
import type { Diagnostic, ToolSearchSettings } from '../types';
import { ConfigReader } from './configReader';
import { checkConfigSchema } from './configSchema';
import { parseJson5 } from './json5Document';
import { FolderGuard } from '../util/insideFolder';
import { displayPath } from '../util/paths';
import { resolveToolSearchSettings } from './toolSearchSettings';
import { FileBoundError, READ_LIMITS, readUserText } from '../util/readLimits';

export interface ConfigLookupOptions {
  workspace: string;
  /** An explicit `--config FILE`. */
  configPath?: string;
  /** Never read `~/.openclaw/openclaw.json`. */
  noUserConfig?: boolean;
  env?: Record<string, string | undefined>;
  homeDir?: string;
  /**
   * Untrusted workspaces: a workspace config (`openclaw.json`,
   * `.openclaw/openclaw.json`) that resolves outside the folder is not read
   * (a diagnostic says so) and the lookup goes on. Files the user named
   * (`--config`, `OPENCLAW_CONFIG_PATH`, the user config) are the user's.
   */
  guard?: FolderGuard;
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
  /** `meta.lastTouchedVersion`: the OpenClaw version that last wrote the file. */
  lastTouchedVersion?: { value: string; line?: number };
}

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
  const refused: Diagnostic[] = [];
  const guard = opts.guard ?? FolderGuard.open;
  for (const c of configCandidates(opts)) {
    const refusal = c.foundBy === 'workspace' ? guard.refusal(c.file) : undefined;
    if (refusal) {
      refused.push(guard.diagnostic(refusal));
      continue;
    }
    let text: string;
    try {
      text = readUserText(c.file, READ_LIMITS.configBytes);
    } catch (err) {
      if (err instanceof FileBoundError) {
        // Too large or not a file: said, and no other candidate is read in its place (fail closed).
        return withRefusals({ settings: resolveToolSearchSettings(undefined), diagnostics: [{ file: displayPath(opts.workspace, c.file), severity: 'error', message: `config not read: ${err.message}` }] }, refused);
      }
      if (c.explicit) {
        throw new ConfigInputError(`${c.file}: cannot read config (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
      }
      continue;
    }
    return withRefusals(parseOpenClawConfig(c.file, text, c.foundBy, displayPath(opts.workspace, c.file)), refused);
  }
  return { settings: resolveToolSearchSettings(undefined), diagnostics: refused };
}

/** The config's diagnostics after the refusals of the candidates before it (kept live: the reader reports later too). */
function withRefusals(loaded: LoadedConfig, refused: readonly Diagnostic[]): LoadedConfig {
  if (refused.length === 0) {
    return loaded;
  }
  const own = Object.getOwnPropertyDescriptor(loaded, 'diagnostics');
  const read = (): Diagnostic[] => (own?.get ? (own.get.call(loaded) as Diagnostic[]) : (own?.value as Diagnostic[] | undefined) ?? []);
  return Object.defineProperty(loaded, 'diagnostics', { get: () => [...refused, ...read()], enumerable: true, configurable: true });
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
  reader.object(['tools']);
  // The readers that use a value report it first (their messages say what OpenClaw does with it);
  // the schema check then covers every other key and value.
  const settings = resolveToolSearchSettings(reader);
  const touched = reader.string(['meta', 'lastTouchedVersion']);
  checkConfigSchema(reader);
  return {
    file,
    foundBy,
    reader,
    settings,
    lastTouchedVersion: touched !== undefined ? { value: touched, line: reader.line(['meta', 'lastTouchedVersion']) } : undefined,
    get diagnostics() {
      return reader.diagnostics;
    },
  };
}
