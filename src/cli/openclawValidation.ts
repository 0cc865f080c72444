import * as path from 'node:path';
import { defaultGuardScript } from '../core/capture/capture';
import { ConfigValidateError, validateWithOpenClaw, type OpenClawValidation } from '../core/oracle/configValidate';
import { findInstalledOpenClaw, locateOpenClaw, OpenClawUnavailableError } from '../core/oracle/openclawLocation';
import type { OpenWorkspace } from '../core/workspace';
import type { BudgetBreach } from '../core/snapshot/budget';

/** What `check` reports of OpenClaw's own validation: its verdict, or why it did not run. */
export type ValidationReport =
  | (OpenClawValidation & { ran: true; config: string; agrees: boolean })
  | { ran: false; reason: string };

/**
 * Runs the user's OpenClaw's `config validate` on the workspace's config
 * (`--openclaw`, else `openclaw` on PATH; none: not run, and said), and says
 * whether the product's own verdict agrees.
 */
export async function openclawValidation(ws: OpenWorkspace, spec: string | undefined, io: { env: Record<string, string | undefined>; cwd: string }): Promise<ValidationReport> {
  const file = ws.config.file;
  if (file === undefined) return { ran: false, reason: 'no config file' };
  let location;
  try {
    // The user's own OpenClaw only: `--openclaw`, else `openclaw` on PATH (never the test tooling cache's by default).
    const own = spec ? undefined : findInstalledOpenClaw(undefined, { env: io.env, cwd: io.cwd });
    const wanted = spec ?? (own?.from === 'path' ? own.at : undefined);
    if (wanted === undefined) return { ran: false, reason: 'no OpenClaw on PATH (--openclaw PATH|VERSION names one)' };
    location = locateOpenClaw(wanted, { env: io.env, cwd: io.cwd });
  } catch (err) {
    if (err instanceof OpenClawUnavailableError) return { ran: false, reason: `no OpenClaw installed (${err.message.split('\n')[0]})` };
    throw err;
  }
  try {
    const v = await validateWithOpenClaw(location, file, { env: io.env, guardScript: defaultGuardScript() });
    // The product refuses exactly when OpenClaw does: its verdict is the modelled release's, and a config it cannot read at all is refused too.
    const agrees = v.valid === (ws.verdict?.refuses !== true && ws.config.unusable === undefined);
    return { ...v, ran: true, config: file, agrees };
  } catch (err) {
    if (err instanceof ConfigValidateError) return { ran: false, reason: err.message };
    throw err;
  }
}

/**
 * Breaches from OpenClaw's verdict, in the budget's `file:line` shape: each
 * issue at its key's line, unless the product's own verdict already named
 * that key; and one line when the two verdicts disagree (a fidelity gap).
 */
export function validationBreaches(v: ValidationReport, ws: OpenWorkspace): BudgetBreach[] {
  if (!v.ran) return [];
  const reader = ws.config.reader;
  // Named as the inspector's own verdict names it: relative to the workspace folder.
  const file = path.relative(ws.options.workspace, v.config) || v.config;
  const named = new Set((ws.verdict?.keys ?? []).map((k) => k.path));
  const lineOf = (dotted: string): number => {
    const keys = dotted.split('.').filter((k) => k.length > 0);
    for (let n = keys.length; n > 0; n--) {
      const line = reader?.line(keys.slice(0, n));
      if (line !== undefined) return line;
    }
    return 1;
  };
  const out: BudgetBreach[] = v.issues
    .filter((i) => ![...named].some((k) => k === i.path || k.startsWith(`${i.path}.`)))
    .map((i) => ({ file, line: lineOf(i.path), key: 'openclaw', message: `OpenClaw ${v.version}'s own validation (openclaw config validate) refuses ${i.path}: ${i.message}` }));
  if (!v.agrees) {
    out.push({
      file,
      line: 1,
      key: 'openclaw',
      message: v.valid
        ? `OpenClaw ${v.version}'s own validation accepts this config, but the inspector's model of ${v.version} refuses it: a fidelity gap (please report it)`
        : `OpenClaw ${v.version}'s own validation refuses this config, but the inspector's model of it does not: a fidelity gap (please report it)`,
    });
  }
  return out;
}
