// Checks every panel protocol applies to what crosses between the extension
// host and a webview: neither side trusts the other's messages.

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

/** A whole number from 0 up, exact as a double: a sequence number, a line, a count. */
export function isWholeNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

/** The host messages every panel shares. */
export type StatusMessage = { type: 'loading' } | { type: 'error'; message: string };

/** `loading` and `error`, checked; undefined for any other type (or a malformed one). */
export function parseStatusMessage(m: Record<string, unknown>): StatusMessage | undefined {
  if (m.type === 'loading') {
    return { type: 'loading' };
  }
  if (m.type === 'error' && typeof m.message === 'string') {
    return { type: 'error', message: m.message };
  }
  return undefined;
}
