import * as vscode from 'vscode';
import type { CatalogService } from '../catalogService';
import { loadCore } from '../coreLoader';

const SETTING = 'policy.agent';

/**
 * `toolSearchInspector.pickAgent`: which agent the catalog models. The first
 * row is OpenClaw's own choice (the agent it runs when none is asked for: the
 * entry with `default: true`, else the only one), or says that OpenClaw would
 * refuse to pick one; then each agent of `agents.list`. The choice is the
 * folder's `toolSearchInspector.policy.agent` setting (empty: OpenClaw's
 * choice). With an argument (an agent id, `''` for OpenClaw's choice) it sets
 * it without asking.
 */
export async function pickAgentCommand(service: CatalogService, arg?: unknown): Promise<string | undefined> {
  const core = await loadCore();
  const { workspace, folder } = await service.getSession();
  const config = vscode.workspace.getConfiguration('toolSearchInspector', folder.uri);
  const current = config.get<string>(SETTING) ?? '';
  let value: string | undefined = typeof arg === 'string' ? arg : undefined;
  if (value === undefined) {
    const file = workspace.config.file ? vscode.workspace.asRelativePath(workspace.config.file, false) : 'openclaw.json';
    const rows = core.agentPickItems(workspace.config.reader, current);
    type Item = vscode.QuickPickItem & { value: string };
    const items: Item[] = rows.map((r) => ({
      value: r.value,
      label: `${r.kind === 'openclaw-choice' ? (r.refused ? '$(error) ' : '$(star-full) ') : '$(person) '}${r.label}`,
      description: [r.current ? 'current' : undefined, r.line !== undefined ? `${file}:${r.line}` : undefined].filter(Boolean).join(' · '),
      detail: r.description || undefined,
    }));
    const picked = await vscode.window.showQuickPick(items, {
      title: 'Model which agent?',
      placeHolder: rows[0]?.refused ? 'OpenClaw would refuse to pick an agent: choose one, or mark one default: true' : `OpenClaw runs ${rows[0]?.label.replace("OpenClaw's choice: ", '') ?? 'its default'} when none is asked for`,
      matchOnDetail: true,
    });
    value = picked?.value;
  }
  if (value === undefined) {
    return undefined;
  }
  const write = config.update(SETTING, value === '' ? undefined : value, vscode.ConfigurationTarget.WorkspaceFolder);
  service.settingsChanging(write);
  await write;
  return value;
}
