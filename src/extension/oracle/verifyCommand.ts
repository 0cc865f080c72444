import * as path from 'node:path';
import * as vscode from 'vscode';
import { besideColumn } from '../panels/besideColumn';
import { ReadOnlyDocuments } from '../readOnlyDocuments';
import type { VerifyReport } from '../../core/oracle/verify';
import type { CatalogService } from '../catalogService';
import { editorHost } from '../host';
import { loadCore } from '../coreLoader';
import { locateForEditor } from './openclawInstalls';

export const VERIFY_SCHEME = 'tool-search-verify';

export const UNTRUSTED_MESSAGE =
  'Verify against OpenClaw is off in an untrusted workspace: it runs OpenClaw\'s own code (the installed openclaw package) on this workspace\'s config. Trust the workspace to run it.';

/** Read-only documents holding verify reports. */
export class VerifyDocuments extends ReadOnlyDocuments {
  constructor() {
    super(VERIFY_SCHEME);
  }

  set(text: string): vscode.Uri {
    return this.put('Verify against OpenClaw.md', text);
  }
}

/**
 * `toolSearchInspector.verifyAgainstOpenClaw`: compares the current catalog
 * with the real OpenClaw (the `toolSearchInspector.oracle.openclaw` setting:
 * a package folder or a cached version; default the pinned one) and opens the
 * differences as a read-only document. Trusted workspaces only. Returns the
 * report, for tests.
 */
export async function verifyAgainstOpenClawCommand(
  service: CatalogService,
  docs: VerifyDocuments,
  extensionPath: string,
  isTrusted: () => boolean = editorHost.isTrusted,
): Promise<VerifyReport | undefined> {
  if (!isTrusted()) {
    void vscode.window.showErrorMessage(UNTRUSTED_MESSAGE);
    return undefined;
  }
  const { catalog, workspace, settings } = await service.getSession();
  const core = await loadCore();
  const spec = settings.oracleOpenclaw ?? '';
  let found: ReturnType<typeof core.locateOpenClaw>;
  try {
    found = locateForEditor(core, spec, workspace.options.workspace);
  } catch (err) {
    if (err instanceof core.OpenClawUnavailableError) {
      void vscode.window.showErrorMessage(`Verify against OpenClaw: ${err.message}`);
      return undefined;
    }
    throw err;
  }
  const report = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Verifying against OpenClaw ${found.version}…` },
    async () => {
      const oracle = await core.OpenClawOracle.start({ location: found, childScript: core.defaultChildScript(path.join(extensionPath, 'dist')) });
      try {
        return await core.verifyCatalog(oracle, { config: workspace.configValue, context: workspace.options.policy ?? {}, catalog, toolSearchSettings: workspace.toolSearchSettings }, found);
      } finally {
        await oracle.close();
      }
    },
  );
  const uri = docs.set(core.formatVerifyReportMarkdown(report, workspace.options.workspace));
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.languages.setTextDocumentLanguage(doc, 'markdown');
  await vscode.window.showTextDocument(doc, { preview: true, viewColumn: besideColumn() });
  const summary = report.undocumented === 0 ? `no undocumented differences from OpenClaw ${report.openclaw.version}` : `${report.undocumented} undocumented difference${report.undocumented === 1 ? '' : 's'} from OpenClaw ${report.openclaw.version}`;
  void vscode.window.showInformationMessage(`Verify: ${summary}.`);
  return report;
}
