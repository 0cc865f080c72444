import * as path from 'node:path';
import { verdictMessage, type ConfigVerdict } from '../core/policy/configVerdict';
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
