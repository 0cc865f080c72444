import * as path from 'node:path';

/**
 * How a file is named in diagnostics and reasons: relative to the workspace
 * when inside it (stable across machines), absolute otherwise.
 */
export function displayPath(workspace: string, file: string): string {
  const rel = path.relative(workspace, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) {
    return file;
  }
  return rel.split(path.sep).join('/');
}
