import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OpenClawLocation } from './openclawLocation';

/**
 * OpenClaw's own verdict on a config (issue 41, part 2): `openclaw config
 * validate --json` of the installed release, on the user's config file where
 * it is (the command only reads it), with a scratch HOME and state folder so
 * nothing of the user's OpenClaw state is read or written. It runs OpenClaw's
 * code: the CLI runs it on request, the editor only in a trusted workspace.
 * The product's own verdict (config/configVerdict, from the generated schema
 * and read facts) is then checked against it: where they disagree, that is
 * said, never hidden.
 */
export interface ConfigIssue {
  /** Dotted path of the key (`env`, `agents.entries.main.tools`), as OpenClaw reports it. */
  path: string;
  message: string;
}

export interface OpenClawValidation {
  /** The release that judged. */
  version: string;
  valid: boolean;
  issues: ConfigIssue[];
  /** What OpenClaw would migrate (`openclaw doctor --fix`), when it says so. */
  warnings: ConfigIssue[];
}

export interface ValidateOptions {
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
  /** The network guard (`--import`), as capture's turns get it: validation needs no network. */
  guardScript?: string;
  /** Stops the run (its whole process group): the editor aborts a validation when the config changes again. */
  signal?: AbortSignal;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const MAX_OUTPUT_BYTES = 1_000_000;
const MAX_ISSUES = 500;
const MAX_TEXT = 1000;

export class ConfigValidateError extends Error {}

/** The validation was stopped by its signal before OpenClaw gave a verdict. */
export class ConfigValidateAbortedError extends ConfigValidateError {}

function issuesOf(v: unknown): ConfigIssue[] {
  if (!Array.isArray(v)) return [];
  return v.slice(0, MAX_ISSUES).flatMap((i) => {
    if (i === null || typeof i !== 'object') return [];
    const { path: p, message } = i as { path?: unknown; message?: unknown };
    return typeof p === 'string' && typeof message === 'string' ? [{ path: p.slice(0, MAX_TEXT), message: message.slice(0, MAX_TEXT) }] : [];
  });
}

/** The verdict in `--json` output: the last JSON object printed (OpenClaw may print notices first). Nothing else is trusted. */
export function parseValidateOutput(stdout: string, version: string): OpenClawValidation {
  const start = stdout.indexOf('{');
  let value: unknown;
  try {
    value = JSON.parse(start >= 0 ? stdout.slice(start) : stdout);
  } catch {
    throw new ConfigValidateError(`openclaw config validate printed no JSON verdict: ${stdout.slice(0, 300)}`);
  }
  if (value === null || typeof value !== 'object' || typeof (value as { valid?: unknown }).valid !== 'boolean') {
    throw new ConfigValidateError('openclaw config validate printed no "valid" field');
  }
  const v = value as { valid: boolean; issues?: unknown; warnings?: unknown };
  return { version, valid: v.valid, issues: issuesOf(v.issues), warnings: issuesOf(v.warnings) };
}

export async function validateWithOpenClaw(location: OpenClawLocation, configFile: string, opts: ValidateOptions = {}): Promise<OpenClawValidation> {
  if (opts.signal?.aborted) throw new ConfigValidateAbortedError('openclaw config validate was cancelled');
  // OpenClaw runs in the scratch folder: a relative path would name a file there.
  const config = path.resolve(configFile);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-config-validate-'));
  try {
    const base = opts.env ?? process.env;
    const env: Record<string, string> = {
      PATH: `${path.dirname(location.node)}${path.delimiter}${base.PATH ?? ''}`,
      HOME: path.join(scratch, 'home'),
      USERPROFILE: path.join(scratch, 'home'),
      TMPDIR: scratch,
      OPENCLAW_STATE_DIR: path.join(scratch, 'state'),
      OPENCLAW_CONFIG_PATH: config,
      OPENCLAW_NO_RESPAWN: '1',
      CI: '1',
      NO_COLOR: '1',
      DO_NOT_TRACK: '1',
      ...(opts.guardScript ? { NODE_OPTIONS: `--import=${pathToImport(opts.guardScript)}` } : {}),
    };
    fs.mkdirSync(env.HOME!, { recursive: true });
    const stdout = await run(location.node, [path.join(location.packageDir, 'openclaw.mjs'), 'config', 'validate', '--json'], { cwd: scratch, env, timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS, signal: opts.signal });
    return parseValidateOutput(stdout, location.version);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

function pathToImport(file: string): string {
  return pathToFileURL(path.resolve(file)).href;
}

/** Runs to the end (any exit code: an invalid config exits non-zero with its verdict on stdout), bounded in time and output. */
function run(cmd: string, args: string[], o: { cwd: string; env: Record<string, string>; timeoutMs: number; signal?: AbortSignal }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: o.cwd, env: o.env, stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32', windowsHide: true });
    let out = '';
    let err = '';
    let over = false;
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (c: string) => {
      out += c;
      if (out.length > MAX_OUTPUT_BYTES) {
        over = true;
        kill();
      }
    });
    child.stderr.on('data', (c: string) => {
      err = (err + c).slice(-4000);
    });
    const kill = (): void => {
      try {
        if (child.pid !== undefined && process.platform !== 'win32') process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        // gone
      }
    };
    const timer = setTimeout(kill, o.timeoutMs);
    let aborted = false;
    const onAbort = (): void => {
      aborted = true;
      kill();
    };
    o.signal?.addEventListener('abort', onAbort, { once: true });
    child.once('error', (e) => {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
      reject(new ConfigValidateError(`openclaw config validate could not start: ${e.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
      if (aborted) reject(new ConfigValidateAbortedError('openclaw config validate was cancelled'));
      else if (over) reject(new ConfigValidateError(`openclaw config validate printed more than ${MAX_OUTPUT_BYTES} bytes`));
      else if (signal) reject(new ConfigValidateError(`openclaw config validate was stopped (${signal}) after ${Math.round(o.timeoutMs / 1000)} s or by a signal${err ? `: ${err.trim().split('\n').slice(-3).join(' ')}` : ''}`));
      else if (out.trim() === '') reject(new ConfigValidateError(`openclaw config validate printed nothing (exit ${code})${err ? `: ${err.trim().split('\n').slice(-3).join(' ')}` : ''}`));
      else resolve(out);
    });
  });
}
