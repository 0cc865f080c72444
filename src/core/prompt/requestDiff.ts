/**
 * A request body in the parts a comparison reports on, each as the exact
 * text compared (JSON in the body's own key order; the system prompt as
 * sent), and the first place two texts differ, with both sides.
 */

export type RequestPart = 'envelope' | 'messages' | 'system prompt' | 'tools';
export const REQUEST_PARTS: readonly RequestPart[] = ['envelope', 'messages', 'system prompt', 'tools'];

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function textOf(content: unknown): string {
  if (typeof content === 'string') {
    return content;
  }
  return JSON.stringify(content);
}

export function requestParts(body: unknown): Record<RequestPart, string> {
  const b = isObject(body) ? body : {};
  const messages = Array.isArray(b.messages) ? b.messages : [];
  const [first, ...rest] = messages;
  const system = isObject(first) && first.role === 'system' ? textOf(first.content) : '';
  const envelope = Object.fromEntries(Object.entries(b).filter(([k]) => k !== 'messages' && k !== 'tools'));
  return {
    // The key order is part of the bytes sent: the keys are listed in order.
    envelope: JSON.stringify({ keys: Object.keys(b), ...envelope }),
    messages: JSON.stringify(isObject(first) && first.role === 'system' ? [{ role: 'system', content: '(the system prompt part)' }, ...rest] : messages),
    'system prompt': system,
    tools: JSON.stringify(b.tools ?? null),
  };
}

const CONTEXT = 120;

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
    }
  }
  return line;
}

/** The index of the first character where `a` and `b` differ (the shorter one's length when one is the other's prefix). */
export function partingIndex(a: string, b: string): number {
  let i = 0;
  const n = Math.min(a.length, b.length);
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) {
    i++;
  }
  return i;
}

/** Where `real` and `predicted` first differ, with both sides around it; `undefined` when they are equal. */
export function firstDifference(real: string, predicted: string): string | undefined {
  if (real === predicted) {
    return undefined;
  }
  const i = partingIndex(real, predicted);
  const from = Math.max(0, i - CONTEXT);
  const show = (s: string): string => JSON.stringify(s.slice(from, i + CONTEXT));
  return [
    `first difference at character ${i} (line ${lineAt(real, i)}; real ${real.length} characters, predicted ${predicted.length})`,
    `  real:      ${show(real)}`,
    `  predicted: ${show(predicted)}`,
  ].join('\n');
}
