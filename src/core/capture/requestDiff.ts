import stableStringify from 'fast-json-stable-stringify';
import { tokenCount, utf8Bytes } from '../provider/payloadSize';
import { contentText } from './requestFacts';
import { partingIndex } from '../prompt/requestDiff';
import { normalizeRequest, volatileFinds, type VolatileValues } from '../prompt/volatile';

/**
 * The structural difference between the request the inspector predicts and
 * the one OpenClaw really sent (a Chat Completions body each), read from
 * predicted to real: `added` is in the real request only (the prediction
 * misses it), `removed` in the prediction only. Volatile parts (time, scratch
 * paths, ids: `volatile.ts`) are normalized on both sides first, so they
 * never show as differences. Pure; used by Mode Preview and `capture --diff`.
 */

export interface ToolChange {
  name: string;
  schema: boolean;
  description: boolean;
}

export interface ToolsDiff {
  predicted: number;
  real: number;
  /** In the real request only. */
  added: string[];
  /** In the prediction only. */
  removed: string[];
  /** In both, with another schema (`function.parameters`, key order ignored) or description. */
  changed: ToolChange[];
  /** In both and equal. */
  same: number;
  /** False when the tools both have come in another order. */
  sameOrder: boolean;
}

/** A `#`-heading section of the system prompt; the text before the first heading is `(preamble)`. */
export interface SectionChange {
  heading: string;
  predictedChars: number;
  realChars: number;
  /** Where a changed section first differs (only on `changed`). */
  first?: FirstDifference;
}

/** The first character where two texts part, with a bounded excerpt of each from a little before it. */
export interface FirstDifference {
  offset: number;
  predicted: string;
  real: string;
}

export interface PromptDiff {
  predictedChars: number;
  realChars: number;
  added: SectionChange[];
  removed: SectionChange[];
  changed: SectionChange[];
  same: number;
}

export interface MessageDiff {
  index: number;
  predictedRole?: string;
  realRole?: string;
  predictedChars: number;
  realChars: number;
  /** `added` (real only), `removed` (prediction only), `role`, `content`. */
  kind: 'added' | 'removed' | 'role' | 'content';
  /** Where the contents first differ (only on `content`). */
  first?: FirstDifference;
}

const EXCERPT_BEFORE = 24;
const EXCERPT_CHARS = 96;

/** Where `predicted` and `real` first differ, as data (prompt/requestDiff's `firstDifference` is the prose for logs), or undefined when they are equal. */
export function locateDifference(predicted: string, real: string): FirstDifference | undefined {
  if (predicted === real) {
    return undefined;
  }
  const i = partingIndex(predicted, real);
  const from = Math.max(0, i - EXCERPT_BEFORE);
  return { offset: i, predicted: predicted.slice(from, from + EXCERPT_CHARS), real: real.slice(from, from + EXCERPT_CHARS) };
}

export interface MessagesDiff {
  predicted: number;
  real: number;
  /** Only the messages that differ (system messages count here too; their sections are in `prompt`). */
  differences: MessageDiff[];
}

/** A top-level key of the body other than `tools` and `messages`, as JSON text (absent: not sent). */
export interface EnvelopeChange {
  key: string;
  predicted?: string;
  real?: string;
}

export interface SizeSide {
  bytes: number;
  tokens: number;
}

export interface RequestDiff {
  /** True when nothing below differs (sizes aside). */
  same: boolean;
  tools: ToolsDiff;
  prompt: PromptDiff;
  messages: MessagesDiff;
  envelope: EnvelopeChange[];
  /** Bytes: `JSON.stringify` of the predicted body, the captured body's bytes on the wire; tokens: o200k of each serialized body. */
  sizes: { predicted: SizeSide; real: SizeSide };
  /** The volatile parts replaced on either side before comparing (prompt/volatile.ts), with each side's text: shown, not hidden. */
  normalized?: NormalizedPart[];
}

export interface NormalizedPart {
  part: string;
  what: string;
  predicted?: string;
  real?: string;
}

export interface RequestDiffInput {
  predicted: unknown;
  real: unknown;
  /** Each side's values of the volatile parts (prompt/volatile.ts, the one list), replaced before comparing. */
  predictedVolatile?: VolatileValues;
  realVolatile?: VolatileValues;
  /** The captured request's body size on the wire; default its serialized size. */
  realBytes?: number;
  /** Skip the token counts (zero) where a caller only needs the structure. */
  tokens?: boolean;
}

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

interface ToolView {
  name: string;
  schema: string;
  description: string;
}

function toolView(t: unknown): ToolView {
  const fn = isObject(t) && isObject(t.function) ? t.function : isObject(t) ? t : {};
  return {
    name: typeof fn.name === 'string' ? fn.name : '?',
    schema: stableStringify(fn.parameters ?? null),
    description: typeof fn.description === 'string' ? fn.description : '',
  };
}

function toolsOf(body: Json): ToolView[] {
  return Array.isArray(body.tools) ? body.tools.map(toolView) : [];
}

export function diffTools(predicted: readonly ToolView[], real: readonly ToolView[]): ToolsDiff {
  const p = new Map(predicted.map((t) => [t.name, t]));
  const r = new Map(real.map((t) => [t.name, t]));
  const changed: ToolChange[] = [];
  let same = 0;
  for (const t of real) {
    const q = p.get(t.name);
    if (!q) {
      continue;
    }
    const schema = q.schema !== t.schema;
    const description = q.description !== t.description;
    if (schema || description) {
      changed.push({ name: t.name, schema, description });
    } else {
      same++;
    }
  }
  const commonP = predicted.filter((t) => r.has(t.name)).map((t) => t.name);
  const commonR = real.filter((t) => p.has(t.name)).map((t) => t.name);
  return {
    predicted: predicted.length,
    real: real.length,
    added: real.filter((t) => !p.has(t.name)).map((t) => t.name),
    removed: predicted.filter((t) => !r.has(t.name)).map((t) => t.name),
    changed,
    same,
    sameOrder: commonP.join('\n') === commonR.join('\n'),
  };
}

function systemText(messages: readonly unknown[]): string {
  return messages
    .filter((m) => isObject(m) && (m.role === 'system' || m.role === 'developer'))
    .map((m) => contentText((m as Json).content))
    .join('\n');
}

const HEADING = /^#{1,6} +\S/;

/** The prompt cut at its Markdown headings; a repeated heading gets ` (2)`, ` (3)`... */
export function promptSections(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let heading = '(preamble)';
  let body: string[] = [];
  const seen = new Map<string, number>();
  const flush = (): void => {
    if (heading === '(preamble)' && body.join('').trim() === '') {
      return;
    }
    const n = (seen.get(heading) ?? 0) + 1;
    seen.set(heading, n);
    out.set(n === 1 ? heading : `${heading} (${n})`, body.join('\n'));
  };
  for (const line of text.split('\n')) {
    if (HEADING.test(line)) {
      flush();
      heading = line.trim();
      body = [];
    } else {
      body.push(line);
    }
  }
  flush();
  return out;
}

export function diffPrompt(predictedText: string, realText: string): PromptDiff {
  const p = promptSections(predictedText);
  const r = promptSections(realText);
  const out: PromptDiff = { predictedChars: predictedText.length, realChars: realText.length, added: [], removed: [], changed: [], same: 0 };
  for (const [heading, text] of r) {
    const q = p.get(heading);
    if (q === undefined) {
      out.added.push({ heading, predictedChars: 0, realChars: text.length });
    } else if (q.trim() !== text.trim()) {
      const first = locateDifference(q.trim(), text.trim());
      out.changed.push({ heading, predictedChars: q.length, realChars: text.length, ...(first ? { first } : {}) });
    } else {
      out.same++;
    }
  }
  for (const [heading, text] of p) {
    if (!r.has(heading)) {
      out.removed.push({ heading, predictedChars: text.length, realChars: 0 });
    }
  }
  return out;
}

function roleOf(m: unknown): string {
  return isObject(m) && typeof m.role === 'string' ? m.role : '?';
}

/** What a message carries besides its role: its text, or its whole JSON when it has no text (tool calls). */
function messageContent(m: unknown): string {
  if (!isObject(m)) {
    return stableStringify(m ?? null);
  }
  const { role: _role, ...rest } = m;
  const text = contentText(m.content);
  return Object.keys(rest).length === 1 && 'content' in rest ? text : stableStringify(rest);
}

export function diffMessages(predicted: readonly unknown[], real: readonly unknown[]): MessagesDiff {
  const differences: MessageDiff[] = [];
  for (let i = 0; i < Math.max(predicted.length, real.length); i++) {
    const p = predicted[i];
    const r = real[i];
    const pc = i < predicted.length ? messageContent(p) : '';
    const rc = i < real.length ? messageContent(r) : '';
    const base = { index: i, predictedChars: pc.length, realChars: rc.length };
    if (i >= predicted.length) {
      differences.push({ ...base, realRole: roleOf(r), kind: 'added' });
    } else if (i >= real.length) {
      differences.push({ ...base, predictedRole: roleOf(p), kind: 'removed' });
    } else if (roleOf(p) !== roleOf(r)) {
      differences.push({ ...base, predictedRole: roleOf(p), realRole: roleOf(r), kind: 'role' });
    } else if (pc !== rc) {
      const first = locateDifference(pc, rc);
      differences.push({ ...base, predictedRole: roleOf(p), realRole: roleOf(r), kind: 'content', ...(first ? { first } : {}) });
    }
  }
  return { predicted: predicted.length, real: real.length, differences };
}

export function diffEnvelope(predicted: Json, real: Json): EnvelopeChange[] {
  const keys = [...new Set([...Object.keys(predicted), ...Object.keys(real)])].filter((k) => k !== 'tools' && k !== 'messages').sort();
  const out: EnvelopeChange[] = [];
  for (const key of keys) {
    const p = key in predicted ? stableStringify(predicted[key] ?? null) : undefined;
    const r = key in real ? stableStringify(real[key] ?? null) : undefined;
    if (p !== r) {
      out.push({ key, ...(p !== undefined ? { predicted: p } : {}), ...(r !== undefined ? { real: r } : {}) });
    }
  }
  return out;
}

function sizeOf(body: unknown, bytes: number | undefined, withTokens: boolean): SizeSide {
  const text = JSON.stringify(body ?? null);
  return { bytes: bytes ?? utf8Bytes(text), tokens: withTokens ? tokenCount(text) : 0 };
}

export function diffRequests(input: RequestDiffInput): RequestDiff {
  const withTokens = input.tokens !== false;
  // Sizes are of the bodies as sent; the structure is compared after normalization.
  const sizes = { predicted: sizeOf(input.predicted, undefined, withTokens), real: sizeOf(input.real, input.realBytes, withTokens) };
  const p = normalizeRequest(isObject(input.predicted) ? input.predicted : {}, input.predictedVolatile ?? {}) as Json;
  const r = normalizeRequest(isObject(input.real) ? input.real : {}, input.realVolatile ?? {}) as Json;
  const pm = Array.isArray(p.messages) ? p.messages : [];
  const rm = Array.isArray(r.messages) ? r.messages : [];
  const tools = diffTools(toolsOf(p), toolsOf(r));
  const prompt = diffPrompt(systemText(pm), systemText(rm));
  const messages = diffMessages(pm, rm);
  const envelope = diffEnvelope(p, r);
  const same =
    tools.added.length === 0 &&
    tools.removed.length === 0 &&
    tools.changed.length === 0 &&
    tools.sameOrder &&
    prompt.added.length + prompt.removed.length + prompt.changed.length === 0 &&
    messages.differences.length === 0 &&
    envelope.length === 0;
  return { same, tools, prompt, messages, envelope, sizes, normalized: normalizedParts(input) };
}

function normalizedParts(input: RequestDiffInput): NormalizedPart[] {
  const out = new Map<string, NormalizedPart>();
  for (const [side, body, values] of [['predicted', input.predicted, input.predictedVolatile], ['real', input.real, input.realVolatile]] as const) {
    for (const f of volatileFinds(body, values ?? {})) {
      const part = out.get(f.part) ?? { part: f.part, what: f.what };
      part[side] = f.text;
      out.set(f.part, part);
    }
  }
  return [...out.values()];
}
