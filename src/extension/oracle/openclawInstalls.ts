import * as path from 'node:path';
import * as vscode from 'vscode';
import type { OpenClawLocation } from '../../core/oracle/openclawLocation';
import { loadCore, type CoreModule } from '../coreLoader';
import { editorHost } from '../host';
import type { Logger } from '../logger';

/**
 * The OpenClaw a capture (and verify, and the prompt's package folder) runs
 * in the editor: the `toolSearchInspector.oracle.openclaw` setting, else the
 * user's own `openclaw` on PATH (the one their runs use), else the one this
 * extension installed for capture into its global storage. Never the test
 * tooling cache: a user of the .vsix has none, and the editor must show them
 * the Install offer, not a developer's cache.
 */

let installRoot: string | undefined;

/** Where "Install OpenClaw for capture" puts releases: a folder of the extension's global storage. */
export function useOpenClawInstallRoot(globalStorage: vscode.Uri): vscode.Disposable {
  installRoot = path.join(globalStorage.fsPath, 'openclaw');
  return new vscode.Disposable(() => {
    installRoot = undefined;
  });
}

export function openclawInstallRoots(): string[] {
  return installRoot === undefined ? [] : [installRoot];
}

/** The editor's OpenClaw for `spec` (the setting): see the module comment for the order. */
export function locateForEditor(core: CoreModule, spec: string | undefined, cwd: string, installRoots: readonly string[] = openclawInstallRoots()): OpenClawLocation {
  const wanted = spec?.trim();
  if (wanted) return core.locateOpenClaw(wanted, { cwd, installRoots });
  const own = core.findInstalledOpenClaw(undefined, { cwd });
  return core.locateOpenClaw(own?.from === 'path' ? own.at : undefined, { cwd, installRoots });
}

export const INSTALL_UNTRUSTED_MESSAGE =
  'Install OpenClaw for capture is off in an untrusted workspace: the install runs OpenClaw once to complete its set-up. Trust the workspace to install it.';

/** The button (notification and Mode Preview) that installs `version`. */
export function installLabel(version: string): string {
  return `Install OpenClaw ${version} for capture`;
}

let inflight: { version: string | undefined; done: Promise<OpenClawLocation | undefined> } | undefined;

/**
 * Installs `version` (default: the pinned release) for capture, with a
 * cancellable progress notification and every line of npm's output in the
 * log. A second request for the same version while one runs joins it.
 * Resolves to the install, or undefined when it was cancelled, refused or
 * failed (each said in a message).
 */
export function installOpenClawForCapture(logger: Logger, version?: string, isTrusted: () => boolean = editorHost.isTrusted): Promise<OpenClawLocation | undefined> {
  if (!isTrusted()) {
    void vscode.window.showErrorMessage(INSTALL_UNTRUSTED_MESSAGE);
    return Promise.resolve(undefined);
  }
  const root = installRoot;
  if (root === undefined) {
    return Promise.reject(new Error('the extension has no storage folder to install OpenClaw into'));
  }
  if (inflight && inflight.version === version) return inflight.done;
  const run = async (): Promise<OpenClawLocation | undefined> => {
    const core = await loadCore();
    const wanted = version ?? core.PINNED_OPENCLAW_VERSION;
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `${installLabel(wanted)} (about 830 MB from the npm registry)`, cancellable: true },
      async (progress, token) => {
        const abort = new AbortController();
        const sub = token.onCancellationRequested(() => abort.abort());
        const started = Date.now();
        let lastStep = 0;
        let stepText = '';
        // npm says nothing while it downloads: the elapsed time says it is alive.
        const tick = setInterval(() => progress.report({ message: `${stepText} · ${Math.round((Date.now() - started) / 1000)} s` }), 1000);
        logger.info(`installing openclaw@${wanted} for capture into ${root}`);
        try {
          const done = await core.installOpenClaw({
            version: wanted,
            root,
            signal: abort.signal,
            onProgress: (p) => {
              stepText = `(${p.step}/${p.steps}) ${p.message}`;
              logger.info(`install: ${stepText}`);
              // The bar moves a step's share as each step ends.
              progress.report({ message: stepText, increment: lastStep === 0 ? 0 : ((p.step - lastStep) * 100) / p.steps });
              lastStep = p.step;
            },
            onOutput: (line) => logger.info(`install: ${line}`),
          });
          const said = done.reused ? `OpenClaw ${wanted} is already installed for capture.` : `OpenClaw ${wanted} installed for capture in ${done.seconds.toFixed(0)} s.`;
          logger.info(`${said} ${done.location.packageDir}`);
          void vscode.window.showInformationMessage(said);
          return done.location;
        } catch (err) {
          if (err instanceof core.InstallCancelledError) {
            logger.info(`install of openclaw@${wanted} cancelled; nothing was left behind`);
            void vscode.window.showInformationMessage(`Installing OpenClaw ${wanted} was cancelled; nothing was left behind.`);
            return undefined;
          }
          void logger.showError(`Installing OpenClaw ${wanted} failed: ${err instanceof Error ? err.message : String(err)}`);
          return undefined;
        } finally {
          clearInterval(tick);
          sub.dispose();
        }
      },
    );
  };
  const done = run().finally(() => {
    inflight = undefined;
  });
  inflight = { version, done };
  return done;
}
