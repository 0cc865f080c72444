import type { SourceCounts } from '../catalog/catalog';
import { payloadBytes, payloadTokens, serializeRequest, tokenCount, utf8Bytes, type PayloadBytes, type PayloadTokens } from '../provider/payloadSize';
import { DEFAULT_PROVIDER_API, providerRequest, type ProviderApi, type ProviderRequest } from '../provider/requestShapes';
import type { ToolSearchModeName } from '../types';
import type { DirectoryCut, UnlistedGroup } from './directory';
import { buildSurface, type ClientToolConflict, type Surface, type SurfaceInput, type VisibleTool } from './surface';

export interface PreviewOptions extends SurfaceInput {
  api?: ProviderApi;
  model?: string;
  /** Count tokens (o200k_base). Off only where speed is measured apart from tokenizing. */
  tokens?: boolean;
  /** Per-tool bytes and tokens. */
  perTool?: boolean;
}

export interface ToolSize {
  name: string;
  bytes: number;
  tokens?: number;
}

/** The contract's `preview` JSON (fields may be added, never changed). */
export interface PreviewJson {
  mode: ToolSearchModeName;
  effectiveMode: ToolSearchModeName;
  fallbackReason?: string;
  api: ProviderApi;
  request: ProviderRequest;
  visibleTools: string[];
  visible: VisibleTool[];
  directory?: { text: string; shown: number; omitted: number; chars: number; maxChars: number; unlisted: UnlistedGroup[] } & DirectoryCut;
  likely?: VisibleTool[];
  required?: VisibleTool[];
  missingRequired?: string[];
  clientToolConflicts: ClientToolConflict[];
  bytes: PayloadBytes;
  tokens?: PayloadTokens;
  perTool?: ToolSize[];
  catalogSize: number;
  deferredCount: number;
  sources: SourceCounts;
}

/** The turn a provider would receive in one mode, with its sizes. */
export function buildPreview(opts: PreviewOptions): PreviewJson {
  const surface = buildSurface(opts);
  return previewOf(surface, opts);
}

export function previewOf(surface: Surface, opts: PreviewOptions): PreviewJson {
  const api = opts.api ?? DEFAULT_PROVIDER_API;
  const request = providerRequest(api, { model: opts.model, systemPrompt: surface.systemPrompt, userPrompt: opts.prompt ?? '', tools: surface.tools });
  const countTokens = opts.tokens !== false;
  const serialized = serializeRequest(request);
  const out: PreviewJson = {
    mode: surface.mode,
    effectiveMode: surface.effectiveMode,
    ...(surface.fallbackReason ? { fallbackReason: surface.fallbackReason } : {}),
    api,
    request,
    visibleTools: surface.visible.map((v) => v.name),
    visible: surface.visible,
    clientToolConflicts: surface.clientToolConflicts,
    bytes: payloadBytes(request, serialized),
    ...(countTokens ? { tokens: payloadTokens(request, serialized) } : {}),
    catalogSize: opts.catalog.size,
    deferredCount: surface.deferredCount,
    sources: opts.catalog.countBySource(),
  };
  if (surface.directory) {
    out.directory = surface.directory;
  }
  if (surface.likely) {
    out.likely = surface.likely;
  }
  if (surface.required) {
    out.required = surface.required;
  }
  if (surface.missingRequired) {
    out.missingRequired = surface.missingRequired;
  }
  if (opts.perTool) {
    const tools = (request.tools ?? []) as unknown[];
    out.perTool = tools.map((t, i) => {
      const text = JSON.stringify(t);
      return { name: surface.tools[i]?.name ?? String(i), bytes: utf8Bytes(text), ...(countTokens ? { tokens: tokenCount(text) } : {}) };
    });
  }
  return out;
}

export const ALL_MODES: readonly ToolSearchModeName[] = ['direct', 'code', 'tools', 'directory'];

/** Every mode's preview of the same turn, for side-by-side comparison. */
export function buildAllPreviews(opts: Omit<PreviewOptions, 'mode'>): Record<ToolSearchModeName, PreviewJson> {
  const out = {} as Record<ToolSearchModeName, PreviewJson>;
  for (const mode of ALL_MODES) {
    out[mode] = buildPreview({ ...opts, mode });
  }
  return out;
}
