import { Buffer } from 'node:buffer';

/**
 * How OpenClaw 2026.9.6 bounds what one Code Mode `exec` or `wait` hands the
 * model (`CodeModeOutputState.takeResult` and the captures its worker makes).
 *
 * Three channels share `maxOutputBytes` of serialized UTF-8: the cumulative
 * output items of the whole program (as one JSON array, every leg so far),
 * the final value (its JSON) and the error (its JSON string, quotes
 * included). The result's envelope (status, telemetry, runId ...) is not
 * charged. Waits do not get a fresh budget: each leg projects the cumulative
 * output again and hands out only what the model has not seen yet, so the
 * state between legs is carried in a {@link CodeModeOutputLedger}.
 *
 * Every cut is made on UTF-8 character boundaries of the original JSON text,
 * so a marker's `prefix` is a prefix of the JSON the model would have seen.
 */

export type CodeModeOutputItem = { type: 'text'; text: string } | { type: 'json'; value: unknown };

/** OpenClaw's fixed texts; generated from the package (see {@link extractCodeModeOutputTexts}), never typed here. */
export interface CodeModeOutputTexts {
  /** `TRUNCATION_GUIDANCE`: the guidance of a truncation marker. */
  truncationGuidance: string;
  /** `RETAINED_GUIDANCE`: the guidance of a retained value's reference marker. */
  retainedGuidance: string;
  /** `createErrorFitter`'s `suffix` (leading space included): what a cut error ends with. */
  errorSuffix: string;
  /** The last-resort guidance when retention failed and its reason does not fit either. */
  notRetainedGuidance: string;
  /** The guidance when the value was saved but its reference marker did not fit the budget. */
  referenceOverBudgetGuidance: string;
}

/** `results.save`'s descriptor, which the automatic reference of an oversized final value also is. */
export interface CodeModeResultReference {
  id: string;
  bytes: number;
  count: number;
  shape: string;
  preview: string;
  previewTruncated: boolean;
}

/** What the run's `results` store answers when asked to keep an oversized final object/array. */
export type CodeModeRetention = { reference: CodeModeResultReference; release?: () => void } | { reason: string };

/** The final value as it reaches the store: its JSON, cut to a prefix when over the retainable allowance. */
export interface CodeModeRetainSource {
  value: unknown;
  json: string;
  /** False when `json` is only a prefix; OpenClaw's store then refuses with its data-allowance reason. */
  complete: boolean;
}

/** The channels of one leg's result, in OpenClaw's key order. */
export interface CodeModeBoundChannels {
  output: unknown[];
  value?: unknown;
  error?: string;
}

/** JSON text kept of a channel: whole, or a prefix of at most the allowance and the original's size. */
interface Captured {
  json: string;
  bytes: number;
  complete: boolean;
}

/** What the model has already been handed: a count of items, or a summary marker of that cut. */
type Receipt = { kind: 'entries'; count: number } | { kind: 'summary'; originalBytes: number; prefixBytes: number };

/** The program's cumulative output and what earlier legs delivered of it; pass each leg's back into the next. */
export interface CodeModeOutputLedger {
  readonly count: number;
  readonly source: Captured;
  readonly delivered: Receipt;
}

export type CodeModeFinal = { value: unknown } | { error: string };

export interface CodeModeLegInput {
  /** The items this leg's program emitted (`text()`, `json()`, console), in order. */
  output: readonly CodeModeOutputItem[];
  /** How the program ended; absent while it waits. */
  final?: CodeModeFinal;
  maxOutputBytes: number;
  /** The ledger the previous leg of this program returned; absent for an exec. */
  state?: CodeModeOutputLedger;
  texts: CodeModeOutputTexts;
  /**
   * How large a final object/array may be kept whole for retention: OpenClaw
   * passes min(memoryLimitBytes, maxSnapshotBytes) in interactive runs and
   * maxOutputBytes in restart-safe ones. Defaults to maxOutputBytes.
   */
  retainableBytes?: number;
  /** Keeps an oversized final object/array in the run's `results`; absent where OpenClaw does not retain. */
  retain?: (source: CodeModeRetainSource) => CodeModeRetention;
  /**
   * Whether the rendered result fits what the model may take (OpenClaw's model
   * context budget and its external-content wrapping); when it does not, the
   * largest budget under maxOutputBytes that fits is used. Absent: always fits,
   * as when OpenClaw knows no context window and saw no network content.
   */
  fits?: (channels: CodeModeBoundChannels) => boolean;
}

export interface CodeModeLegResult extends CodeModeBoundChannels {
  state: CodeModeOutputLedger;
}

export const EMPTY_CODE_MODE_OUTPUT_LEDGER: CodeModeOutputLedger = {
  count: 0,
  source: { json: '[]', bytes: 2, complete: true },
  delivered: { kind: 'entries', count: 0 },
};

// ---- UTF-8 and JSON measures ----

function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

function jsonBytes(value: unknown): number {
  try {
    return utf8Bytes(JSON.stringify(value));
  } catch {
    return utf8Bytes(String(value));
  }
}

/** The longest prefix of at most `maxBytes` UTF-8 bytes that does not split a character. */
function utf8Prefix(text: string, maxBytes: number): string {
  if (maxBytes <= 0) {
    return '';
  }
  if (text.length <= maxBytes && utf8Bytes(text) <= maxBytes) {
    return text;
  }
  // maxBytes code units always encode to at least maxBytes bytes.
  const encoded = Buffer.from(text.slice(0, maxBytes));
  let end = maxBytes;
  while (end > 0 && ((encoded[end] ?? 0) & 0xc0) === 0x80) {
    end -= 1;
  }
  return encoded.subarray(0, end).toString('utf8');
}

/**
 * A function from a byte limit to the longest prefix of `text` whose JSON
 * string plus `overhead(prefixBytes)` stays within it (the whole text when it
 * fits). The overhead may shrink as the prefix grows (fewer omitted-byte
 * digits), so the walk stops at the first prefix that fails, as OpenClaw's
 * does; its checkpoints are kept too, since a later call may resume from one
 * past that point and OpenClaw's answers depend on it.
 */
function jsonPrefixFitter(text: string, maxBytes: number, overhead: (prefixBytes: number) => number): (limit: number) => string {
  const bytes = utf8Bytes(text);
  let encoded: Buffer | undefined;
  let wholeJsonBytes: number | undefined;
  const checkpoints: { end: number; jsonBytes: number }[] = [];
  let nextCheckpoint = 256;
  return (limit) => {
    if (limit <= 0) {
      return '';
    }
    if (bytes <= limit && (wholeJsonBytes ??= jsonBytes(text)) + overhead(bytes) <= limit) {
      return text;
    }
    encoded ??= Buffer.from(text.slice(0, Math.ceil(Math.min(bytes, maxBytes))));
    let end = 0;
    let json = 2;
    let low = 0;
    let high = checkpoints.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const checkpoint = checkpoints[middle] as { end: number; jsonBytes: number };
      if (checkpoint.end <= limit && checkpoint.jsonBytes + overhead(checkpoint.end) <= limit) {
        end = checkpoint.end;
        json = checkpoint.jsonBytes;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    while (end < encoded.byteLength) {
      const byte = encoded[end] as number;
      const width = byte < 0x80 ? 1 : byte < 0xe0 ? 2 : byte < 0xf0 ? 3 : 4;
      const next = end + width;
      // The whole text was handled above: a prefix is always shorter.
      if (next >= bytes || next > limit) {
        break;
      }
      json += escapedWidth(byte, width);
      if (json + overhead(next) > limit) {
        break;
      }
      end = next;
      if (end >= nextCheckpoint) {
        checkpoints.push({ end, jsonBytes: json });
        nextCheckpoint = end + 256;
      }
    }
    return encoded.subarray(0, end).toString('utf8');
  };
}

/** Bytes a character starting with `byte` takes inside a JSON string (short escapes, \u00XX for other controls). */
function escapedWidth(byte: number, width: number): number {
  if (byte === 0x22 || byte === 0x5c || byte === 0x08 || byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d) {
    return 2;
  }
  return byte < 0x20 ? 6 : width;
}

// ---- captures (OpenClaw makes them in the worker, before the host projects) ----

/** JSON of a guest value, with OpenClaw's stand-ins for what JSON.stringify refuses. */
function stringifySafe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    if (value instanceof Error) {
      return JSON.stringify({ name: value.name, message: value.message });
    }
    switch (typeof value) {
      case 'number':
        return JSON.stringify(value);
      case 'bigint':
      case 'symbol':
      case 'function':
        return JSON.stringify(String(value));
      default:
        return JSON.stringify(Object.prototype.toString.call(value));
    }
  }
}

function capture(json: string, originalBytes: number, maxBytes: number): Captured {
  return originalBytes <= maxBytes ? { json, bytes: originalBytes, complete: true } : { json: utf8Prefix(json, maxBytes), bytes: originalBytes, complete: false };
}

function captureOutput(items: readonly CodeModeOutputItem[], maxBytes: number): Captured | undefined {
  if (items.length === 0) {
    return undefined;
  }
  const json = `[${items.map((item) => stringifySafe(item)).join(',')}]`;
  return capture(json, utf8Bytes(json), maxBytes);
}

/** Objects and arrays may be kept up to the retainable allowance, so that they can be retained whole. */
function captureValue(value: unknown, maxBytes: number, retainableBytes: number): Captured {
  const json = stringifySafe(value);
  return capture(json, utf8Bytes(json), isStructured(json) ? Math.max(maxBytes, retainableBytes) : maxBytes);
}

function isStructured(json: string): boolean {
  return json.startsWith('{') || json.startsWith('[');
}

/** Later legs' items join the cumulative array; once it is a prefix, they only add to its size. */
function appendLeg(ledger: CodeModeOutputLedger, leg: Captured | undefined, count: number, maxBytes: number): CodeModeOutputLedger {
  if (!leg) {
    return ledger;
  }
  if (ledger.count === 0) {
    return { ...ledger, count, source: leg };
  }
  const previous = ledger.source;
  const json = previous.complete ? `${previous.json.slice(0, -1)},${leg.json.slice(1)}` : previous.json;
  return { ...ledger, count: ledger.count + count, source: capture(json, previous.bytes + leg.bytes - 1, maxBytes) };
}

// ---- markers ----

interface TruncationMarker {
  truncated: true;
  omittedBytes: number;
  guidance: string;
  prefix: string;
}

interface RetainedMarker {
  truncated: true;
  reference: CodeModeResultReference;
  guidance: string;
}

/** A limit -> the marker whose JSON fits it, keeping the longest prefix of the source's JSON. */
function truncationMarker(source: Captured, maxBytes: number, guidance: string): (limit: number) => TruncationMarker {
  const marker: TruncationMarker = { truncated: true, omittedBytes: source.bytes, guidance, prefix: '' };
  const fixed = jsonBytes(marker) - 2 - String(source.bytes).length;
  const fit = jsonPrefixFitter(source.json, maxBytes, (prefixBytes) => fixed + String(source.bytes - prefixBytes).length);
  return (limit) => {
    const prefix = fit(limit);
    return { ...marker, omittedBytes: source.bytes - utf8Bytes(prefix), prefix };
  };
}

function errorFitter(error: string, maxBytes: number, suffix: string): (limit: number) => string {
  const suffixBytes = jsonBytes(suffix) - 2;
  const fit = jsonPrefixFitter(error, maxBytes, () => suffixBytes);
  return (limit) => `${fit(limit)}${suffix}`;
}

/** The worker's bound on an error, before the host shares the budget out. */
function boundError(error: string, maxBytes: number, suffix: string): string {
  return jsonBytes(error) <= maxBytes ? error : errorFitter(error, maxBytes, suffix)(maxBytes);
}

function ordered(reference: CodeModeResultReference): CodeModeResultReference {
  const { id, bytes, count, shape, preview, previewTruncated } = reference;
  return { id, bytes, count, shape, preview, previewTruncated };
}

/** Identity (id, bytes, count) stays whole; a third of what is left goes to the shape, the rest to the preview. */
function fitReference(reference: CodeModeResultReference, maxBytes: number): CodeModeResultReference | undefined {
  if (jsonBytes(reference) <= maxBytes) {
    return reference;
  }
  const minimal = { ...reference, shape: '', preview: '', previewTruncated: true };
  const remaining = maxBytes - jsonBytes(minimal);
  if (remaining < 0) {
    return undefined;
  }
  const shapeBytes = 2 + Math.floor(remaining / 3);
  const shape = jsonPrefixFitter(reference.shape, shapeBytes, () => 0)(shapeBytes);
  const previewBytes = 2 + remaining - (jsonBytes(shape) - 2);
  const preview = jsonPrefixFitter(reference.preview, previewBytes, () => 0)(previewBytes);
  return { ...minimal, shape, preview };
}

function retainedMarker(reference: CodeModeResultReference, maxBytes: number, texts: CodeModeOutputTexts): RetainedMarker | undefined {
  // The marker's own fields, charged as if `reference` were the empty object it will replace.
  const frame = jsonBytes({ truncated: true, reference: null, guidance: texts.retainedGuidance }) - 4;
  const fitted = fitReference(reference, maxBytes - frame);
  return fitted ? { truncated: true, reference: fitted, guidance: texts.retainedGuidance } : undefined;
}

// ---- the projection ----

interface ProjectionParams {
  value?: Captured;
  error?: string;
  reference?: CodeModeResultReference;
  valueGuidance?: string;
}

interface Projection {
  receipt: Receipt;
  valueTruncated: boolean;
  referenceUsed: boolean;
  channels: CodeModeBoundChannels;
}

/**
 * A budget -> the channels within it. The error is served first but takes at
 * most half the budget when output or value compete; the value is reserved
 * half of what is left (or the smallest reference marker when one is to be
 * shown and the output can still be summarized beside it); output takes the
 * rest and the value whatever output left over.
 */
function projector(ledger: CodeModeOutputLedger, params: ProjectionParams, maxOutputBytes: number, texts: CodeModeOutputTexts): (budget: number) => Projection {
  const { count, source } = ledger;
  const { value, error: fullError, reference } = params;
  const outputBytes = count === 0 ? 0 : source.bytes;
  const valueBytes = reference ? jsonBytes({ truncated: true, reference, guidance: texts.retainedGuidance }) : value === undefined ? 0 : value.bytes;
  const minimumReference = reference ? retainedMarker({ ...reference, shape: '', preview: '', previewTruncated: true }, Infinity, texts) : undefined;
  const referenceBytes = minimumReference ? jsonBytes(minimumReference) : 0;
  const minimumOutputBytes = reference ? Math.min(outputBytes, jsonBytes([truncationMarker(source, maxOutputBytes, texts.truncationGuidance)(0)])) : 0;
  const errorBytes = fullError === undefined ? 0 : jsonBytes(fullError);
  let wholeOutput: unknown[] | undefined;
  let wholeValue: { value: unknown } | undefined;
  let outputMarker: ((limit: number) => TruncationMarker) | undefined;
  let valueMarker: ((limit: number) => TruncationMarker) | undefined;
  let fitError: ((limit: number) => string) | undefined;
  return (budget) => {
    const errorAllowance = budget - Math.min(outputBytes + valueBytes, Math.floor(budget / 2));
    const error = fullError === undefined || errorBytes <= errorAllowance ? fullError : (fitError ??= errorFitter(fullError, maxOutputBytes, texts.errorSuffix))(errorAllowance);
    const remaining = budget - (error === fullError ? errorBytes : jsonBytes(error));
    const valueReservation = Math.max(Math.floor(remaining / 2), remaining >= referenceBytes + minimumOutputBytes ? referenceBytes : 0);
    const outputAllowance = remaining - Math.min(valueBytes, valueReservation);
    let output: unknown[];
    let charged: number;
    let receipt: Receipt;
    if (outputBytes <= outputAllowance) {
      output = wholeOutput ??= JSON.parse(source.json) as unknown[];
      charged = outputBytes;
      receipt = { kind: 'entries', count };
    } else {
      // The array's brackets are charged outside the marker.
      const marker = (outputMarker ??= truncationMarker(source, maxOutputBytes, texts.truncationGuidance))(outputAllowance - 2);
      output = [marker];
      charged = jsonBytes(output);
      receipt = { kind: 'summary', originalBytes: outputBytes, prefixBytes: utf8Bytes(marker.prefix) };
    }
    const valueAllowance = remaining - charged;
    const saved = reference ? retainedMarker(reference, valueAllowance, texts) : undefined;
    const channels: CodeModeBoundChannels = { output };
    if (value !== undefined) {
      if (saved) {
        channels.value = saved;
      } else if (!reference && value.complete && valueBytes <= valueAllowance) {
        channels.value = (wholeValue ??= { value: JSON.parse(value.json) as unknown }).value;
      } else {
        channels.value = (valueMarker ??= truncationMarker(value, maxOutputBytes, params.valueGuidance ?? texts.truncationGuidance))(valueAllowance);
      }
    }
    if (error !== undefined) {
      channels.error = error;
    }
    return {
      receipt,
      valueTruncated: value !== undefined && (reference !== undefined || !value.complete || valueBytes > valueAllowance),
      referenceUsed: saved !== undefined,
      channels,
    };
  };
}

/** The projection at the full budget, or at the largest smaller one the model can take. */
function fitProjection(ledger: CodeModeOutputLedger, params: ProjectionParams, input: CodeModeLegInput): Projection | undefined {
  const project = projector(ledger, params, input.maxOutputBytes, input.texts);
  const full = project(input.maxOutputBytes);
  const { fits } = input;
  if (!fits || fits(full.channels)) {
    return full;
  }
  let low = 0;
  let high = input.maxOutputBytes - 1;
  let best: Projection | undefined;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const candidate = project(middle);
    if (fits(candidate.channels)) {
      best = candidate;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return best;
}

/**
 * One leg (the exec, or a wait) of a program: the channels to put in its
 * result, and the ledger to pass to the program's next leg.
 */
export function boundCodeModeLeg(input: CodeModeLegInput): CodeModeLegResult {
  const { maxOutputBytes, texts, final } = input;
  const prior = input.state ?? EMPTY_CODE_MODE_OUTPUT_LEDGER;
  const ledger = appendLeg(prior, captureOutput(input.output, maxOutputBytes), input.output.length, maxOutputBytes);
  const params: ProjectionParams = {};
  let finalValue: unknown;
  if (final && 'value' in final) {
    finalValue = final.value;
    params.value = captureValue(final.value, maxOutputBytes, input.retainableBytes ?? maxOutputBytes);
  } else if (final) {
    params.error = boundError(final.error, maxOutputBytes, texts.errorSuffix);
  }
  const original = fitProjection(ledger, params, input);
  if (!original) {
    throw new Error('Model tool-result budget cannot fit Code Mode status; use a larger model context.');
  }
  let projection = original;
  const withoutRetention = (guidance: string): Projection =>
    fitProjection(ledger, { ...params, valueGuidance: guidance }, input) ?? fitProjection(ledger, { ...params, valueGuidance: texts.notRetainedGuidance }, input) ?? original;
  const value = params.value;
  if (input.retain && value && projection.valueTruncated && isStructured(value.json)) {
    const kept = input.retain({ value: finalValue, json: value.json, complete: value.complete });
    if ('reference' in kept) {
      const retained = fitProjection(ledger, { ...params, reference: ordered(kept.reference) }, input);
      if (retained?.referenceUsed) {
        projection = retained;
      } else {
        kept.release?.();
        projection = withoutRetention(texts.referenceOverBudgetGuidance);
      }
    } else {
      projection = withoutRetention(kept.reason);
    }
  }
  const { channels, receipt } = projection;
  const delivered = prior.delivered;
  // Items already shown are not shown again; an unchanged summary is not repeated.
  const output =
    receipt.kind === 'entries'
      ? channels.output.slice(delivered.kind === 'entries' ? delivered.count : 0)
      : delivered.kind === 'summary' && delivered.originalBytes === receipt.originalBytes && delivered.prefixBytes === receipt.prefixBytes
        ? []
        : channels.output;
  return { ...channels, output, state: { ...ledger, delivered: receipt } };
}

// ---- the texts, read from the release ----

const JSON_STRING = String.raw`("(?:[^"\\]|\\.)*")`;

const TEXT_PATTERNS: Record<keyof CodeModeOutputTexts, RegExp> = {
  truncationGuidance: new RegExp(String.raw`\bconst TRUNCATION_GUIDANCE = ${JSON_STRING}`),
  retainedGuidance: new RegExp(String.raw`\bconst RETAINED_GUIDANCE = ${JSON_STRING}`),
  errorSuffix: new RegExp(String.raw`function createErrorFitter\([^)]*\)\s*\{\s*const suffix = ${JSON_STRING}`),
  notRetainedGuidance: new RegExp(String.raw`valueGuidance: ${JSON_STRING}\s*\}\)\s*\?\?\s*original`),
  referenceOverBudgetGuidance: new RegExp(String.raw`fitNonRetention\(${JSON_STRING}\)`),
};

/** The texts as the release's `code-mode-json` chunk defines them; throws naming any it cannot find. */
export function extractCodeModeOutputTexts(chunkSource: string): CodeModeOutputTexts {
  const found: Partial<CodeModeOutputTexts> = {};
  const missing: string[] = [];
  for (const [name, pattern] of Object.entries(TEXT_PATTERNS) as [keyof CodeModeOutputTexts, RegExp][]) {
    const match = pattern.exec(chunkSource);
    if (match?.[1] === undefined) {
      missing.push(name);
    } else {
      found[name] = JSON.parse(match[1]) as string;
    }
  }
  if (missing.length > 0) {
    throw new Error(`Code Mode output texts not found in the chunk: ${missing.join(', ')}`);
  }
  return found as CodeModeOutputTexts;
}
