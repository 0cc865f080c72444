import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { TOKEN_ENCODING, utf8Bytes, type PayloadBytes, type PayloadTokens } from './payloadSize';
import { requestParts, type ProviderRequest } from './requestShapes';

/**
 * o200k counts of request bodies, with the parts that did not change taken
 * from a cache instead of being tokenized again.
 *
 * o200k first cuts text into pieces with a regular expression and merges
 * bytes only within a piece, so the count of a text is the sum of the counts
 * of its slices when every cut falls on a piece boundary. A cut before a
 * letter that follows two punctuation characters (`{"type`, `,"name`,
 * `:"object`) is always one: a punctuation piece runs greedily up to the
 * letter, and no piece can end between the two punctuation characters. The
 * body is cut at such places around its tools array, whose middle (nearly
 * all of direct mode's tokens) is then counted once per catalog, not once
 * per keystroke. The counts stay exact: the unit tests compare them with
 * counting the whole text on generated bodies.
 */

/** Special-token spellings in tool text are counted as the text they are (providers do the same with user text). */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

function isPunct(ch: string | undefined): boolean {
  return ch === '{' || ch === ',' || ch === '[' || ch === ':' || ch === '"';
}

const LETTER = /\p{L}/u;

/** Whether `text` can be cut before index `i` without changing its count. */
export function isCertainCut(text: string, i: number): boolean {
  return i >= 2 && i < text.length && text[i - 1] === '"' && isPunct(text[i - 2]) && LETTER.test(text[i] ?? '');
}

/** The first certain cut at or after `from` (scanning at most `within` characters), or -1. */
export function nextCut(text: string, from: number, within = 4096): number {
  const end = Math.min(text.length, from + within);
  for (let i = Math.max(2, from); i < end; i++) {
    if (isCertainCut(text, i)) {
      return i;
    }
  }
  return -1;
}

/** The last certain cut at or before `to` (scanning at most `within` characters back), or -1. */
export function previousCut(text: string, to: number, within = 4096): number {
  const start = Math.max(2, to - within);
  for (let i = Math.min(to, text.length - 1); i >= start; i--) {
    if (isCertainCut(text, i)) {
      return i;
    }
  }
  return -1;
}

export interface TokenCacheStats {
  hits: number;
  misses: number;
  /** Characters tokenized (misses only). */
  tokenizedChars: number;
}

/**
 * Counts o200k tokens, remembering the counts of long texts. Small texts are
 * counted again (cheaper than hashing them); the few long ones (a mode's tools
 * array) are kept, least recently used dropped first.
 */
export class TokenCounter {
  private readonly cache = new Map<string, number>();
  readonly stats: TokenCacheStats = { hits: 0, misses: 0, tokenizedChars: 0 };

  constructor(private readonly maxEntries = 32, private readonly minCachedChars = 2048) {}

  count(text: string): number {
    if (text.length < this.minCachedChars) {
      this.stats.tokenizedChars += text.length;
      return countTokens(text, AS_TEXT);
    }
    const hit = this.cache.get(text);
    if (hit !== undefined) {
      this.stats.hits++;
      this.cache.delete(text);
      this.cache.set(text, hit);
      return hit;
    }
    this.stats.misses++;
    this.stats.tokenizedChars += text.length;
    const n = countTokens(text, AS_TEXT);
    this.cache.set(text, n);
    if (this.cache.size > this.maxEntries) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) {
        this.cache.delete(oldest.value);
      }
    }
    return n;
  }

  /** The count of `text`, cut at certain places around `[from, to)` so that slice is counted (and cached) on its own. */
  countAround(text: string, from: number, to: number): number {
    const a = nextCut(text, from);
    const b = a < 0 ? -1 : previousCut(text, to);
    if (a < 0 || b <= a) {
      return this.count(text);
    }
    return this.count(text.slice(0, a)) + this.count(text.slice(a, b)) + this.count(text.slice(b));
  }

  clear(): void {
    this.cache.clear();
  }
}

/** Bytes and tokens of the four parts of a body; the parts add up to the total. */
export interface PartSizes {
  tools: number;
  /** The system prompt (Chat Completions' system message, Responses' `instructions`). */
  system: number;
  /** The user's messages. */
  messages: number;
  /** Keys, brackets and the model name around them. */
  framing: number;
}

export interface RequestSizes {
  bytes: PayloadBytes;
  tokens?: PayloadTokens;
  split: { bytes: PartSizes; tokens?: PartSizes };
}

function systemAndMessages(body: ProviderRequest): { system: unknown; messages: unknown } {
  if ('messages' in body) {
    return { system: body.messages.filter((m) => m.role === 'system'), messages: body.messages.filter((m) => m.role !== 'system') };
  }
  return { system: body.instructions, messages: body.input };
}

/**
 * The sizes `preview` reports for a body, exactly as `payloadBytes` and
 * `payloadTokens` define them (the serialized tools array, the serialized
 * prompt, the whole body), plus the split into tools, system prompt, user
 * messages and framing. `toolsJson` may be passed when the caller already
 * serialized `requestParts(body).tools`.
 */
export function sizeRequest(body: ProviderRequest, counter: TokenCounter, toolsJson?: string, withTokens = true): RequestSizes {
  const parts = requestParts(body);
  const tools = toolsJson ?? JSON.stringify(parts.tools);
  const prompt = JSON.stringify(parts.prompt);
  const sm = systemAndMessages(body);
  const system = JSON.stringify(sm.system);
  const messages = JSON.stringify(sm.messages);
  let whole: string;
  let toolsAt = -1;
  if (body.tools) {
    const envelope = JSON.stringify({ ...body, tools: [] });
    const at = envelope.indexOf('"tools":[]') + '"tools":'.length;
    whole = envelope.slice(0, at) + tools + envelope.slice(at + 2);
    toolsAt = at;
  } else {
    whole = JSON.stringify(body);
  }
  const bytes: PayloadBytes = { tools: utf8Bytes(tools), prompt: utf8Bytes(prompt), total: utf8Bytes(whole) };
  const sysBytes = utf8Bytes(system);
  const msgBytes = utf8Bytes(messages);
  const splitBytes: PartSizes = { tools: bytes.tools, system: sysBytes, messages: msgBytes, framing: bytes.total - bytes.tools - sysBytes - msgBytes };
  if (!withTokens) {
    return { bytes, split: { bytes: splitBytes } };
  }
  const toolsTokens = counter.countAround(tools, 0, tools.length);
  const totalTokens = toolsAt >= 0 ? counter.countAround(whole, toolsAt, toolsAt + tools.length) : counter.count(whole);
  const tokens: PayloadTokens = { tools: toolsTokens, prompt: counter.count(prompt), total: totalTokens, encoding: TOKEN_ENCODING };
  const sysTokens = counter.count(system);
  const msgTokens = counter.count(messages);
  return {
    bytes,
    tokens,
    split: {
      bytes: splitBytes,
      tokens: { tools: tokens.tools, system: sysTokens, messages: msgTokens, framing: tokens.total - tokens.tools - sysTokens - msgTokens },
    },
  };
}
