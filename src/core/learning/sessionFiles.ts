import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The session logs under some paths: a file is read as given; a folder is
 * searched for `*.jsonl` (OpenClaw keeps transcripts in
 * `agents/<id>/sessions/*.jsonl`, so a few levels down are looked at).
 */

const MAX_DEPTH = 4;
const MAX_FILES = 5000;

function walk(dir: string, depth: number, out: string[]): void {
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
    } else if (e.isFile() && e.name.endsWith('.jsonl') && out.length < MAX_FILES) {
      out.push(full);
    }
  }
}

export interface SessionFiles {
  logs: { file: string; text: string }[];
  /** Paths that could not be read. */
  problems: string[];
}

export function readSessionFiles(paths: readonly string[]): SessionFiles {
  const logs: { file: string; text: string }[] = [];
  const problems: string[] = [];
  for (const p of paths) {
    let files: string[];
    try {
      files = fs.statSync(p).isDirectory() ? [] : [p];
      if (files.length === 0) {
        walk(p, 0, files);
      }
    } catch (err) {
      problems.push(`${p}: ${err instanceof Error ? err.message : String(err)}`);
      continue;
    }
    for (const f of files) {
      try {
        logs.push({ file: f, text: fs.readFileSync(f, 'utf8') });
      } catch (err) {
        problems.push(`${f}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
  return { logs, problems };
}
