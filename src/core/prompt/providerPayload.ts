import { factAtOrBefore } from '../util/releaseOrder';
import facts from './providerPayload.json';

/**
 * What a bundled provider plugin adds to the request payload, beyond the
 * prompt templates (issue 40): the Ollama plugin's `options.num_ctx` on its
 * OpenAI-compatible route (`createConfiguredOllamaCompatStreamWrapper`). The
 * release's facts (whether it injects, `params.num_ctx`, the fields it falls
 * back through and the last default) are generated from each package
 * (scripts/extract-openclaw-provider-payload.mjs, `providerPayload.json`);
 * the route test is OpenClaw's `isOllamaCompatProvider` and
 * `shouldInjectOllamaCompatNumCtx` as 2026.4.8-2026.9.6 write them.
 */

interface NumCtxFacts {
  paramsNumCtx: boolean;
  fields: string[];
  fallback: number;
}

const RELEASES = (facts as { releases: Record<string, { ollamaNumCtx: NumCtxFacts | null }> }).releases;

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

const OLLAMA_PORT = '11434';

function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\./.test(h);
}

/** OpenClaw's `isOllamaCompatProvider`: the provider id, else a loopback or Ollama-named endpoint on Ollama's port. */
function isOllamaCompat(providerId: string, baseUrl: string | undefined): boolean {
  const id = providerId.trim().toLowerCase();
  if (id === 'ollama') {
    return true;
  }
  if (baseUrl === undefined) {
    return false;
  }
  try {
    const u = new URL(baseUrl);
    if (isLoopback(u.hostname) && u.port === OLLAMA_PORT) {
      return true;
    }
    return id.includes('ollama') && u.port === OLLAMA_PORT && (u.pathname === '/' || /^\/v1\/?$/i.test(u.pathname));
  } catch {
    return false;
  }
}

/**
 * The options OpenClaw's provider plugins add to the payload of a run on
 * `provider/model` of `config` (undefined: none), for the modelled release.
 */
export function providerPayloadOptions(config: unknown, provider: string, model: string, version: string): Json | undefined {
  const f = factAtOrBefore(RELEASES, version)?.ollamaNumCtx;
  if (!f || !isObject(config) || !isObject(config.models) || !isObject(config.models.providers)) {
    return undefined;
  }
  const entry = config.models.providers[provider];
  if (!isObject(entry)) {
    return undefined;
  }
  const listed = Array.isArray(entry.models) ? entry.models.find((m) => isObject(m) && m.id === model) : undefined;
  const m: Json = isObject(listed) ? listed : {};
  const api = typeof m.api === 'string' ? m.api : typeof entry.api === 'string' ? entry.api : undefined;
  const baseUrl = typeof m.baseUrl === 'string' ? m.baseUrl : typeof entry.baseUrl === 'string' ? entry.baseUrl : undefined;
  if (api !== 'openai-completions' || !isOllamaCompat(provider, baseUrl) || entry.injectNumCtxForOpenAICompat === false) {
    return undefined;
  }
  const configured = f.paramsNumCtx && isObject(m.params) ? m.params.num_ctx : undefined;
  if (typeof configured === 'number' && Number.isFinite(configured) && configured > 0) {
    return { num_ctx: Math.floor(configured) };
  }
  const first = f.fields.map((k) => m[k]).find((v) => v !== undefined && v !== null);
  return { num_ctx: Math.max(1, Math.floor(typeof first === 'number' ? first : f.fallback)) };
}
