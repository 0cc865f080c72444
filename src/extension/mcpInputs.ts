import * as vscode from 'vscode';
import type { FolderCatalog, MissingInput } from './catalogService';
import type { CatalogRoots } from './catalogRoots';
import type { Logger } from './logger';

/**
 * Values for `${input:id}` in MCP server configs, kept in SecretStorage
 * (never in settings or on disk in clear), one entry per workspace folder.
 */
export class McpInputStore {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  private key(folder: vscode.WorkspaceFolder | undefined): string {
    return `toolSearchInspector.mcpInputs:${folder?.uri.toString() ?? ''}`;
  }

  async values(folder: vscode.WorkspaceFolder | undefined): Promise<Record<string, string>> {
    const raw = await this.secrets.get(this.key(folder));
    if (!raw) {
      return {};
    }
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null) {
        return {};
      }
      return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
    } catch {
      return {};
    }
  }

  async set(folder: vscode.WorkspaceFolder | undefined, values: Record<string, string>): Promise<void> {
    await this.secrets.store(this.key(folder), JSON.stringify({ ...(await this.values(folder)), ...values }));
  }

  /** Forgets every stored input of this folder; returns how many there were. */
  async clear(folder: vscode.WorkspaceFolder | undefined): Promise<number> {
    const n = Object.keys(await this.values(folder)).length;
    await this.secrets.delete(this.key(folder));
    return n;
  }
}

/**
 * After a build in which servers lacked inputs, asks for each missing value
 * once per session (Escape means "not now": that id is not asked again until
 * the inputs are cleared), stores what was entered and rebuilds.
 */
export function promptForMissingInputs(roots: CatalogRoots, store: McpInputStore, logger: Logger): vscode.Disposable & { reset(): void } {
  const asked = new Set<string>();
  let busy = false;
  const sub = roots.onMissingInputs(async ({ root: service, missing }: { root: FolderCatalog; missing: MissingInput[] }) => {
    const todo = missing.filter((m) => !asked.has(m.id));
    if (busy || todo.length === 0) {
      return;
    }
    busy = true;
    try {
      const entered: Record<string, string> = {};
      for (const m of todo) {
        asked.add(m.id);
        const value = await vscode.window.showInputBox({
          title: `MCP input "${m.id}"`,
          prompt: `${m.description ?? `Value for \${input:${m.id}}`} (needed by ${m.servers.join(', ')}; kept in the editor's secret storage)`,
          password: m.password,
          ignoreFocusOut: true,
        });
        if (value !== undefined) {
          entered[m.id] = value;
        }
      }
      if (Object.keys(entered).length > 0) {
        await store.set(service.folder, entered);
        logger.info(`stored MCP inputs: ${Object.keys(entered).join(', ')}`);
        await service.refresh('MCP inputs entered');
      } else {
        logger.warn(`MCP servers still miss inputs: ${todo.map((m) => m.id).join(', ')}`);
      }
    } finally {
      busy = false;
    }
  });
  return { dispose: () => sub.dispose(), reset: () => asked.clear() };
}
