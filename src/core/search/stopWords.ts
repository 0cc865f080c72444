/**
 * English stop words: function words that say nothing about which tool a
 * query wants, plus request filler ("please", "want", "help", "can") that
 * users and models put in front of every query. Kept small on purpose: words
 * like "get", "list" or "new" name tool actions and must stay searchable.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all am an and any are aren't as at be because been before being below between both but by
  can could couldn't did didn't do does doesn't doing don't down during each few for from further had has have having he her here
  hers herself him himself his how i i'd i'll i'm i've if in into is isn't it it's its itself just let's me might more most must my myself
  no nor not of off on once only or other ought our ours ourselves out over own same she should so some such than that that's the
  their theirs them themselves then there there's these they this those through to too under until up very was we were what
  what's when where which while who whom why will with would you your yours yourself yourselves
  also any anyone anything etc e.g i.e via using use used uses able please want wants need needs like help tell give would
  s t d ll m re ve`.split(/\s+/).filter((w) => w.length > 0),
);
