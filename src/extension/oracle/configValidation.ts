import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OpenClawLocation } from '../../core/oracle/openclawLocation';
import type { ValidationFinding } from '../../core/oracle/validationFindings';
import type { CatalogRoots } from '../catalogRoots';
import type { FolderCatalog } from '../catalogService';
import { loadCore } from '../coreLoader';
import { editorHost, type EditorHost } from '../host';
import type { Logger } from '../logger';
import { configKeyOf } from '../keptResult';
import { readSettings } from '../settings';
import { locateForEditor } from './openclawInstalls';
import { errorMessage } from '../../core/util/errors';

/** Edits come in bursts while typing: validate once the config has been still this long. */
const SETTLE_MS = 1200;

interface FolderRun {
  timer?: ReturnType<typeof setTimeout>;
  abort?: AbortController;
  /** The config, release and OpenClaw last judged: a rebuild with nothing of them changed asks again for nothing. */
  judged?: string;
}

/**
 * OpenClaw's own verdict on the config in the editor (issue 41, part 2): after
 * each catalog built from a config that parses, the OpenClaw found for capture
 * runs `openclaw config validate` on the file where it is (core's
 * `validateWithOpenClaw`, scratch HOME and state, the network guard), the
 * previous run stopped if the config changed again. What it adds to the
 * inspector's verdict (`validationFindings`: keys only it refuses, a
 * disagreement) are errors in the Problems panel at their lines, its own
 * collection beside the catalog's. It runs OpenClaw's code: never in an
 * untrusted workspace, never with no OpenClaw found (the capture's Install
 * offer is where one comes from), never with `oracle.validateConfig` off.
 */
export function validateConfigsWithOpenClaw(roots: CatalogRoots, logger: Logger, extensionPath: string, host: Pick<EditorHost, 'isTrusted'> = editorHost): vscode.Disposable {
  return new ConfigValidation(roots, logger, extensionPath, host);
}

class ConfigValidation implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('toolSearchInspector.openclawValidate');
  private readonly runs = new Map<string, FolderRun>();
  /** Files each folder's findings were put on, so a folder's next verdict clears only its own. */
  private readonly published = new Map<string, vscode.Uri[]>();
  private readonly subs: vscode.Disposable[];

  constructor(
    private readonly roots: CatalogRoots,
    private readonly logger: Logger,
    private readonly extensionPath: string,
    private readonly host: Pick<EditorHost, 'isTrusted'>,
  ) {
    this.subs = [
      roots.onDidChange((change) => {
        if (change.kind === 'state') {
          // A config that stops parsing keeps its last catalog (stale): OpenClaw's last verdict on it stays until it parses again.
          if (change.state.kind === 'ready' && !change.state.stale) this.schedule(change.root);
          return;
        }
        const live = new Set(roots.roots().map((r) => r.folder.uri.fsPath));
        for (const folder of [...this.runs.keys()]) if (!live.has(folder)) this.forget(folder);
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration('toolSearchInspector.oracle.validateConfig')) return;
        for (const root of roots.roots()) {
          const run = this.runs.get(root.folder.uri.fsPath);
          if (run) run.judged = undefined;
          if (root.state.kind === 'ready') this.schedule(root);
        }
      }),
    ];
  }

  private clear(folder: string): void {
    for (const uri of this.published.get(folder) ?? []) this.collection.delete(uri);
    this.published.delete(folder);
  }

  private schedule(root: FolderCatalog): void {
    const folder = root.folder.uri.fsPath;
    const run = this.runs.get(folder) ?? {};
    this.runs.set(folder, run);
    clearTimeout(run.timer);
    run.timer = setTimeout(() => {
      run.timer = undefined;
      this.validate(root, run).catch((err: unknown) => this.logger.warn(`openclaw config validate: ${errorMessage(err)}`));
    }, SETTLE_MS);
  }

  private forget(folder: string): void {
    const run = this.runs.get(folder);
    clearTimeout(run?.timer);
    run?.abort?.abort();
    this.runs.delete(folder);
    this.clear(folder);
  }

  /** Nothing to ask (untrusted, turned off, no OpenClaw, no config it could read): no findings of OpenClaw's. */
  private standDown(folder: string, run: FolderRun): void {
    run.judged = undefined;
    this.clear(folder);
  }

  private async validate(root: FolderCatalog, run: FolderRun): Promise<void> {
    const folder = root.folder.uri.fsPath;
    const settings = readSettings(root.folder);
    if (!this.host.isTrusted() || !settings.oracleValidateConfig) return this.standDown(folder, run);
    const core = await loadCore();
    let location: OpenClawLocation;
    try {
      location = locateForEditor(core, settings.oracleOpenclaw, folder);
    } catch (err) {
      if (!(err instanceof core.OpenClawUnavailableError)) throw err;
      // No OpenClaw to ask: the inspector's own verdict stands alone, as before one is installed.
      return this.standDown(folder, run);
    }
    const { workspace } = await root.getSession();
    const file = workspace.config.file;
    if (file === undefined || workspace.config.unusable !== undefined) return this.standDown(folder, run);
    const key = configKeyOf({ file, value: workspace.configValue, release: `${workspace.openclaw.model.version} ${location.packageDir} ${location.version}` });
    if (key === run.judged) return;
    run.abort?.abort();
    const abort = new AbortController();
    run.abort = abort;
    const started = Date.now();
    const shown = vscode.workspace.asRelativePath(file);
    try {
      const v = await core.validateWithOpenClaw(location, file, { signal: abort.signal, guardScript: core.defaultGuardScript(path.join(this.extensionPath, 'dist')) });
      if (abort.signal.aborted) return;
      const findings = core.validationFindings(v, file, workspace);
      run.judged = key;
      this.logger.info(
        `openclaw config validate (OpenClaw ${v.version}) on ${shown}: ${v.valid ? 'valid' : `invalid, ${v.issues.length} issue(s)`}; ${findings.length === 0 ? 'the inspector agrees' : `${findings.length} finding(s) the inspector did not make`} (${Date.now() - started} ms)`,
      );
      this.publish(root, findings.map((f) => ({ ...f, source: `OpenClaw ${v.version}` })));
    } catch (err) {
      if (err instanceof core.ConfigValidateAbortedError) return;
      // Said once in the log; its old findings go, since they may no longer hold.
      run.judged = key;
      this.clear(folder);
      this.logger.warn(`openclaw config validate did not give a verdict on ${shown}: ${errorMessage(err)}`);
    } finally {
      if (run.abort === abort) run.abort = undefined;
    }
  }

  private publish(root: FolderCatalog, findings: readonly (ValidationFinding & { source: string })[]): void {
    const folder = root.folder.uri.fsPath;
    this.clear(folder);
    const byFile = new Map<string, { uri: vscode.Uri; items: vscode.Diagnostic[] }>();
    for (const f of findings) {
      const uri = vscode.Uri.joinPath(root.folder.uri, f.file);
      const line = Math.max(0, f.line - 1);
      const d = new vscode.Diagnostic(new vscode.Range(line, 0, line, Number.MAX_SAFE_INTEGER), f.message, vscode.DiagnosticSeverity.Error);
      d.source = f.source;
      d.code = 'config validate';
      const entry = byFile.get(uri.toString()) ?? { uri, items: [] };
      entry.items.push(d);
      byFile.set(uri.toString(), entry);
    }
    for (const { uri, items } of byFile.values()) this.collection.set(uri, items);
    this.published.set(folder, [...byFile.values()].map((e) => e.uri));
  }

  dispose(): void {
    for (const s of this.subs) s.dispose();
    for (const folder of [...this.runs.keys()]) this.forget(folder);
    this.collection.dispose();
  }
}
