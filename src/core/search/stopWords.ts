/**
 * OpenClaw's Tool Search stop words (`STOPWORDS` in
 * `src/agents/tool-search-ranking.ts`), word for word: the ranking must drop
 * exactly what OpenClaw drops, or the same query scores different tools.
 * Capability verbs ("get", "list", "new", "find") are deliberately absent.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a an and are as at be but by can do for from had has have here how i if in into is it its me my no not of on or our so
  that the their them then there these they this to up us was we were what when where which who why will with you your`
    .split(/\s+/)
    .filter((w) => w.length > 0),
);
