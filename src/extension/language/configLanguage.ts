import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TermKind } from '../../core/authoring/catalogTerms';
import type { ConfigCompletion, EntryDiagnostic } from '../../core/authoring/configAssist';
import type { OutlineNode } from '../../core/authoring/json5Outline';
import type { Catalog } from '../../core/catalog/catalog';
import type { CatalogRoots } from '../catalogRoots';
import type { CatalogState, FolderCatalog } from '../catalogService';
import { loadCore } from '../coreLoader';
import type { Logger } from '../logger';
import { debounce } from '../watchers';
import { entryDiagnosticMessage, hoverMarkdown, termDetail } from './configLanguageText';
import { errorMessage } from '../../core/util/errors';

/** The language id of OpenClaw config files (package.json `contributes.languages`). */
export const CONFIG_LANGUAGE = 'openclaw-json5';
const SELECTOR: vscode.DocumentSelector = [{ language: CONFIG_LANGUAGE }];
const DIAGNOSTIC_SOURCE = 'Tool Search Inspector';
/** The code of an entry that selects nothing; its quick fixes replace it with a suggestion. */
const ENTRY_CODE = 'entry-selects-nothing';

const TERM_KINDS: Record<TermKind, vscode.CompletionItemKind> = {
  tool: vscode.CompletionItemKind.Function,
  group: vscode.CompletionItemKind.Module,
  'source-group': vscode.CompletionItemKind.Module,
  plugin: vscode.CompletionItemKind.Class,
  server: vscode.CompletionItemKind.Interface,
  wildcard: vscode.CompletionItemKind.Constant,
};

const SYMBOL_KINDS: Record<OutlineNode['kind'], vscode.SymbolKind> = {
  object: vscode.SymbolKind.Module,
  array: vscode.SymbolKind.Array,
  string: vscode.SymbolKind.String,
  number: vscode.SymbolKind.Number,
  boolean: vscode.SymbolKind.Boolean,
  null: vscode.SymbolKind.Null,
  other: vscode.SymbolKind.Variable,
};

/** Whatever catalog a state holds: a ready one, or (once states keep it) the last good one. */
function catalogOf(state: CatalogState): Catalog | undefined {
  return 'catalog' in state ? state.catalog : undefined;
}

/**
 * Completions, hovers and diagnostics for OpenClaw config files, computed by
 * core (`core/authoring`) against the folder's current catalog. The language
 * itself (grammar, comments, brackets) is declared in package.json; features
 * apply to the config files OpenClaw reads (`openclaw.json`, the
 * `configPath` setting), not to every JSON5 file in `.openclaw/`.
 */
export class ConfigLanguageFeatures implements vscode.Disposable {
  private readonly diagnostics = vscode.languages.createDiagnosticCollection('openclawConfig');
  private readonly published = new Map<string, EntryDiagnostic[]>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly roots: CatalogRoots,
    private readonly logger: Logger,
  ) {
    const refresh = debounce(() => void this.publishAll(), 300);
    this.disposables.push(
      this.diagnostics,
      refresh,
      vscode.languages.registerCompletionItemProvider(SELECTOR, { provideCompletionItems: (d, p, t) => this.complete(d, p, t) }, '"', "'"),
      vscode.languages.registerHoverProvider(SELECTOR, { provideHover: (d, p, t) => this.hover(d, p, t) }),
      // Outline, breadcrumbs and folding: what the file had while it was read as JSON, for every JSON5 file of the language.
      vscode.languages.registerDocumentSymbolProvider(SELECTOR, { provideDocumentSymbols: (d) => this.symbols(d) }),
      vscode.languages.registerFoldingRangeProvider(SELECTOR, { provideFoldingRanges: (d) => this.folds(d) }),
      vscode.languages.registerCodeActionsProvider(SELECTOR, { provideCodeActions: (d, r, c) => this.quickFixes(d, r, c) }, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }),
      vscode.workspace.onDidOpenTextDocument((d) => this.isConfig(d) && refresh.trigger()),
      vscode.workspace.onDidChangeTextDocument((e) => this.isConfig(e.document) && refresh.trigger()),
      vscode.workspace.onDidCloseTextDocument((d) => {
        this.diagnostics.delete(d.uri);
        this.published.delete(d.uri.toString());
      }),
      roots.onDidChange(() => refresh.trigger()),
    );
    refresh.trigger();
  }

  private rootFor(doc: vscode.TextDocument): FolderCatalog | undefined {
    return this.roots.rootOf(vscode.workspace.getWorkspaceFolder(doc.uri)) ?? this.roots.active();
  }

  /** A config OpenClaw reads: `openclaw.json` anywhere, or the file the `configPath` setting names. */
  isConfig(doc: vscode.TextDocument): boolean {
    if (doc.languageId !== CONFIG_LANGUAGE || doc.uri.scheme !== 'file') {
      return false;
    }
    if (path.basename(doc.uri.fsPath) === 'openclaw.json') {
      return true;
    }
    const folder = vscode.workspace.getWorkspaceFolder(doc.uri);
    // The settings the roots last read: a keystroke reads none.
    const configured = folder ? this.roots.settingsOf(folder).configPath : undefined;
    return configured !== undefined && path.resolve(configured) === path.resolve(doc.uri.fsPath);
  }

  /** The catalog for a request the user made: built now if nobody asked for it yet. */
  private async catalogFor(doc: vscode.TextDocument): Promise<Catalog | undefined> {
    const root = this.rootFor(doc);
    if (!root) {
      return undefined;
    }
    try {
      return catalogOf(await root.getState());
    } catch (err) {
      this.logger.warn(`config language: no catalog for ${doc.uri.fsPath}: ${errorMessage(err)}`);
      return undefined;
    }
  }

  private async complete(doc: vscode.TextDocument, pos: vscode.Position, token: vscode.CancellationToken): Promise<vscode.CompletionItem[] | undefined> {
    if (!this.isConfig(doc)) {
      return undefined;
    }
    const core = await loadCore();
    const text = doc.getText();
    const offset = doc.offsetAt(pos);
    // Keys and literals need no catalog; only list entries wait for one.
    const shape = core.completionsAt(text, offset, undefined);
    const catalog = shape.list !== undefined || shape.items.length === 0 ? await this.catalogFor(doc) : undefined;
    if (token.isCancellationRequested) {
      return undefined;
    }
    const result = catalog ? core.completionsAt(text, offset, core.authoringCatalogOf(catalog)) : shape;
    const range = result.replace ? new vscode.Range(doc.positionAt(result.replace.start), doc.positionAt(result.replace.end)) : undefined;
    return result.items.map((item, i) => this.completionItem(item, i, range, result.inString));
  }

  private completionItem(item: ConfigCompletion, order: number, range: vscode.Range | undefined, inString: boolean): vscode.CompletionItem {
    const quoteIfNeeded = (s: string) => (inString ? s : JSON.stringify(s));
    let ci: vscode.CompletionItem;
    switch (item.kind) {
      case 'key': {
        ci = new vscode.CompletionItem(item.key.key, vscode.CompletionItemKind.Property);
        ci.detail = item.key.valueType;
        ci.insertText = inString || /^[A-Za-z_$][\w$]*$/.test(item.key.key) ? item.key.key : JSON.stringify(item.key.key);
        break;
      }
      case 'value': {
        const v = item.value.value;
        ci = new vscode.CompletionItem(typeof v === 'string' ? v : String(v), vscode.CompletionItemKind.EnumMember);
        ci.insertText = typeof v === 'string' ? quoteIfNeeded(v) : String(v);
        break;
      }
      case 'term': {
        const t = item.term;
        ci = new vscode.CompletionItem(t.text, TERM_KINDS[t.kind]);
        ci.detail = termDetail(t);
        if (t.description) {
          ci.documentation = t.description;
        }
        ci.insertText = quoteIfNeeded(t.text);
        break;
      }
    }
    // Keep core's order (tools, groups, plugins, servers) rather than the alphabet.
    ci.sortText = String(order).padStart(5, '0');
    if (range) {
      ci.range = range;
    }
    return ci;
  }

  private async hover(doc: vscode.TextDocument, pos: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    if (!this.isConfig(doc)) {
      return undefined;
    }
    const core = await loadCore();
    const catalog = await this.catalogFor(doc);
    if (token.isCancellationRequested) {
      return undefined;
    }
    const cat = catalog ? core.authoringCatalogOf(catalog) : undefined;
    const h = core.hoverAt(doc.uri.fsPath, doc.getText(), doc.offsetAt(pos), cat, core.authoringModelOf(cat));
    if (!h) {
      return undefined;
    }
    const md = new vscode.MarkdownString(hoverMarkdown(h, catalog?.settings));
    return new vscode.Hover(md, new vscode.Range(doc.positionAt(h.span.start), doc.positionAt(h.span.end)));
  }

  private async symbols(doc: vscode.TextDocument): Promise<vscode.DocumentSymbol[]> {
    const core = await loadCore();
    const toSymbol = (n: OutlineNode): vscode.DocumentSymbol => {
      const range = new vscode.Range(doc.positionAt(n.start), doc.positionAt(n.end));
      const selection = new vscode.Range(doc.positionAt(n.nameStart), doc.positionAt(n.nameEnd));
      const s = new vscode.DocumentSymbol(n.name, n.detail ?? '', SYMBOL_KINDS[n.kind], range, range.contains(selection) ? selection : range);
      s.children = n.children.map(toSymbol);
      return s;
    };
    return core.outlineJson5(doc.getText()).map(toSymbol);
  }

  private async folds(doc: vscode.TextDocument): Promise<vscode.FoldingRange[]> {
    const core = await loadCore();
    const out: vscode.FoldingRange[] = [];
    for (const f of core.foldSpans(doc.getText())) {
      const start = doc.positionAt(f.start).line;
      // A container folds up to the line before its closing bracket, so the bracket stays visible.
      const end = f.kind === 'region' ? doc.positionAt(Math.max(f.start, f.end - 1)).line - 1 : doc.positionAt(f.end).line;
      if (end > start) {
        out.push(new vscode.FoldingRange(start, end, f.kind === 'comment' ? vscode.FoldingRangeKind.Comment : undefined));
      }
    }
    return out;
  }

  /** Diagnostics of every open config whose folder has a catalog; never builds one. */
  private async publishAll(): Promise<void> {
    const docs = vscode.workspace.textDocuments.filter((d) => this.isConfig(d));
    if (docs.length === 0) {
      return;
    }
    const core = await loadCore();
    for (const doc of docs) {
      const state = this.rootFor(doc)?.state;
      const catalog = state ? catalogOf(state) : undefined;
      if (!catalog) {
        continue;
      }
      const cat = core.authoringCatalogOf(catalog);
      const found = core.entryDiagnostics(doc.getText(), cat);
      this.published.set(doc.uri.toString(), found);
      this.diagnostics.set(
        doc.uri,
        found.map((d) => {
          const item = new vscode.Diagnostic(
            new vscode.Range(doc.positionAt(d.span.start), doc.positionAt(d.span.end)),
            entryDiagnosticMessage(d, cat.model.version),
            d.severity === 'warning' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Information,
          );
          item.source = DIAGNOSTIC_SOURCE;
          item.code = ENTRY_CODE;
          return item;
        }),
      );
    }
  }

  /** "Replace with ..." for each did-you-mean of an entry that selects nothing. */
  private quickFixes(doc: vscode.TextDocument, _range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const found = this.published.get(doc.uri.toString()) ?? [];
    const actions: vscode.CodeAction[] = [];
    for (const diag of context.diagnostics) {
      if (diag.source !== DIAGNOSTIC_SOURCE || diag.code !== ENTRY_CODE) {
        continue;
      }
      const entry = found.find((d) => doc.positionAt(d.span.start).isEqual(diag.range.start) && doc.getText(diag.range) === d.entry);
      for (const s of entry?.suggestions ?? []) {
        const action = new vscode.CodeAction(`Replace with "${s}"`, vscode.CodeActionKind.QuickFix);
        action.edit = new vscode.WorkspaceEdit();
        action.edit.replace(doc.uri, diag.range, s);
        action.diagnostics = [diag];
        action.isPreferred = s === entry?.suggestions[0];
        actions.push(action);
      }
    }
    return actions;
  }

  dispose(): void {
    this.disposables.forEach((d) => d.dispose());
    this.published.clear();
  }
}

export function registerConfigLanguage(roots: CatalogRoots, logger: Logger): vscode.Disposable {
  return new ConfigLanguageFeatures(roots, logger);
}
