import type { CatalogTool } from '../types';
import { readSessions, type ReadSessionsOptions, type SessionsRead } from '../telemetry/sessionSources';
import { suggestDescriptions, type SuggestOptions, type SuggestionReport } from './suggest';
import { usageFromSessions, type UsageReport } from './usagePairs';

/** Everything `suggest --sessions` and the editor command show: what the logs held, and what to add. */
export interface SessionSuggestions {
  usage: UsageReport;
  report: SuggestionReport;
  /** Paths that held no session or could not be read, each `path: reason`. */
  problems: string[];
  /** Sessions read, by format. */
  sessions: number;
}

function problemLines(read: SessionsRead): string[] {
  return read.errors.map((e) => `${e.file}: ${e.message}`);
}

/**
 * Reads the sessions under `paths` (OpenClaw state folders, agent folders,
 * stores, transcripts, the product's logs) and suggests descriptions for
 * `tools` (a catalog's tools).
 */
export async function suggestFromSessions(tools: readonly CatalogTool[], paths: readonly string[], options: SuggestOptions = {}, reading: ReadSessionsOptions = {}): Promise<SessionSuggestions> {
  const read = await readSessions(paths, reading);
  const usage = usageFromSessions(read);
  return { usage, report: suggestDescriptions(tools, usage.pairs, options), problems: problemLines(read), sessions: read.sessions.length };
}
