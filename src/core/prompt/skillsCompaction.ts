/**
 * OpenClaw's `compactSkillsPromptForContext`: when the skills prompt is
 * longer than a fifth of the model's context window (in characters), every
 * skill description is cut to the longest length (64..220, by bisection)
 * that fits, or to 64. Names and locations are never cut. The bounds are the
 * ones scripts/extract-openclaw-prompt.mjs checks in the package (`skillsCompaction`).
 */

export interface SkillsCompaction {
  charsPerToken: number;
  minDescription: number;
  maxDescription: number;
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function decodeXml(s: string): string {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

/** A prefix of at most `max` UTF-16 units that does not end inside a surrogate pair. */
function truncateUtf16(s: string, max: number): string {
  const limit = Math.max(0, Math.floor(max));
  if (s.length <= limit) {
    return s;
  }
  let to = limit;
  const hi = s.charCodeAt(to - 1);
  const lo = s.charCodeAt(to);
  if (to > 0 && hi >= 0xd800 && hi <= 0xdbff && lo >= 0xdc00 && lo <= 0xdfff) {
    to -= 1;
  }
  return s.slice(0, to);
}

function cutDescription(description: string, max: number): string {
  const normalized = description.replace(/\s+/g, ' ').trim();
  if (normalized.length <= max) {
    return normalized;
  }
  if (max <= 3) {
    return truncateUtf16(normalized, max);
  }
  return `${truncateUtf16(normalized, max - 3).trimEnd()}...`;
}

export function compactSkillsPrompt(prompt: string, contextTokens: number | undefined, c: SkillsCompaction): string {
  if (contextTokens === undefined || !Number.isFinite(contextTokens) || contextTokens <= 0) {
    return prompt;
  }
  const target = Math.floor(contextTokens / c.charsPerToken);
  if (prompt.length <= target) {
    return prompt;
  }
  const start = prompt.indexOf('<available_skills>');
  const end = prompt.indexOf('</available_skills>', start);
  if (start < 0 || end < start) {
    return prompt;
  }
  const catalog = prompt.slice(start, end);
  const render = (max: number): string =>
    prompt.slice(0, start) + catalog.replace(/<description>([\s\S]*?)<\/description>/gu, (_m, d: string) => `<description>${escapeXml(cutDescription(decodeXml(d), max))}</description>`) + prompt.slice(end);
  let lo = c.minDescription;
  let hi = c.maxDescription;
  let result = render(lo);
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    const candidate = render(mid);
    if (candidate.length <= target) {
      result = candidate;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return result.length < prompt.length ? result : prompt;
}
