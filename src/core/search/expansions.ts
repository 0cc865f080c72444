/**
 * OpenClaw's query expansions (`QUERY_EXPANSIONS` in
 * `src/agents/tool-search-ranking.ts`): when a query uses one of the trigger
 * words, the capability words of its group are searched too, at a discounted
 * weight. They bridge intent to the words tool descriptions use ("remind me
 * tomorrow" -> schedule, cron). Data only; the matching lives in tokenizer.ts.
 */
export interface ExpansionGroup {
  /** Words of the query that fire the group (before trigger normalization). */
  readonly triggers: readonly string[];
  /** Capability words added to the query (before stemming). */
  readonly add: readonly string[];
}

export const QUERY_EXPANSION_GROUPS: readonly ExpansionGroup[] = [
  { triggers: ['look', 'lookup', 'google', 'research'], add: ['search', 'web', 'find'] },
  { triggers: ['current', 'today', 'latest', 'now', 'recent', 'news', 'price', 'weather'], add: ['search', 'web'] },
  { triggers: ['url', 'link', 'page', 'article', 'site', 'website'], add: ['fetch', 'web', 'browse'] },
  { triggers: ['remember', 'recall', 'memory', 'earlier', 'previously', 'discussed', 'decided'], add: ['memory', 'recall', 'history'] },
  { triggers: ['remind', 'reminder', 'later', 'tomorrow', 'daily', 'weekly', 'recurring'], add: ['schedule', 'automations', 'cron', 'reminder'] },
  { triggers: ['say', 'tell', 'reply', 'respond', 'answer'], add: ['message', 'send'] },
  { triggers: ['picture', 'photo', 'meme', 'screenshot'], add: ['image'] },
  { triggers: ['speak', 'say', 'voice'], add: ['audio', 'speech'] },
  { triggers: ['run', 'execute', 'command', 'shell', 'terminal'], add: ['exec', 'process'] },
  { triggers: ['directory', 'folder', 'path'], add: ['file', 'list'] },
];

/** Weight of an added word: a hint about the catalog's vocabulary, never worth as much as a word the caller typed. */
export const EXPANSION_WEIGHT = 0.35;
