import * as fs from 'node:fs';
import * as path from 'node:path';
import { applyEdits } from '../../core/learning/descriptionEdit';
import { suggestFromSessions } from '../../core/learning/fromSessions';
import { DEFAULT_MAX_ADDED_CHARS, type ToolSuggestion } from '../../core/learning/suggest';
import { planEdits } from '../../core/learning/suggestionEdits';
import { UsageError, type CliCommand } from '../cliTypes';
import { json, truncate } from '../format';
import { withCatalog } from '../session';
import { intFlag } from './search';
import { READ_LIMITS, readUserText } from '../../core/util/readLimits';

const pct = (x: number): string => `${Math.round(x * 100)}%`;

function describeSuggestion(s: ToolSuggestion): string[] {
  const out = [`${s.toolId}  (${s.queries} logged ${s.queries === 1 ? 'query' : 'queries'}; top-1 ${pct(s.before.top1)} -> ${pct(s.after.top1)}, recall@5 ${pct(s.before.recall5)} -> ${pct(s.after.recall5)})`];
  if (s.words.length === 0) {
    out.push('  no word helps without costing other tools: no change suggested');
    return out;
  }
  out.push(`  add (${s.added.length} chars):${s.added}`);
  out.push(`  words: ${s.words.map((w) => `${w.word} (${w.queries})`).join(', ')}`);
  out.push(`  proposed: ${truncate(s.proposed, 400)}`);
  if (s.target === 'mcp-server') {
    out.push(`  MCP server "${s.sourceName}": copy this suggestion to the server's owner`);
  } else if (s.target === 'openclaw-core') {
    out.push('  OpenClaw core tool: its description belongs to OpenClaw');
  } else if (s.origin) {
    out.push(`  edit: ${s.origin.file}${s.origin.line !== undefined ? `:${s.origin.line}` : ''}`);
  }
  return out;
}

export const suggestCommand: CliCommand = {
  name: 'suggest',
  summary: 'suggest description words from the searches in session logs that led to each tool',
  usage: 'suggest --sessions PATH... [--max-chars N] [--tool NAME] [--apply]',
  options: { sessions: { type: 'string', multiple: true }, 'max-chars': { type: 'string' }, tool: { type: 'string' }, apply: { type: 'boolean' } },
  run: (ctx) => {
    const raw = ctx.args.values.sessions;
    const paths = (Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : []).map((p) => path.resolve(ctx.io.cwd, p));
    if (paths.length === 0) {
      throw new UsageError('suggest needs --sessions PATH (an OpenClaw state or agent folder, store or transcript, or a session log)');
    }
    const maxAddedChars = intFlag(ctx, 'max-chars') ?? DEFAULT_MAX_ADDED_CHARS;
    if (maxAddedChars < 0) {
      throw new UsageError('--max-chars must be 0 or more');
    }
    const only = typeof ctx.args.values.tool === 'string' ? ctx.args.values.tool : undefined;
    return withCatalog(ctx, async (catalog, ws) => {
      // Origins are relative to the workspace where they can be.
      const onDisk = (f: string): string => path.resolve(ws.options.workspace, f);
      const result = await suggestFromSessions(catalog.cataloged, paths, { maxAddedChars });
      // Nothing read is an input error with its reason, never "0 files" and exit 0.
      if (result.usage.files === 0) {
        throw new UsageError(result.problems[0] ?? 'no session logs');
      }
      const suggestions = result.report.suggestions.filter((s) => only === undefined || s.name === only || s.toolId === only);
      const plan = ctx.args.values.apply === true ? planEdits(suggestions, (f) => readUserText(onDisk(f), READ_LIMITS.configBytes)) : undefined;
      if (plan) {
        const byFile = new Map<string, typeof plan.edits>();
        for (const e of plan.edits) {
          byFile.set(e.edit.file, [...(byFile.get(e.edit.file) ?? []), e]);
        }
        for (const [file, edits] of byFile) {
          fs.writeFileSync(onDisk(file), applyEdits(readUserText(onDisk(file), READ_LIMITS.configBytes), edits.map((e) => e.edit)));
        }
      }
      if (ctx.json) {
        ctx.io.stdout(json({ ...result, report: { ...result.report, suggestions }, ...(plan ? { applied: plan } : {}) }));
        return 0;
      }
      const u = result.usage;
      const out = [`Read ${result.sessions} session${result.sessions === 1 ? '' : 's'} from ${u.files} file${u.files === 1 ? '' : 's'}: ${u.searches} searches, ${u.successfulCalls} successful calls (${u.pairedCalls} after a search), ${u.pairs.length} query -> tool pairs.`];
      for (const p of result.problems) {
        out.push(`cannot read ${p}`);
      }
      if (result.report.unresolved.length > 0) {
        out.push(`Not searchable in this catalog: ${result.report.unresolved.join(', ')}`);
      }
      const o = result.report.overall;
      out.push(`Logged queries: top-1 ${pct(o.before.top1)} -> ${pct(o.after.top1)}, recall@5 ${pct(o.before.recall5)} -> ${pct(o.after.recall5)} with every suggestion applied.`);
      if (!result.report.directory.holds) {
        out.push('Warning: with these additions the directory would cut deeper or drop rows.');
      }
      for (const s of suggestions) {
        out.push('', ...describeSuggestion(s));
      }
      if (plan) {
        out.push('', `Applied ${plan.edits.length} edit${plan.edits.length === 1 ? '' : 's'}: ${plan.edits.map((e) => `${e.edit.file}:${e.edit.line}`).join(', ') || 'none'}`);
        for (const s of plan.skipped) {
          out.push(`not applied: ${s.toolId}: ${s.reason}`);
        }
      }
      ctx.io.stdout(out.join('\n'));
      return 0;
    });
  },
};
