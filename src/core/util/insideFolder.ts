import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic, Severity } from '../types';
import { displayPath } from './paths';

/**
 * Whether the resolved path `p` is `folder` or lies below it. Compared by
 * path segments, so `/w/ws-evil` is not inside `/w/ws` and a file named
 * `..notes` inside the folder is not taken for a way out. Case is compared
 * as given (case-insensitive file systems are out of scope).
 */
export function isWithin(folder: string, p: string): boolean {
  const rel = path.relative(folder, p);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** The real path of `p`, or of its longest existing ancestor with the rest appended (a file not created yet). */
export function realPathOf(p: string): string {
  const missing: string[] = [];
  let cur = path.resolve(p);
  for (;;) {
    try {
      return path.join(fs.realpathSync(cur), ...missing.reverse());
    } catch {
      const up = path.dirname(cur);
      if (up === cur) {
        return path.resolve(p);
      }
      missing.push(path.basename(cur));
      cur = up;
    }
  }
}

/** Whether `p` lies inside `folder` once symlinks are resolved (a link out of the folder is outside). */
export function isInsideFolder(folder: string, p: string): boolean {
  return isWithin(realPathOf(folder), realPathOf(p));
}

/** The sentence every refusal ends with. */
export const UNTRUSTED_OUTSIDE = 'the workspace is not trusted and this path resolves outside its folder; trust the workspace to read it';

/** A path an untrusted workspace may not read. */
export interface Refusal {
  /** The path as the reader would have read it (absolute). */
  path: string;
  /** Where it resolves (symlinks, `..` and absolute paths followed), or why it cannot be resolved. */
  resolvesTo: string;
  /** `<subject> not read: it resolves to <where>; <why>`. */
  message: string;
}

/**
 * The one containment rule of an untrusted workspace: every file or folder
 * the product reads by default from the workspace (the OpenClaw config,
 * `.openclaw/client-tools.json`, plugin manifests and `plugins.load.paths`,
 * `.vscode/mcp.json`, `.mcp.json`, their `envFile`s, MCP snapshots) is read
 * only when its real path lies inside the real path of the workspace folder.
 * A trusted workspace (or the CLI, which its user ran) reads as before.
 * Readers ask `refusal` right before they read, and report a refusal with
 * `diagnostic` instead of reading.
 */
export class FolderGuard {
  private constructor(readonly folder: string, readonly active: boolean) {}

  /** The guard of a workspace folder; inactive (refuses nothing) when the workspace is trusted. */
  static of(folder: string, trusted: boolean): FolderGuard {
    return new FolderGuard(path.resolve(folder), !trusted);
  }

  /** A guard that refuses nothing (trusted workspaces, files the user named). */
  static readonly open: FolderGuard = new FolderGuard('', false);

  /**
   * Why `p` may not be read, or undefined when it may: the guard is
   * inactive, `p` does not exist (the reader's own "not found" applies), or
   * its real path is inside the folder. A path that exists but cannot be
   * resolved (a symlink loop, no permission) is refused: fail closed.
   * `subject` names the path in the message (default: its display path).
   */
  refusal(p: string, subject?: string): Refusal | undefined {
    if (!this.active) {
      return undefined;
    }
    const abs = path.resolve(this.folder, p);
    let real: string;
    try {
      real = fs.realpathSync(abs);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        return undefined;
      }
      return this.refuse(abs, `nowhere: it cannot be resolved (${code ?? String(err)})`, subject);
    }
    return isWithin(realPathOf(this.folder), real) ? undefined : this.refuse(abs, real, subject);
  }

  /**
   * The guard for paths named inside `file` (`plugins.load.paths`, an
   * `envFile`): this one when `file` is the workspace's own (inside the
   * folder), the open guard when it is the user's (`~/.openclaw/openclaw.json`,
   * a config named in the user's settings or `OPENCLAW_CONFIG_PATH`), which
   * the workspace cannot write.
   */
  forPathsIn(file: string): FolderGuard {
    return this.active && isInsideFolder(this.folder, file) ? this : FolderGuard.open;
  }

  /** The diagnostic of a refusal, at the place that named the path when known (else on the path itself). */
  diagnostic(refusal: Refusal, at?: { file: string; line?: number; column?: number }, severity: Severity = 'warning'): Diagnostic {
    return { file: at?.file ?? displayPath(this.folder, refusal.path), ...(at?.line !== undefined ? { line: at.line } : {}), ...(at?.column !== undefined ? { column: at.column } : {}), severity, message: refusal.message };
  }

  private refuse(abs: string, resolvesTo: string, subject = displayPath(this.folder, abs)): Refusal {
    return { path: abs, resolvesTo, message: `${subject} not read: it resolves to ${resolvesTo}; ${UNTRUSTED_OUTSIDE}` };
  }
}
