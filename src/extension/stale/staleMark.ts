// When the config stops parsing, the last good catalog stays and says so.
// Pure (no `vscode`): the decision and the wording are unit-tested.
import type { LoadedConfig } from '../../core/config/openclawConfig';
import { formatLocation } from '../../core/util/location';

/** A catalog shown although its config no longer parses: where the parse stopped, and since when. */
export interface StaleMark {
  /** The config as diagnostics name it (relative to the folder when inside it). */
  file: string;
  line?: number;
  column?: number;
  message: string;
  /** When the config stopped parsing (ms since the epoch). */
  since: number;
  /**
   * Whether a good catalog was kept. False on a first build with a broken
   * config: there is nothing to keep, and the catalog shown is built as if
   * there were no config.
   */
  lastGood: boolean;
}

/** The mark for a config that did not parse, or undefined when it did (or there is none). */
export function staleMarkOf(config: Pick<LoadedConfig, 'unusable'>, hasLastGood: boolean, now = Date.now()): StaleMark | undefined {
  const u = config.unusable;
  if (!u) {
    return undefined;
  }
  return {
    file: u.file,
    ...(u.line !== undefined ? { line: u.line } : {}),
    ...(u.column !== undefined ? { column: u.column } : {}),
    message: u.message,
    since: now,
    lastGood: hasLastGood,
  };
}

/** `openclaw.json:12:5`: the parse error's place, for the tree, the status bar and the panels' banner. */
export function staleWhere(m: StaleMark): string {
  return m.column !== undefined && m.line !== undefined ? `${formatLocation(m)}:${m.column}` : formatLocation(m);
}

/** The one sentence every surface uses. */
export function staleText(m: StaleMark): string {
  return m.lastGood
    ? `${staleWhere(m)} does not parse (${m.message}); showing the last good catalog until it does`
    : `${staleWhere(m)} does not parse (${m.message}); the catalog below ignores the whole file`;
}
