/**
 * OpenClaw's bound on `max_completion_tokens` for a configured, proxy-like
 * Chat Completions endpoint (any `baseUrl` that is not OpenAI's own): the
 * model's `maxTokens`, lowered to what its context window leaves after
 * OpenClaw's estimate of the input (characters / 4, a safety margin, CJK
 * counted heavier), never under 1. The formula is the one
 * scripts/extract-openclaw-prompt.mjs checks in the package; its constants
 * come from there.
 */

export interface MaxTokensBound {
  safetyMargin: number;
  imageChars: number;
  nonLatin: { source: string; flags: string };
  cjkHighSurrogate: { source: string; flags: string };
}

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

const REASONING_REPLAY_FIELDS = ['reasoning_details', 'reasoning_content', 'reasoning', 'reasoning_text'];

function stringChars(text: string, bound: MaxTokensBound): number {
  if (!text) {
    return 0;
  }
  const nonLatin = (text.match(new RegExp(bound.nonLatin.source, bound.nonLatin.flags)) ?? []).length;
  return (nonLatin === 0 ? text.length : text.length - (text.match(new RegExp(bound.cjkHighSurrogate.source, bound.cjkHighSurrogate.flags)) ?? []).length) + nonLatin * 3;
}

function contentChars(value: unknown, bound: MaxTokensBound): number {
  if (typeof value === 'string') {
    return stringChars(value, bound);
  }
  if (!Array.isArray(value)) {
    return 0;
  }
  let n = 0;
  for (const block of value) {
    if (!isObject(block)) {
      continue;
    }
    if (block.type === 'image_url' || block.type === 'input_image') {
      n += bound.imageChars;
    } else if (typeof block.text === 'string') {
      n += stringChars(block.text, bound);
    } else {
      n += stringChars(JSON.stringify(block), bound);
    }
  }
  return n;
}

/** OpenClaw's estimate of a Chat Completions body's input tokens. */
export function estimateInputTokens(body: Json, bound: MaxTokensBound): number {
  let chars = 0;
  for (const m of Array.isArray(body.messages) ? body.messages : []) {
    if (!isObject(m)) {
      continue;
    }
    chars += contentChars(m.content, bound);
    for (const f of REASONING_REPLAY_FIELDS) {
      chars += contentChars(m[f], bound);
    }
    if (m.tool_calls !== undefined) {
      chars += stringChars(JSON.stringify(m.tool_calls), bound);
    }
  }
  if (Array.isArray(body.tools) && body.tools.length > 0) {
    chars += stringChars(JSON.stringify(body.tools), bound);
  }
  return Math.ceil((chars / 4) * bound.safetyMargin);
}

/** The `max_completion_tokens` OpenClaw sends. */
export function boundedMaxTokens(maxTokens: number, contextWindow: number | undefined, body: Json, bound: MaxTokensBound, proxyLike: boolean): number {
  if (!proxyLike || contextWindow === undefined) {
    return maxTokens;
  }
  const remaining = Math.max(1, contextWindow - estimateInputTokens(body, bound) - 1);
  return Math.min(maxTokens, remaining);
}

/** A configured base URL that is not OpenAI's own API: OpenClaw treats it as a proxy-like endpoint. */
export function isProxyLikeEndpoint(baseUrl: string | undefined): boolean {
  if (baseUrl === undefined || baseUrl.trim() === '') {
    return false;
  }
  try {
    return new URL(baseUrl).hostname.toLowerCase() !== 'api.openai.com';
  } catch {
    return true;
  }
}
