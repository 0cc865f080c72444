import * as path from 'node:path';
import * as vscode from 'vscode';
import type { KeptStore } from './keptResult';
import type { SourceLocation } from '../core/types';
import type { CatalogRoots } from './catalogRoots';
import type { CatalogService } from './catalogService';
import { pickAgentCommand } from './agents/pickAgent';
import { explainToolCommand } from './explain/explainCommand';
import type { BridgeRunner } from './bridge/runSnippetCommand';
import { editorHost } from './host';
import type { Logger } from './logger';
import type { McpInputStore } from './mcpInputs';
import { PREVIEW_SCHEME, type PreviewDocuments, previewPayloadCommand } from './preview/previewCommand';
import { CatalogPanel } from './panels/catalogPanel';
import { installOpenClawForCapture } from './oracle/openclawInstalls';
import { VERIFY_SCHEME, VerifyDocuments, verifyAgainstOpenClawCommand } from './oracle/verifyCommand';
import { PreviewPanel } from './panels/previewPanel';
import { COMMANDS } from './commandIds';
import { applySuggestionCommand, copySuggestionCommand, SUGGEST_SCHEME, SuggestionDocuments, suggestDescriptionsCommand } from './learning/suggestCommand';

export { COMMANDS } from './commandIds';

export interface CommandDeps {
  extensionUri: vscode.Uri;
  /** The active catalog root: what commands act on. */
  service: CatalogService;
  roots: CatalogRoots;
  logger: Logger;
  /** Runs snippets for "Run Bridge Snippet" (owns the warm child). */
  bridge: BridgeRunner;
  /** Stored `${input:id}` values, and the prompt's memory of what it asked. */
  inputs: { store: McpInputStore; reset(): void };
  /** Read-only JSON documents of previews (the command's, and the Mode Preview panel's raw requests). */
  previewDocs: PreviewDocuments;
  /** Draws a tree row again once its action ran (its hover card would cover what the action showed). */
  redrawRow?: (arg: unknown) => void;
  /** Where Mode Preview keeps the folder's last capture (the extension's workspaceState). */
  kept?: KeptStore;
}

/** A location, and the URI of the catalog root it is relative to when the caller knows it. */
function locationFrom(arg: unknown): (SourceLocation & { folder?: string }) | undefined {
  if (!arg || typeof arg !== 'object') {
    return undefined;
  }
  const o = arg as { file?: unknown; location?: unknown; line?: unknown; column?: unknown; folder?: unknown };
  if (typeof o.file === 'string') {
    return {
      file: o.file,
      line: typeof o.line === 'number' ? o.line : undefined,
      column: typeof o.column === 'number' ? o.column : undefined,
      folder: typeof o.folder === 'string' ? o.folder : undefined,
    };
  }
  return o.location ? locationFrom(o.location) : undefined;
}

async function openLocation(service: CatalogService, arg: unknown): Promise<void> {
  const loc = locationFrom(arg);
  const folder = editorHost.folders().find((f) => f.uri.toString() === loc?.folder) ?? service.folder;
  if (!loc || !folder) {
    return;
  }
  // Core reports paths relative to the workspace where it can.
  const file = path.isAbsolute(loc.file) ? loc.file : path.join(folder.uri.fsPath, loc.file);
  const line = Math.max(0, (loc.line ?? 1) - 1);
  const col = Math.max(0, (loc.column ?? 1) - 1);
  await vscode.window.showTextDocument(vscode.Uri.file(file), { selection: new vscode.Range(line, col, line, col), preview: true });
}

/** Registers the commands; each one reports its failure with "Show Logs". */
export function registerCommands(deps: CommandDeps): vscode.Disposable[] {
  const previews = deps.previewDocs;
  const verifyDocs = new VerifyDocuments();
  const suggestionDocs = new SuggestionDocuments();
  const guarded = <A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>) => async (...args: A): Promise<R | undefined> => {
    try {
      return await fn(...args);
    } catch (err) {
      await deps.logger.showError(`${name} failed`, err);
      return undefined;
    }
  };
  return [
    vscode.commands.registerCommand(COMMANDS.refresh, guarded('Refresh', async () => {
      const s = await deps.service.refresh('command');
      return s.kind;
    })),
    vscode.commands.registerCommand(COMMANDS.explainTool, guarded('Explain Tool', async (arg?: unknown) => {
      const shown = await explainToolCommand(deps, arg);
      deps.redrawRow?.(arg);
      return shown;
    })),
    vscode.commands.registerCommand(COMMANDS.openCatalogPanel, guarded('Open Effective Catalog', (arg?: unknown) => {
      // From a root's node in the tree (or a test): that root's panel; else the active root's.
      const uri = arg && typeof arg === 'object' && typeof (arg as { folder?: unknown }).folder === 'string' ? (arg as { folder: string }).folder : undefined;
      CatalogPanel.createOrShow(deps, editorHost.folders().find((f) => f.uri.toString() === uri));
      return Promise.resolve(true);
    })),
    vscode.commands.registerCommand(COMMANDS.showLogs, () => deps.logger.channel.show()),
    vscode.commands.registerCommand(COMMANDS.pickAgent, guarded('Pick Agent', (arg?: unknown) => pickAgentCommand(deps.service, arg))),
    vscode.commands.registerCommand(COMMANDS.openLocation, guarded('Open Definition', (arg?: unknown) => openLocation(deps.service, arg))),
    vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, previews),
    vscode.commands.registerCommand(COMMANDS.runBridgeSnippet, guarded('Run Bridge Snippet', (arg?: unknown) => deps.bridge.command(arg))),
    vscode.commands.registerCommand(COMMANDS.previewPayload, guarded('Preview Model Payload', (arg?: unknown) => previewPayloadCommand(deps.service, previews, arg))),
    vscode.commands.registerCommand(COMMANDS.openModePreview, guarded('Open Mode Preview', () => {
      PreviewPanel.createOrShow({ ...deps, documents: previews });
      return Promise.resolve(true);
    })),
    // Opens Mode Preview and captures there; resolves to what the panel shows (for tests).
    vscode.commands.registerCommand(COMMANDS.captureRealRequest, guarded('Capture the Real Request', async () => {
      const panel = PreviewPanel.createOrShow({ ...deps, documents: previews });
      return (await panel.capture()).view;
    })),
    // The setting's version when it names one, else the pinned release; resolves to the install (for tests).
    vscode.commands.registerCommand(COMMANDS.installOpenClaw, guarded('Install OpenClaw for Capture', async () => {
      const { settings } = await deps.service.getSession();
      const spec = settings.oracleOpenclaw?.trim();
      return installOpenClawForCapture(deps.logger, spec && /^\d{4}\.\d+\.\d+(-[\w.]+)?$/.test(spec) ? spec : undefined);
    })),
    vscode.commands.registerCommand(COMMANDS.clearMcpInputs, guarded('Clear MCP Inputs', async () => {
      const n = await deps.inputs.store.clear(deps.service.folder);
      deps.inputs.reset();
      void vscode.window.showInformationMessage(n > 0 ? `Cleared ${n} stored MCP input${n === 1 ? '' : 's'}; servers that need them will ask again.` : 'No MCP inputs were stored for this workspace.');
      deps.service.invalidate('MCP inputs cleared');
      return n;
    })),
    verifyDocs,
    vscode.workspace.registerTextDocumentContentProvider(VERIFY_SCHEME, verifyDocs),
    vscode.commands.registerCommand(COMMANDS.verifyAgainstOpenClaw, guarded('Verify against OpenClaw', () => verifyAgainstOpenClawCommand(deps.service, verifyDocs, deps.extensionUri.fsPath))),
    suggestionDocs,
    vscode.workspace.registerTextDocumentContentProvider(SUGGEST_SCHEME, suggestionDocs),
    vscode.languages.registerCodeLensProvider({ scheme: SUGGEST_SCHEME }, suggestionDocs),
    vscode.commands.registerCommand(COMMANDS.suggestDescriptions, guarded('Suggest Descriptions from Sessions', (paths?: unknown) => suggestDescriptionsCommand(deps.service, suggestionDocs, paths))),
    vscode.commands.registerCommand(COMMANDS.applyDescriptionSuggestion, guarded('Apply Description Suggestion', (toolId?: unknown) => applySuggestionCommand(suggestionDocs, toolId))),
    vscode.commands.registerCommand(COMMANDS.copyDescriptionSuggestion, guarded('Copy Description Suggestion', (toolId?: unknown) => copySuggestionCommand(suggestionDocs, toolId))),
  ];
}
