/**
 * Absolute file paths and file URLs in error text from host code (a plugin
 * handler that failed to load, a source's I/O error): they tell a snippet
 * where things live on this machine, so model-facing text gets a placeholder.
 */
const ABSOLUTE_PATH = /(?:file:\/\/)?(?:\b[A-Za-z]:)?[\\/](?:[^\\/\s'"`()<>,;]+[\\/])+[^\\/\s'"`()<>,;]*/g;

export function withoutHostPaths(text: string): string {
  return text.replace(ABSOLUTE_PATH, '<path>');
}
