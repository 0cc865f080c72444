import * as fs from 'node:fs';
import * as path from 'node:path';
import { errorMessage } from '../util/errors';
import { readOpenClawStore, STORE_LIMITS, type StoreLimits } from './openclawStore';
import { transcriptEvents } from './openclawTranscript';
import { parseSessionLog, type SessionEvent } from './sessionLog';
import { agentOf, findSessionFiles, MAX_DEPTH, sniffSessionFile, STORE_NAME, walk, type SessionFormat, type Sniffed } from './sessionFiles';
import { FolderGuard } from '../util/insideFolder';
import { READ_LIMITS, readUserText } from '../util/readLimits';
import type { ToolSearchModeName } from '../types';

/**
 * Every session a path holds, whatever wrote it: OpenClaw's SQLite agent
 * store (2026.9 on: `agents/<agent>/agent/openclaw-agent.sqlite` under the
 * state folder), OpenClaw's JSONL transcripts (older versions:
 * `agents/<agent>/sessions/<id>.jsonl`), and the product's own session logs
 * (`run --log`, `call --log`, `compare`). A path is a state folder, an agent
 * folder, a folder of logs or one file. Anything else is an error that says
 * what was found, never an empty result: OpenClaw's trajectory files and
 * unrelated JSON or SQLite files are named as such.
 */


export interface LoadedSession {
  file: string;
  format: SessionFormat;
  sessionId: string;
  sessionKey?: string;
  /** The agent whose store or folder held it. */
  agentId?: string;
  /** The OpenClaw version that wrote the store, when it says. */
  openclawVersion?: string;
  mode?: ToolSearchModeName;
  model?: string;
  startedAt?: string;
  events: SessionEvent[];
}

export interface SessionReadProblem {
  file: string;
  message: string;
  /** 1-based line in a JSONL file. */
  line?: number;
}

export interface SessionsRead {
  sessions: LoadedSession[];
  /** Files read (each store or log once). */
  files: string[];
  /** Paths that held no session at all, or could not be read: the reason for each. */
  errors: SessionReadProblem[];
  /** Lines, events or rows skipped inside files that otherwise read. */
  problems: SessionReadProblem[];
  /** Files seen and left out on purpose (trajectory files beside transcripts), with why. */
  skipped: SessionReadProblem[];
}


async function readStore(file: string, limits: StoreLimits, out: SessionsRead): Promise<void> {
  const store = await readOpenClawStore(file, limits);
  const agentId = store.agentId ?? agentOf(file);
  for (const p of store.problems) {
    out.problems.push({ file, message: p });
  }
  if (store.skippedSessions > 0) {
    out.problems.push({ file, message: `${store.skippedSessions} more sessions not read (at most ${limits.maxSessions})` });
  }
  for (const s of store.sessions) {
    const t = transcriptEvents(s.entries, s.trajectory, s.sessionId);
    out.sessions.push({
      file,
      format: 'openclaw-store',
      sessionId: s.sessionId,
      ...(s.sessionKey ? { sessionKey: s.sessionKey } : {}),
      ...(agentId ? { agentId } : {}),
      ...(store.openclawVersion ? { openclawVersion: store.openclawVersion } : {}),
      ...(t.mode ? { mode: t.mode } : {}),
      ...(t.model ? { model: t.model } : s.provider && s.model ? { model: `${s.provider}/${s.model}` } : {}),
      ...(t.startedAt ? { startedAt: t.startedAt } : s.createdAt !== undefined ? { startedAt: new Date(s.createdAt).toISOString() } : {}),
      events: t.events,
    });
  }
}

function readJsonl(file: string, format: 'openclaw-jsonl' | 'inspector', out: SessionsRead): void {
  const text = readUserText(file, READ_LIMITS.sessionJsonlBytes);
  const agentId = agentOf(file);
  const base = { file, format, sessionId: path.basename(file, '.jsonl'), ...(agentId ? { agentId } : {}) };
  if (format === 'inspector') {
    const parsed = parseSessionLog(text);
    for (const e of parsed.errors) out.problems.push({ file, line: e.line, message: e.message });
    out.sessions.push({ ...base, events: parsed.events, ...modeOfEvents(parsed.events) });
    return;
  }
  const entries: unknown[] = [];
  text.split('\n').forEach((l, i) => {
    if (l.trim() === '') return;
    try {
      entries.push(JSON.parse(l) as unknown);
    } catch (err) {
      out.problems.push({ file, line: i + 1, message: errorMessage(err) });
    }
  });
  const t = transcriptEvents(entries, [], base.sessionId);
  out.sessions.push({ ...base, sessionId: t.sessionId, events: t.events, ...(t.mode ? { mode: t.mode } : {}), ...(t.model ? { model: t.model } : {}), ...(t.startedAt ? { startedAt: t.startedAt } : {}) });
}

function modeOfEvents(events: readonly SessionEvent[]): { mode?: ToolSearchModeName; startedAt?: string } {
  const start = events.find((e) => e.type === 'turn-start');
  return start?.type === 'turn-start' ? { mode: start.effectiveMode, startedAt: start.at } : {};
}

async function readFile(file: string, limits: StoreLimits, out: SessionsRead, given: boolean, guard: FolderGuard): Promise<void> {
  const refusal = guard.refusal(file);
  if (refusal) {
    out.errors.push({ file, message: refusal.message });
    return;
  }
  let sniffed: Sniffed;
  try {
    sniffed = sniffSessionFile(file);
  } catch (err) {
    out.errors.push({ file, message: errorMessage(err) });
    return;
  }
  if ('notSession' in sniffed) {
    // Inside a folder, trajectory files sit beside the transcripts they describe.
    (given || !sniffed.trajectory ? out.errors : out.skipped).push({ file, message: sniffed.notSession });
    return;
  }
  const before = out.sessions.length;
  try {
    if (sniffed.format === 'openclaw-store') {
      await readStore(file, limits, out);
    } else {
      readJsonl(file, sniffed.format, out);
    }
    out.files.push(file);
  } catch (err) {
    out.sessions.length = before;
    out.errors.push({ file, message: errorMessage(err) });
  }
}

export interface ReadSessionsOptions {
  limits?: StoreLimits;
  /**
   * An untrusted workspace's guard: a path (or a file found under it) whose
   * real path is outside the folder is refused, with why. Folders are walked
   * without following symlinks either way, and a store's `-wal` that is a
   * symlink is never read (sqliteImage.ts).
   */
  guard?: FolderGuard;
}

/** Reads every session under `paths` (files, state folders, agent folders, folders of logs). */
export async function readSessions(paths: readonly string[], options: ReadSessionsOptions = {}): Promise<SessionsRead> {
  const limits = options.limits ?? STORE_LIMITS;
  const guard = options.guard ?? FolderGuard.open;
  const out: SessionsRead = { sessions: [], files: [], errors: [], problems: [], skipped: [] };
  for (const p of paths) {
    const refusal = guard.refusal(p);
    if (refusal) {
      out.errors.push({ file: p, message: refusal.message });
      continue;
    }
    let stat: fs.Stats;
    try {
      stat = fs.statSync(p);
    } catch (err) {
      out.errors.push({ file: p, message: errorMessage(err) });
      continue;
    }
    if (!stat.isDirectory()) {
      await readFile(p, limits, out, true, guard);
      continue;
    }
    const files: string[] = [];
    walk(p, 0, files);
    const before = out.files.length;
    const errorsBefore = out.errors.length;
    for (const f of files) {
      await readFile(f, limits, out, false, guard);
    }
    if (out.files.length === before && out.errors.length === errorsBefore) {
      out.errors.push({
        file: p,
        message: `no session here: looked for OpenClaw stores (${STORE_NAME}), OpenClaw transcripts and Tool Search Inspector logs (*.jsonl) up to ${MAX_DEPTH} folders down${out.skipped.length > 0 ? `; left out ${out.skipped.length} trajectory file(s)` : ''}`,
      });
    }
  }
  return out;
}

export { findSessionFiles, sniffSessionFile, type SessionFormat };
