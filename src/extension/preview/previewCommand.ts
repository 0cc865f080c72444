import * as vscode from 'vscode';
import { ReadOnlyDocuments } from '../readOnlyDocuments';
import type { PreviewJson } from '../../core/modes/preview';
import type { ToolSearchModeName } from '../../core/types';
import type { CatalogService } from '../catalogService';
import { loadCore } from '../coreLoader';

export const PREVIEW_SCHEME = 'tool-search-preview';

type PreviewMode = ToolSearchModeName | 'all';
const MODES: readonly PreviewMode[] = ['code', 'tools', 'directory', 'direct', 'all'];

/** What the command returns: one mode's preview, or every mode's for `all`. */
export type PreviewResult = PreviewJson | { modes: Record<string, PreviewJson> };

/** Read-only documents holding previews. */
export class PreviewDocuments extends ReadOnlyDocuments {
  constructor() {
    super(PREVIEW_SCHEME);
  }

  set(name: string, text: string): vscode.Uri {
    return this.put(`${name}.jsonc`, text);
  }
}

function kb(n: number): string {
  return n >= 10240 ? `${(n / 1024).toFixed(0)} KiB` : `${n} B`;
}

function sizeLine(p: PreviewJson): string {
  const tokens = p.tokens ? `, ${p.tokens.total} tokens (tools ${p.tokens.tools})` : '';
  return `${p.mode}${p.effectiveMode !== p.mode ? ` -> ${p.effectiveMode}` : ''}: ${p.visibleTools.length} schemas, ${kb(p.bytes.total)} (tools ${kb(p.bytes.tools)})${tokens}`;
}

function headerLines(p: PreviewJson, unlistedLines: (d: NonNullable<PreviewJson['directory']>) => string[]): string[] {
  const out = [`// ${sizeLine(p)}; ${p.deferredCount} of ${p.catalogSize} tools behind Tool Search`];
  if (p.fallbackReason) {
    out.push(`// fallback: ${p.fallbackReason}`);
  }
  if (p.directory) {
    const d = p.directory;
    out.push(`// directory: ${d.shown} shown, ${d.omitted} omitted, ${d.chars}/${d.maxChars} chars${d.reason ? ` (${d.reason})` : ''}`);
    out.push(...unlistedLines(d).map((l) => `// ${l}`));
  }
  return out;
}

interface PreviewArg {
  mode: PreviewMode;
  prompt?: string;
}

function isPreviewArg(v: unknown): v is PreviewArg {
  return typeof v === 'object' && v !== null && MODES.includes((v as { mode?: unknown }).mode as PreviewMode);
}

async function ask(): Promise<PreviewArg | undefined> {
  const picked = await vscode.window.showQuickPick(
    MODES.map((m) => ({ label: m, description: m === 'all' ? 'every mode side by side' : undefined })),
    { title: 'Preview Model Payload: mode', placeHolder: 'Which mode should the preview show?' },
  );
  if (!picked) {
    return undefined;
  }
  const prompt = await vscode.window.showInputBox({ title: 'Preview Model Payload: user prompt (optional)', placeHolder: 'e.g. open a GitHub issue for the failing test' });
  return prompt === undefined ? undefined : { mode: picked.label as PreviewMode, prompt };
}

/**
 * Shows the exact provider request of a turn (what `preview --json` prints)
 * in a read-only document, sizes in its first lines and in the tab title.
 */
export async function previewPayloadCommand(service: CatalogService, docs: PreviewDocuments, arg?: unknown): Promise<PreviewResult | undefined> {
  const choice = isPreviewArg(arg) ? arg : await ask();
  if (!choice) {
    return undefined;
  }
  const { catalog, workspace, settings } = await service.getSession();
  const core = await loadCore();
  const modes: ToolSearchModeName[] = choice.mode === 'all' ? core.modesOf(catalog) : [choice.mode];
  // Code mode is only offered when an isolated child can really start: the same probe the bridge uses.
  const isolation = await core.isolationForModes(modes, { nodePath: settings.sandboxNodePath, env: process.env });
  // The same assembly `preview --json` prints (core `PreviewAssembler`).
  const base = core.previewBaseOf(catalog, workspace, { isolation });
  const assembly = new core.PreviewAssembler(base).assemble(choice.prompt ?? '', modes);
  const previews = modes.flatMap((m) => assembly.modes[m] ?? []);
  let result: PreviewResult;
  let text: string;
  let title: string;
  const [first] = previews;
  if (choice.mode !== 'all' && first) {
    result = first;
    text = [...headerLines(first, core.unlistedLines), JSON.stringify(first, null, 2)].join('\n');
    title = `Model Payload ${sizeLine(first).replace(/:/, ' —')}`;
  } else {
    const byMode = Object.fromEntries(previews.map((p) => [p.mode, p]));
    result = { modes: byMode };
    text = [...previews.map((p) => `// ${sizeLine(p)}${p.fallbackReason ? ` (fallback: ${p.fallbackReason})` : ''}`), JSON.stringify(result, null, 2)].join('\n');
    title = `Model Payload all modes — ${previews.map((p) => `${p.mode} ${kb(p.bytes.total)}`).join(', ')}`;
  }
  const uri = docs.set(title, text);
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(await vscode.languages.setTextDocumentLanguage(doc, 'jsonc'), { preview: true });
  return result;
}
