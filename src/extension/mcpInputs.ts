import * as vscode from 'vscode';
import type { CatalogService, MissingInput } from './catalogService';
import type { Logger } from './logger';

/**
 * Values for `${input:id}` in MCP server configs, kept in SecretStorage
 * (never in settings or on disk in clear), one entry per workspace folder.
 */
export class McpInputStore {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  private key(): string {
    const folder = vscode.workspace.workspaceFolders?.[0];
    return `toolSearchInspector.mcpInputs:${folder?.uri.toString() ?? ''}`;
  }

  async values(): Promise<Record<string, string>> {
    const raw = await this.secrets.get(this.key());
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

  async set(values: Record<string, string>): Promise<void> {
    await this.secrets.store(this.key(), JSON.stringify({ ...(await this.values()), ...values }));
  }

  /** Forgets every stored input of this workspace; returns how many there were. */
  async clear(): Promise<number> {
    const n = Object.keys(await this.values()).length;
    await this.secrets.delete(this.key());
    return n;
  }
}

/**
 * After a build in which servers lacked inputs, asks for each missing value
 * once per session (Escape means "not now": that id is not asked again until
 * the inputs are cleared), stores what was entered and rebuilds.
 */
export function promptForMissingInputs(service: CatalogService, store: McpInputStore, logger: Logger): vscode.Disposable & { reset(): void } {
  const asked = new Set<string>();
  let busy = false;
  const sub = service.onMissingInputs(async (missing: MissingInput[]) => {
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
        await store.set(entered);
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
