import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SearchTestFile, SearchTestResult } from '../../core/searchExplain/searchTests';
import type { CatalogRoots } from '../catalogRoots';
import type { CatalogService } from '../catalogService';
import { loadCore } from '../coreLoader';
import type { Logger } from '../logger';
import { FolderGuard } from '../../core/util/insideFolder';
import { TESTS_FILE_SEGMENTS } from '../panels/playgroundPanel';
import { readBoundedUri } from '../boundedRead';
import { READ_LIMITS } from '../../core/util/readLimits';

export const SEARCH_TESTS_CONTROLLER_ID = 'toolSearchInspector.searchTests';
const GLOB = `**/${TESTS_FILE_SEGMENTS.join('/')}`;

export interface SearchTestsDeps {
  roots: CatalogRoots;
  logger: Logger;
}

/** What the last run gave, per test item id: for the integration test and the extension API. */
export interface SearchTestOutcome {
  id: string;
  label: string;
  passed: boolean;
  message?: string;
}

/**
 * The workspace's search tests (`.openclaw/tool-search.tests.json`) in the
 * Testing view: one item per file, one child per query, at the query's line
 * (so the gutter runs it too). A run ranks with the folder's real catalog and
 * index; a failure says where the tool was found and why it was not higher.
 */
export class SearchTestsController implements vscode.Disposable {
  readonly controller: vscode.TestController;
  private readonly disposables: vscode.Disposable[] = [];
  /** Item id -> the test it stands for, with its file. */
  private readonly tests = new Map<string, { file: vscode.Uri; index: number }>();
  readonly lastRun: SearchTestOutcome[] = [];

  constructor(private readonly deps: SearchTestsDeps) {
    this.controller = vscode.tests.createTestController(SEARCH_TESTS_CONTROLLER_ID, 'Tool Search tests');
    this.controller.resolveHandler = async (item) => {
      if (!item) {
        await this.discover();
      } else if (item.uri) {
        await this.load(item.uri);
      }
    };
    this.controller.refreshHandler = () => this.discover();
    this.controller.createRunProfile('Run', vscode.TestRunProfileKind.Run, (request, token) => this.run(request, token), true);
    const watcher = vscode.workspace.createFileSystemWatcher(GLOB);
    this.disposables.push(
      this.controller,
      watcher,
      watcher.onDidCreate((uri) => void this.load(uri)),
      watcher.onDidChange((uri) => void this.load(uri)),
      watcher.onDidDelete((uri) => this.controller.items.delete(uri.toString())),
      // Edits show up before a save, so the items follow what the user types.
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (this.controller.items.get(e.document.uri.toString())) {
          void this.load(e.document.uri, e.document.getText());
        }
      }),
    );
  }

  /** Finds every tests file in the workspace. */
  async discover(): Promise<void> {
    const files = await vscode.workspace.findFiles(GLOB, '**/node_modules/**');
    for (const uri of files) {
      await this.load(uri);
    }
  }

  private async parse(uri: vscode.Uri, text?: string): Promise<SearchTestFile> {
    const core = await loadCore();
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    // An untrusted workspace's tests file is read only when it really lies inside its folder (not a symlink out).
    const refused = text === undefined && folder && uri.scheme === 'file' ? FolderGuard.of(folder.uri.fsPath, vscode.workspace.isTrusted).refusal(uri.fsPath) : undefined;
    if (refused) {
      throw new Error(refused.message);
    }
    const content = text ?? new TextDecoder().decode(await readBoundedUri(uri, READ_LIMITS.inputFileBytes));
    return core.parseSearchTests(uri.fsPath, content);
  }

  /** (Re)reads one file into its item and children. */
  async load(uri: vscode.Uri, text?: string): Promise<vscode.TestItem | undefined> {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    let parsed: SearchTestFile;
    try {
      parsed = await this.parse(uri, text);
    } catch (err) {
      this.deps.logger.warn(`search tests: cannot read ${uri.fsPath}: ${String(err)}`);
      return undefined;
    }
    const label = folder ? `${folder.name}: ${path.relative(folder.uri.fsPath, uri.fsPath)}` : uri.fsPath;
    const file = this.controller.createTestItem(uri.toString(), label, uri);
    file.canResolveChildren = false;
    const problem = parsed.diagnostics.find((d) => d.severity === 'error');
    file.error = problem ? `${problem.line !== undefined ? `line ${problem.line}: ` : ''}${problem.message}` : undefined;
    const children = parsed.tests.map((t, i) => {
      const id = `${uri.toString()}#${t.id}`;
      const item = this.controller.createTestItem(id, t.query, uri);
      item.description = `→ ${t.expected.join(', ')}${t.within !== undefined ? ` within ${t.within}` : ''}`;
      item.range = new vscode.Range(t.line - 1, 0, t.line - 1, 0);
      this.tests.set(id, { file: uri, index: i });
      return item;
    });
    file.children.replace(children);
    this.controller.items.add(file);
    return file;
  }

  private serviceFor(uri: vscode.Uri): CatalogService | undefined {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    return this.deps.roots.roots().find((r) => folder !== undefined && r.folder.uri.toString() === folder.uri.toString()) ?? this.deps.roots.roots()[0];
  }

  private async run(request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<void> {
    const run = this.controller.createTestRun(request);
    this.lastRun.length = 0;
    try {
      const leaves: vscode.TestItem[] = [];
      const collect = (item: vscode.TestItem): void => {
        if (request.exclude?.some((x) => x.id === item.id)) return;
        if (item.children.size === 0 && this.tests.has(item.id)) {
          leaves.push(item);
        } else {
          item.children.forEach(collect);
        }
      };
      if (request.include) {
        request.include.forEach(collect);
      } else {
        this.controller.items.forEach(collect);
      }
      // One catalog, explainer and parse per file.
      const byFile = new Map<string, vscode.TestItem[]>();
      for (const leaf of leaves) {
        const file = this.tests.get(leaf.id)?.file.toString() ?? '';
        byFile.set(file, [...(byFile.get(file) ?? []), leaf]);
        run.enqueued(leaf);
      }
      const core = await loadCore();
      for (const [fileKey, items] of byFile) {
        if (token.isCancellationRequested) break;
        const uri = vscode.Uri.parse(fileKey);
        const service = this.serviceFor(uri);
        const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === fileKey);
        const parsed = await this.parse(uri, open?.getText());
        if (!service) {
          for (const item of items) run.errored(item, new vscode.TestMessage('No catalog root for this folder: open a folder with an OpenClaw config.'));
          continue;
        }
        const catalog = await service.getCatalog();
        const explainer = core.RankExplainer.fromCatalog(catalog);
        for (const item of items) {
          if (token.isCancellationRequested) break;
          const test = parsed.tests.find((t) => `${fileKey}#${t.id}` === item.id);
          if (!test) {
            run.skipped(item);
            continue;
          }
          run.started(item);
          const t0 = performance.now();
          const result = core.runSearchTest(explainer, test);
          const ms = performance.now() - t0;
          this.report(run, item, result, ms);
        }
      }
    } catch (err) {
      this.deps.logger.warn(`search tests: run failed: ${String(err)}`);
      run.appendOutput(`Search tests failed to run: ${String(err)}\r\n`);
    } finally {
      run.end();
    }
  }

  private report(run: vscode.TestRun, item: vscode.TestItem, r: SearchTestResult, ms: number): void {
    const ranks = r.outcomes.map((o) => `${o.toolId ?? o.expected} #${o.rank ?? '–'}`).join(', ');
    run.appendOutput(`${r.passed ? 'PASS' : 'FAIL'} "${r.test.query}": ${ranks} (within ${r.within})\r\n`, undefined, item);
    this.lastRun.push({ id: item.id, label: item.label, passed: r.passed, ...(r.message ? { message: r.message } : {}) });
    if (r.passed) {
      run.passed(item, ms);
      return;
    }
    const message = new vscode.TestMessage(r.message ?? 'failed');
    if (item.uri && item.range) {
      message.location = new vscode.Location(item.uri, item.range);
    }
    run.failed(item, message, ms);
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}

/** Registers the controller; items are found when the Testing view asks (or a tests file appears). */
export function registerSearchTests(deps: SearchTestsDeps): { controller: SearchTestsController; disposables: vscode.Disposable[] } {
  const controller = new SearchTestsController(deps);
  return { controller, disposables: [controller] };
}
