import type { CatalogTool } from '../types';
import { readSessionFiles } from './sessionFiles';
import { suggestDescriptions, type SuggestOptions, type SuggestionReport } from './suggest';
import { usageFromLogs, type UsageReport } from './usagePairs';

/** Everything `suggest --sessions` and the editor command show: what the logs held, and what to add. */
export interface SessionSuggestions {
  usage: UsageReport;
  report: SuggestionReport;
  /** Paths that could not be read. */
  problems: string[];
}

/** Reads the session logs under `paths` and suggests descriptions for `tools` (a catalog's tools). */
export function suggestFromSessions(tools: readonly CatalogTool[], paths: readonly string[], options: SuggestOptions = {}): SessionSuggestions {
  const files = readSessionFiles(paths);
  const usage = usageFromLogs(files.logs);
  return { usage, report: suggestDescriptions(tools, usage.pairs, options), problems: files.problems };
}
