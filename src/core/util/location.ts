/** `file:line`, or `file` when the line is unknown: how every surface names a place in a config. */
export function formatLocation(at: { file: string; line?: number }): string {
  return at.line !== undefined ? `${at.file}:${at.line}` : at.file;
}

/** ` (file:line)` after a sentence, or nothing when the place is unknown. */
export function locationSuffix(at: { file?: string; line?: number } | undefined): string {
  return at?.file ? ` (${formatLocation({ file: at.file, line: at.line })})` : '';
}
