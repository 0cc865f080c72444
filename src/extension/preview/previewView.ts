// Pure: turns the core preview assembly into what the Mode Preview panel draws.
// No `vscode` here, so it is unit-tested like core.
import * as path from 'node:path';
import { inspectorOnlyText } from '../../core/catalog/inspectorOnly';
import type { Catalog } from '../../core/catalog/catalog';
import { ALL_MODES, previewDeltas, type PreviewAssembly, type PreviewJson } from '../../core/modes/preview';
import { promptEffect } from '../../core/modes/promptEffect';
import type { CheckedAgainst, DirectoryLine, DirectoryView, ModeTokensView, ModeView, PreviewView } from '../../webview/shared/previewProtocol';

/** Schemas listed per mode; the counts cover all of them. */
export const MAX_SCHEMAS = 300;

function countWhy(p: PreviewJson): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of p.visible) {
    out[v.why] = (out[v.why] ?? 0) + 1;
  }
  return out;
}

function tokensOf(p: PreviewJson): ModeView['tokens'] {
  const t = p.split?.tokens;
  return t && p.tokens ? { ...t, total: p.tokens.total } : undefined;
}

function modeView(p: PreviewJson, pending: boolean): ModeView {
  const b = p.split?.bytes ?? { tools: p.bytes.tools, system: 0, messages: 0, framing: p.bytes.total - p.bytes.tools };
  const tokens = tokensOf(p);
  return {
    mode: p.mode,
    effectiveMode: p.effectiveMode,
    ...(p.fallbackReason ? { fallbackReason: p.fallbackReason } : {}),
    ...(p.notInRelease ? { notInRelease: p.notInRelease } : {}),
    bytes: { ...b, total: p.bytes.total },
    ...(tokens ? { tokens } : {}),
    ...(pending && !tokens ? { tokensPending: true } : {}),
    windows: p.windows ?? [],
    schemaCount: p.visible.length,
    whyCounts: countWhy(p),
    schemas: p.visible.slice(0, MAX_SCHEMAS).map((v) => ({ name: v.name, why: v.why, ...(v.id ? { id: v.id } : {}) })),
    deferred: p.deferredCount,
    ...(p.openclaw
      ? {
          openclaw: {
            version: p.openclaw.version,
            bytes: p.openclaw.bytes,
            systemPromptChars: p.openclaw.systemPromptChars,
            tools: Array.isArray(p.openclaw.request.tools) ? p.openclaw.request.tools.length : 0,
            ...(p.openclaw.inspectorOnly ? { inspectorOnly: { tools: p.openclaw.inspectorOnly.length, text: inspectorOnlyText(p.openclaw.inspectorOnly) } } : {}),
          },
        }
      : p.openclawUnavailable
        ? { openclawUnavailable: p.openclawUnavailable }
        : {}),
  };
}

const ROW = /^- ([A-Za-z0-9][A-Za-z0-9_.:-]*)(?: \([^)]*\))?(?::|$)/;

/** The directory text line by line; rows whose description was shortened carry the description's own length. */
export function directoryLines(d: NonNullable<PreviewJson['directory']>, catalog: Catalog): DirectoryLine[] {
  const shortened = new Set(d.shortened);
  return d.text.split('\n').map((text) => {
    const m = ROW.exec(text);
    const tool = m?.[1];
    if (!tool) {
      return { text };
    }
    if (!shortened.has(tool)) {
      return { text, tool };
    }
    const t = catalog.withName(tool).find((c) => c.source === 'openclaw' && c.status === 'cataloged');
    const own = t ? t.description.replace(/\s+/g, ' ').trim().length : undefined;
    return { text, tool, ...(own !== undefined ? { shortenedFrom: own } : {}) };
  });
}

function directoryView(p: PreviewJson | undefined, catalog: Catalog): DirectoryView | undefined {
  const d = p?.directory;
  if (!d) {
    return undefined;
  }
  return {
    lines: directoryLines(d, catalog),
    chars: d.chars,
    maxChars: d.maxChars,
    shown: d.shown,
    omitted: d.omitted,
    descriptionLimit: d.descriptionLimit,
    ...(d.reason ? { reason: d.reason } : {}),
    dropped: d.dropped,
    unlisted: d.unlisted.map((u) => ({ source: u.source, owner: u.owner, count: u.count, reason: u.reason })),
  };
}

export interface ViewContext {
  workspaceName: string;
  cause: string;
  /** The previous render's assembly, for the deltas. */
  previous?: PreviewAssembly;
  /** Which render this is (late tokens carry it back). */
  seq?: number;
  /** The modelled OpenClaw version and the panel's last capture's verdict. */
  checkedAgainst?: CheckedAgainst;
}

export function toPreviewView(a: PreviewAssembly, catalog: Catalog, ctx: ViewContext): PreviewView {
  const modes = ALL_MODES.flatMap((m) => a.modes[m] ?? []);
  const dir = a.modes.directory;
  return {
    workspaceName: ctx.workspaceName,
    configuredMode: a.configuredMode,
    ...(a.codeMode ? { codeMode: { engaged: a.codeMode.engaged, reason: a.codeMode.reason, ...(a.codeMode.line !== undefined ? { line: a.codeMode.line } : {}) } } : {}),
    catalogSize: catalog.size,
    prompt: a.prompt,
    modes: modes.map((p) => modeView(p, a.pendingTokens.includes(p.mode))),
    ...(dir ? { directory: directoryView(dir, catalog) } : {}),
    likely: dir?.likelyWhy ?? [],
    promptEffect: promptEffect(catalog),
    required: (dir?.required ?? []).map((v) => v.name),
    missingRequired: dir?.missingRequired ?? [],
    topTools: a.topTools.map((t) => ({ name: t.name, ...(t.id ? { id: t.id } : {}), bytes: t.bytes, ...(t.tokens !== undefined ? { tokens: t.tokens } : {}), located: t.id !== undefined && catalog.get(t.id)?.origin !== undefined })),
    ...(a.isolation ? { isolation: a.isolation } : {}),
    failedServers: a.failedServers,
    ...(ctx.previous ? { deltas: previewDeltas(ctx.previous, a) } : {}),
    cause: ctx.cause,
    assemblyMs: Math.round(a.timing.ms * 10) / 10,
    builtAt: catalog.builtAt,
    seq: ctx.seq ?? 0,
    ...(ctx.checkedAgainst ? { checkedAgainst: ctx.checkedAgainst } : {}),
    ...refusedView(catalog),
    ...runRefusedView(catalog),
    ...noToolsView(catalog),
  };
}

/** An agent its policy leaves no tool (OpenClaw runs it with none): said above the cards, whose sizes are then only the prompt's. */
function noToolsView(catalog: Catalog): Pick<PreviewView, 'noTools'> {
  const d = catalog.runRefusal ? undefined : catalog.diagnostics.find((x) => x.severity === 'warning' && x.message.startsWith("this agent's runs get no tool"));
  if (!d) {
    return {};
  }
  return { noTools: { message: d.message.replace(/^this/, 'This'), ...(d.file.includes('.') ? { file: path.basename(d.file) } : {}), ...(d.line !== undefined ? { line: d.line } : {}) } };
}

/** The release's refusal of this agent's runs (no tool left by explicit allowlists), for its banner. */
function runRefusedView(catalog: Catalog): Pick<PreviewView, 'runRefused'> {
  const r = catalog.runRefusal;
  if (!r) {
    return {};
  }
  const at = r.at;
  return {
    runRefused: {
      headline: r.headline,
      message: r.message,
      ...(at?.file !== undefined ? { file: path.basename(at.file) } : {}),
      ...(at?.line !== undefined ? { line: at.line } : {}),
    },
  };
}

/** The release's refusal of the config, for the banner above the cards. */
function refusedView(catalog: Catalog): Pick<PreviewView, 'refused'> {
  const v = catalog.verdict;
  if (!v?.refuses) {
    return {};
  }
  const d = catalog.diagnostics.find((x) => x.severity === 'error' && x.message.startsWith(v.headline));
  return {
    refused: {
      headline: v.headline,
      ...(d?.file !== undefined ? { file: d.file } : {}),
      keys: v.keys.map((k) => ({ path: k.path, ...(k.line !== undefined ? { line: k.line } : {}), fix: k.fix.action === 'none' ? k.fix.text : `openclaw doctor --fix: ${k.fix.text}` })),
    },
  };
}

/** The late tokens of one mode, once `countPending` counted them (undefined while they are still missing). */
export function modeTokensView(p: PreviewJson, seq: number, ms: number): ModeTokensView | undefined {
  const tokens = tokensOf(p);
  return tokens ? { mode: p.mode, seq, tokens, windows: p.windows ?? [], ms: Math.round(ms * 10) / 10 } : undefined;
}

/** The exact request of one mode, as the raw tab and the JSON document show it. */
export function rawRequestJson(p: PreviewJson): string {
  return JSON.stringify(p.request, null, 2);
}
