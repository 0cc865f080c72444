import * as path from 'node:path';
import { verdictMessage, type ConfigVerdict } from '../core/policy/configVerdict';
import type { RunRefusal } from '../core/policy/runRefusal';
import type { OpenWorkspace } from '../core/workspace';

/**
 * OpenClaw's own verdict on the config as the CLI shows it (issue 41): a
 * refusal is the first line of a command's text output, and `configVerdict`
 * in its JSON (`refuses`, `release`, `headline`, `keys` with `path`, `line`,
 * `kind`, `fix`); what follows is what the release would run after its doctor's fix.
 */
export function verdictLines(ws: Pick<OpenWorkspace, 'verdict' | 'config'>): string[] {
  const v = ws.verdict;
  if (!v?.refuses) {
    return [];
  }
  const file = ws.config.reader?.file;
  return [`ERROR ${verdictMessage(v, file !== undefined ? path.basename(file) : undefined)}`, ''];
}

export function verdictJson(v: ConfigVerdict | undefined): unknown {
  if (v === undefined) {
    return undefined;
  }
  return {
    release: v.release,
    refuses: v.refuses,
    headline: v.headline,
    schemaRelease: v.schemaRelease,
    keys: v.keys.map((k) => ({ path: k.path, ...(k.line !== undefined ? { line: k.line } : {}), kind: k.kind, ...(k.reason !== undefined ? { reason: k.reason } : {}), fix: k.fix })),
  };
}

/**
 * A run the modelled release refuses before any request (explicit allowlists
 * leave it no tool): the first line of `catalog` and `preview` (after a config
 * refusal), with OpenClaw's own message and the allowlist's line; `runRefusal`
 * in their JSON.
 */
export function runRefusalLines(r: RunRefusal | undefined): string[] {
  if (!r) {
    return [];
  }
  const at = r.at;
  const where = at?.file !== undefined && at.line !== undefined ? ` (${path.basename(at.file)}:${at.line})` : '';
  return [`ERROR ${r.headline}${where}: "${r.message}"; below is what the run would get if it were not refused`, ''];
}

export function runRefusalJson(r: RunRefusal | undefined): unknown {
  if (!r) {
    return undefined;
  }
  return { release: r.release, message: r.message, sources: r.sources.map((s) => ({ label: s.label, entries: s.entries, ...(s.file !== undefined ? { file: path.basename(s.file) } : {}), ...(s.line !== undefined ? { line: s.line } : {}) })) };
}
