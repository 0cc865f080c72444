import * as fs from 'node:fs';
import * as path from 'node:path';
import { isSqliteFile } from './sqliteImage';
import { READ_LIMITS, readUserFileHead } from '../util/readLimits';

/**
 * Which files are sessions and where they are, from their first bytes: kept
 * apart from the readers (sessionSources.ts), which bring the transcript
 * reading and every release's control names, so the extension can list and
 * sniff session files without loading core.
 */

export type SessionFormat = 'openclaw-store' | 'openclaw-jsonl' | 'inspector';

export const STORE_NAME = 'openclaw-agent.sqlite';
export const MAX_DEPTH = READ_LIMITS.sessionWalkDepth;
const MAX_FILES = READ_LIMITS.sessionWalkFiles;
const TRAJECTORY_SCHEMA = 'openclaw-trajectory';

export type Sniffed = { format: SessionFormat } | { notSession: string; trajectory?: boolean };

function firstJsonLine(head: Buffer): unknown {
  const text = head.toString('utf8');
  const line = text.split('\n').find((l) => l.trim() !== '');
  if (line === undefined) {
    return undefined;
  }
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return Symbol.for('not-json');
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** What a file is, from its first bytes or first line. */
export function sniffSessionFile(file: string): Sniffed {
  // Not blocking, and only a regular file: a named pipe in a sessions folder cannot hang the reader.
  const head = readUserFileHead(file, READ_LIMITS.sessionSniffBytes);
  if (isSqliteFile(head)) {
    return { format: 'openclaw-store' };
  }
  const first = firstJsonLine(head);
  if (first === undefined) {
    return { notSession: 'an empty file' };
  }
  if (!isRecord(first)) {
    return { notSession: 'neither an SQLite store nor JSON lines' };
  }
  if (first.traceSchema === TRAJECTORY_SCHEMA) {
    return { notSession: "OpenClaw's trajectory file (runtime events), not a transcript: give the transcript beside it, or the state folder", trajectory: true };
  }
  if (typeof first.seq === 'number' && typeof first.type === 'string') {
    return { format: 'inspector' };
  }
  if (first.type === 'session' || isRecord(first.message)) {
    return { format: 'openclaw-jsonl' };
  }
  return { notSession: `JSON lines, but neither an OpenClaw transcript nor a Tool Search Inspector session log (first line has type ${JSON.stringify(first.type ?? null)})` };
}

export function walk(dir: string, depth: number, out: string[]): void {
  if (depth > MAX_DEPTH || out.length >= MAX_FILES) {
    return;
  }
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, e.name);
    if (e.isDirectory() && e.name !== 'node_modules' && !e.name.startsWith('.git')) {
      walk(full, depth + 1, out);
    } else if (e.isFile() && (e.name === STORE_NAME || e.name.endsWith('.jsonl')) && out.length < MAX_FILES) {
      out.push(full);
    }
  }
}

/** The agent a store or transcript path belongs to: `agents/<id>/...`. */
export function agentOf(file: string): string | undefined {
  const parts = file.split(path.sep);
  const i = parts.lastIndexOf('agents');
  return i >= 0 && i + 1 < parts.length - 1 ? parts[i + 1] : undefined;
}

/** The stores and JSONL files under a folder (OpenClaw's state or agent folder, a folder of logs), as `readSessions` finds them. */
export function findSessionFiles(dir: string): string[] {
  const files: string[] = [];
  walk(dir, 0, files);
  return files;
}
