import * as path from 'node:path';
import { createToolSearchApi } from '../../core/gateway/toolSearchApi';
import { ToolIndex } from '../../core/search/toolIndex';
import { SessionLog } from '../../core/telemetry/sessionLog';
import { suggestNames } from '../../core/catalog/suggestNames';
import { errorMessage } from '../../core/util/errors';
import { messageText } from '../../core/util/messageText';
import { cutVisible, visibleLines } from '../../core/util/visibleText';
import { UsageError, type CliCommand, type CommandContext } from '../cliTypes';
import { json } from '../format';
import { withCatalog } from '../session';

/** At most this much of what a tool said is printed (the whole result is in --json). */
export const MAX_SHOWN_RESULT_CHARS = 4000;

/** What a tool said, for a person: the text of its content, else its JSON; escaped and bounded. */
export function shownResult(result: unknown): string {
  const content = result !== null && typeof result === 'object' ? (result as { content?: unknown }).content : undefined;
  const text = typeof result === 'string' ? result : messageText(content) || json(result);
  return cutVisible(visibleLines(text), MAX_SHOWN_RESULT_CHARS);
}

function argsFrom(ctx: CommandContext): Record<string, unknown> {
  const raw = ctx.args.values.args;
  if (raw === undefined) {
    return {};
  }
  if (typeof raw !== 'string') {
    throw new UsageError('--args needs a JSON object');
  }
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch (err) {
    throw new UsageError(`--args is not valid JSON: ${errorMessage(err)}`);
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) {
    throw new UsageError('--args must be a JSON object, e.g. {"marker": "abc"}');
  }
  return v as Record<string, unknown>;
}

export const callCommand: CliCommand = {
  name: 'call',
  summary: 'call a tool through the gateway: policy re-check, approval, plugin hooks, then its source',
  usage: 'call ID_OR_NAME --args JSON [--approve] [--log FILE]',
  options: {
    args: { type: 'string' },
    approve: { type: 'boolean' },
    log: { type: 'string' },
  },
  run: async (ctx) => {
    const target = ctx.args.positionals[0];
    if (!target) {
      throw new UsageError('call needs a tool id or name');
    }
    const args = argsFrom(ctx);
    const logFile = typeof ctx.args.values.log === 'string' ? path.resolve(ctx.io.cwd, ctx.args.values.log) : undefined;
    return withCatalog(ctx, async (catalog, ws) => {
      const log = new SessionLog(logFile);
      const api = createToolSearchApi(ws, catalog, { index: ToolIndex.fromCatalog(catalog), log, idPrefix: 'cli' });
      const out = await api.call(target, args, { callId: 'cli:call:1', approved: ctx.args.values.approve === true, via: 'cli' });
      // A developer tool: it shows the real reason, and what the model would be told when that differs.
      const shown = out.detail ?? { blockedBy: out.blockedBy, error: out.error };
      // An unknown tool: close names (edit distance, shared words) among the tools this run may call, or none.
      // The model's own message keeps OpenClaw's suggestions (`error`); a person gets relevant ones.
      const suggestions = out.blockedBy === 'lookup' && !out.tool ? suggestNames(target, catalog.allowed.map((t) => t.name)) : undefined;
      const body = {
        ok: out.ok,
        ...(out.tool ? { tool: out.tool } : {}),
        ...(out.result !== undefined ? { result: out.result } : {}),
        ...(shown.error ? { error: shown.error } : {}),
        ...(shown.blockedBy ? { blockedBy: shown.blockedBy } : {}),
        ...(out.detail && out.error ? { modelError: out.error } : {}),
        ...(out.paramsRewritten ? { paramsRewritten: true } : {}),
        ...(suggestions ? { suggestions } : {}),
        durationMs: out.durationMs,
      };
      if (ctx.json) {
        ctx.io.stdout(json(body));
      } else if (out.ok) {
        const r = typeof out.result === 'string' ? out.result : json(out.result);
        ctx.io.stdout(`ok  ${out.tool?.id ?? target}\n${r}`);
      } else if (suggestions) {
        const close = suggestions.length > 0 ? `Did you mean: ${suggestions.join(', ')}?` : 'No tool has a close name; `search WORDS` finds tools by what they do.';
        ctx.io.stdout(`unknown tool  ${target}\n${close}`);
      } else if (out.result !== undefined) {
        // The tool ran and reported an error (`isError`): what it said is the answer.
        ctx.io.stdout(`failed  ${out.tool?.id ?? target}: the tool reported an error\n${shownResult(out.result)}`);
      } else {
        const told = out.detail && out.error ? `\nthe model is told: ${out.error}` : '';
        ctx.io.stdout(`${shown.blockedBy ? `blocked by ${shown.blockedBy}` : 'failed'}  ${out.tool?.id ?? target}\n${shown.error ?? ''}${told}`);
      }
      return out.ok ? 0 : 1;
    });
  },
};
