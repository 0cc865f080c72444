import { defaultGuardScript } from '../core/capture/capture';
import { ConfigValidateError, validateWithOpenClaw, type OpenClawValidation } from '../core/oracle/configValidate';
import { findInstalledOpenClaw, locateOpenClaw, OpenClawUnavailableError } from '../core/oracle/openclawLocation';
import type { OpenWorkspace } from '../core/workspace';
import type { BudgetBreach } from '../core/snapshot/budget';
import { validationFindings, verdictsAgree } from '../core/oracle/validationFindings';

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
    return { ...v, ran: true, config: file, agrees: verdictsAgree(v, ws) };
  } catch (err) {
    if (err instanceof ConfigValidateError) return { ran: false, reason: err.message };
    throw err;
  }
}

/** Breaches from OpenClaw's verdict, in the budget's `file:line` shape (`validationFindings`). */
export function validationBreaches(v: ValidationReport, ws: OpenWorkspace): BudgetBreach[] {
  if (!v.ran) return [];
  return validationFindings(v, v.config, ws).map((f) => ({ file: f.file, line: f.line, key: 'openclaw', message: f.message }));
}
