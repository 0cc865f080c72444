import * as os from 'node:os';
import * as path from 'node:path';
import { readSessions, type LoadedSession } from '../../core/telemetry/sessionSources';
import { sessionAnswers, sessionViewOfEvents, type SessionTurn } from '../../core/telemetry/sessionView';
import { summarizeSession } from '../../core/telemetry/summary';
import { UsageError, type CliCommand } from '../cliTypes';
import { json, table, truncate } from '../format';

/** OpenClaw's state folder when none is given: `$OPENCLAW_STATE_DIR`, else `~/.openclaw`. */
function defaultStateDir(env: Record<string, string | undefined>): string {
  const fromEnv = env.OPENCLAW_STATE_DIR;
  return fromEnv && fromEnv.trim() !== '' ? fromEnv : path.join(env.HOME ?? os.homedir(), '.openclaw');
}

/** The steps as the session viewer lists them: a Code Mode step keeps its program and result. */
function stepsOf(s: LoadedSession): { turnId: string; steps: Record<string, unknown>[] }[] {
  return sessionViewOfEvents(s.events).turns.map((t) => ({
    turnId: t.turnId,
    steps: t.steps.map((st) => ({ kind: st.kind, depth: st.depth, title: st.title, ok: st.ok, ...(st.event.type === 'model-call' && st.event.program ? { program: st.event.program } : {}), ...(st.event.type === 'call' && st.event.args ? { args: st.event.args } : {}) })),
  }));
}

/** The steps as text: one line each, nested ones indented, a program with its code and what it gave back. */
function stepLines(turns: readonly SessionTurn[]): string[] {
  const out: string[] = [];
  for (const t of turns) {
    out.push(`  turn ${t.turnId}`);
    for (const st of t.steps) {
      const pad = st.depth === 1 ? '      ' : '    ';
      out.push(`${pad}${st.ok ? '' : '✗ '}${st.title}`);
      const p = st.event.type === 'model-call' ? st.event.program : undefined;
      if (p) {
        const more = `${pad}  `;
        if (p.code !== undefined) out.push(...p.code.split('\n').map((l) => `${more}| ${l}`));
        for (const o of p.output) out.push(`${more}output: ${truncate(o.replace(/\s+/g, ' '), 100)}`);
        if (p.error !== undefined) out.push(`${more}error: ${truncate(p.error.replace(/\s+/g, ' '), 100)}`);
      }
    }
  }
  return out;
}

function summaryOf(s: LoadedSession, cwd: string, withEvents: boolean, withSteps: boolean): Record<string, unknown> {
  const summary = summarizeSession(s.events);
  const answers = sessionAnswers(summary);
  return {
    file: path.relative(cwd, s.file) || s.file,
    format: s.format,
    sessionId: s.sessionId,
    ...(s.sessionKey ? { sessionKey: s.sessionKey } : {}),
    ...(s.agentId ? { agentId: s.agentId } : {}),
    ...(s.openclawVersion ? { openclawVersion: s.openclawVersion } : {}),
    ...(s.mode ? { mode: s.mode } : {}),
    ...(s.model ? { model: s.model } : {}),
    ...(s.startedAt ? { startedAt: s.startedAt } : {}),
    turns: summary.turns,
    modelCalls: summary.modelCalls,
    ...(summary.catalogSize !== undefined ? { catalogSize: summary.catalogSize } : {}),
    answers,
    ...(withEvents ? { events: s.events } : {}),
    ...(withSteps ? { steps: stepsOf(s) } : {}),
  };
}

function finalText(s: LoadedSession): string {
  const a = sessionAnswers(summarizeSession(s.events));
  const f = a.finalTool;
  return f ? `${f.name ?? f.id} (${f.origin === 'unknown' ? 'source not recorded' : f.origin}, via ${f.via})` : a.failedCalls.length > 0 ? `none (${a.failedCalls.length} failed)` : 'none';
}

export const sessionsCommand: CliCommand = {
  name: 'sessions',
  summary: 'list and summarize sessions: OpenClaw stores and transcripts, and the inspector\'s own logs',
  usage: 'sessions [PATH...] [--events] [--steps]',
  options: { events: { type: 'boolean' }, steps: { type: 'boolean' } },
  run: async (ctx) => {
    const given = ctx.args.positionals;
    const paths = (given.length > 0 ? given : [defaultStateDir(ctx.io.env)]).map((p) => path.resolve(ctx.io.cwd, p));
    const read = await readSessions(paths);
    if (read.sessions.length === 0) {
      const first = read.errors[0];
      throw new UsageError(first ? `${path.relative(ctx.io.cwd, first.file) || first.file}: ${first.message}` : `no session under ${paths.join(', ')}`);
    }
    const sessions = [...read.sessions].sort((a, b) => (a.agentId ?? '').localeCompare(b.agentId ?? '') || (a.startedAt ?? '').localeCompare(b.startedAt ?? '') || a.sessionId.localeCompare(b.sessionId));
    if (ctx.json) {
      ctx.io.stdout(json({
        files: read.files.map((f) => path.relative(ctx.io.cwd, f) || f),
        sessions: sessions.map((s) => summaryOf(s, ctx.io.cwd, ctx.args.values.events === true, ctx.args.values.steps === true)),
        errors: read.errors,
        problems: read.problems,
        skipped: read.skipped,
      }));
      return 0;
    }
    const rows = sessions.map((s) => {
      const a = sessionAnswers(summarizeSession(s.events));
      return [s.agentId ?? '-', s.startedAt ?? '-', s.mode ?? '-', String(a.schemasUpFront ?? '-'), String(a.searches), String(a.describes), truncate(finalText(s), 70)];
    });
    const out = [`${sessions.length} session${sessions.length === 1 ? '' : 's'} in ${read.files.length} file${read.files.length === 1 ? '' : 's'}`, table(['agent', 'started', 'mode', 'schemas', 'searches', 'describes', 'final tool'], rows)];
    if (ctx.args.values.steps === true) {
      for (const s of sessions) {
        out.push('', `${path.relative(ctx.io.cwd, s.file) || s.file}: session ${s.sessionId}${s.mode ? ` (${s.mode})` : ''}`, ...stepLines(sessionViewOfEvents(s.events).turns));
      }
    }
    for (const e of read.errors) out.push(`cannot read ${path.relative(ctx.io.cwd, e.file) || e.file}: ${e.message}`);
    for (const p of read.problems.slice(0, 20)) out.push(`${path.relative(ctx.io.cwd, p.file) || p.file}${p.line ? `:${p.line}` : ''}: ${p.message}`);
    if (read.problems.length > 20) out.push(`... ${read.problems.length - 20} more problems (--json lists all)`);
    if (read.skipped.length > 0) out.push(`left out ${read.skipped.length} trajectory file(s)`);
    ctx.io.stdout(out.join('\n'));
    return 0;
  },
};
