// Which provider the editor's comparison runs against, and where its key is
// kept. Pure (no vscode): the panel and the command share these rules.

/** The built-in mock provider (on loopback), or an OpenAI-compatible API at a base URL. */
export type ProviderChoice = { kind: 'mock' } | { kind: 'openai'; baseUrl: string };

export type ParsedBaseUrl = { ok: true; baseUrl: string } | { ok: false; problem: string };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Checks the `toolSearchInspector.compare.baseUrl` setting. A key is sent
 * with every request, so plain http is accepted for loopback only, and a URL
 * with credentials in it is refused (they would end up in logs).
 */
export function parseBaseUrl(raw: string | undefined): ParsedBaseUrl {
  const text = (raw ?? '').trim();
  if (text.length === 0) {
    return { ok: false, problem: 'no OpenAI-compatible base URL is set (setting toolSearchInspector.compare.baseUrl)' };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: `toolSearchInspector.compare.baseUrl is not a URL: "${text.slice(0, 200)}"` };
  }
  if (url.username || url.password) {
    return { ok: false, problem: 'toolSearchInspector.compare.baseUrl must not carry credentials; store the API key with "Tool Search: Set API Key for Compare"' };
  }
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname)) {
    return { ok: false, problem: `toolSearchInspector.compare.baseUrl must be https unless it is on this machine (got ${url.origin})` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, problem: `toolSearchInspector.compare.baseUrl must be an http(s) URL (got ${url.protocol})` };
  }
  // No query or fragment: the client appends paths such as /chat/completions.
  return { ok: true, baseUrl: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}

/**
 * The SecretStorage key of an API key: one per origin, so a key stored for
 * one provider is never sent to another one configured later.
 */
export function secretKeyFor(baseUrl: string): string {
  return `toolSearchInspector.compare.apiKey:${new URL(baseUrl).origin}`;
}

/** `text` with every occurrence of `secret` masked (error messages may echo a request). */
export function redactSecret(text: string, secret: string | undefined): string {
  if (!secret || secret.length < 4) {
    return text;
  }
  return text.split(secret).join('***');
}
