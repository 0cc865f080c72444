import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { ruleLocationText, type RuleLocation } from '../../core/reasons';
import type { CatalogTool, ServerReport } from '../../core/types';
import type { CatalogService } from '../catalogService';
import { COMMANDS } from '../commandIds';
import { editorHost } from '../host';
import type { Logger } from '../logger';
import { applyToolFix, explainNow } from './explainPanel';
import { applyFixPlan, fileUri, fixWorkspaceEdit } from './applyFix';
import { enableToolSearchPlan } from '../../core/explain/quickFix';

export interface RuleCommandDeps {
  extensionUri: vscode.Uri;
  service: CatalogService;
  logger: Logger;
  /** Draws a tree row again once its action ran (its hover card would cover what the action showed). */
  redrawRow?: (arg: unknown) => void;
}

/** The starter config: Tool Search on, in code mode (the design's default), nothing else decided for the user. */
export const STARTER_CONFIG = `// OpenClaw config (JSON5). Tool Search keeps tool schemas out of the prompt
// until the model searches for them; see the Tool Search Inspector view.
{
  tools: {
    toolSearch: { mode: "code" },
    // deny: ["gateway"],
  },
}
`;

/** A tool id from what a tree row, a panel or a test passes. */
function toolIdFrom(arg: unknown): string | undefined {
  if (typeof arg === 'string' && arg.trim() !== '') {
    return arg.trim();
  }
  if (arg && typeof arg === 'object') {
    const o = arg as { tool?: { id?: unknown }; toolId?: unknown };
    if (typeof o.toolId === 'string') {
      return o.toolId;
    }
    if (typeof o.tool?.id === 'string') {
      return o.tool.id;
    }
  }
  return undefined;
}

/** A server name from a failed-server tree row (or a string). */
function serverFrom(arg: unknown): string | undefined {
  if (typeof arg === 'string') {
    return arg;
  }
  const s = arg && typeof arg === 'object' ? (arg as { server?: unknown }).server : undefined;
  return typeof s === 'string' ? s : undefined;
}

function ruleOf(t: CatalogTool): RuleLocation | undefined {
  return t.reason?.at ?? (t.origin ? { file: t.origin.file, line: t.origin.line, column: t.origin.column } : undefined);
}

async function openAt(service: CatalogService, at: RuleLocation): Promise<void> {
  await vscode.commands.executeCommand(COMMANDS.openLocation, { file: at.file, line: at.line, column: at.column, folder: service.folder?.uri.toString() });
}

/**
 * Go to Rule: opens the file at the line and column of what decided a tool
 * (the deny entry, the toolFilter glob, the plugin entry, the client tool),
 * or says which built-in list did when no file did. Returns where it went.
 */
export async function goToRule(service: CatalogService, arg: unknown): Promise<RuleLocation | undefined> {
  const catalog = await service.getCatalog();
  const server = serverFrom(arg);
  if (server !== undefined && toolIdFrom(arg) === undefined) {
    const s = catalog.servers.find((x) => x.name === server);
    if (s?.at?.file) {
      await openAt(service, s.at);
      return s.at;
    }
    return undefined;
  }
  const id = toolIdFrom(arg);
  const tool = id ? catalog.get(id) ?? catalog.withName(id)[0] : undefined;
  if (!tool) {
    void vscode.window.showWarningMessage(`Go to Rule: no tool "${id ?? ''}" in the catalog.`);
    return undefined;
  }
  const at = ruleOf(tool);
  if (at?.file) {
    await openAt(service, at);
    return at;
  }
  const why = at?.builtIn ?? 'no rule';
  void vscode.window.showInformationMessage(`${tool.name} is decided by ${why}: built into OpenClaw, so there is no line to open. Explain shows how to lift it.`, 'Explain').then((pick) => {
    if (pick) {
      void vscode.commands.executeCommand(COMMANDS.explainTool, tool.id);
    }
  });
  return at;
}

/** Creates `openclaw.json` in the folder (or opens it when it exists). */
async function createStarterConfig(service: CatalogService): Promise<vscode.Uri | undefined> {
  const folder = service.folder ?? editorHost.folders()[0];
  if (!folder) {
    void vscode.window.showWarningMessage('Open a folder first: the starter openclaw.json goes in it.');
    return undefined;
  }
  const file = path.join(folder.uri.fsPath, 'openclaw.json');
  if (!fs.existsSync(file)) {
    await fs.promises.writeFile(file, STARTER_CONFIG, { flag: 'wx' });
  }
  const uri = vscode.Uri.file(file);
  await vscode.window.showTextDocument(uri, { preview: false });
  return uri;
}

function failedServer(service: CatalogService, name: string | undefined): ServerReport | undefined {
  const s = service.state;
  return s.kind === 'ready' && name !== undefined ? s.catalog.servers.find((x) => x.name === name) : undefined;
}

/** Quick fixes in config files: a rule that excludes a tool offers the Explain panel's fix as a code action. */
class RuleFixProvider implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  constructor(private readonly service: CatalogService) {}

  async provideCodeActions(doc: vscode.TextDocument, range: vscode.Range, context: vscode.CodeActionContext): Promise<vscode.CodeAction[]> {
    const state = this.service.state;
    const folder = this.service.folder;
    if (state.kind !== 'ready' || !folder || state.stale) {
      return [];
    }
    const here = doc.uri.toString();
    const inRange = (at: { file?: string; line?: number } | undefined): boolean =>
      at?.file !== undefined && at.line !== undefined && fileUri(folder.uri, at.file).toString() === here && at.line - 1 >= range.start.line && at.line - 1 <= range.end.line;
    // Offered on the rule that decided and on every other deny that blocks the tool (an agent's own deny line too).
    const tools = state.catalog.excluded.filter((t) => inRange(t.reason?.at) || t.decisions.some((d) => d.effect === 'deny' && inRange(d)));
    const actions: vscode.CodeAction[] = [];
    const seen = new Set<string>();
    for (const t of tools.slice(0, 20)) {
      const e = await explainNow(this.service, t.id);
      const plan = e.matches.find((m) => m.id === t.id)?.fix;
      if (!plan || seen.has(plan.title)) {
        continue;
      }
      seen.add(plan.title);
      const action = new vscode.CodeAction(plan.kind === 'edit-set' ? plan.title : `${plan.title} (lets ${t.name} through)`, vscode.CodeActionKind.QuickFix);
      try {
        action.edit = await fixWorkspaceEdit(doc, plan);
      } catch {
        continue;
      }
      const lines = new Set([t.reason?.at?.line, ...t.decisions.filter((d) => d.effect === 'deny').map((d) => d.line)].filter((l): l is number => l !== undefined).map((l) => l - 1));
      action.diagnostics = context.diagnostics.filter((d) => d.source === 'Tool Search Inspector' && lines.has(d.range.start.line));
      actions.push(action);
    }
    return actions;
  }
}

/** Go to Rule, the quick-fix command, the starter config and the failed-server actions. */
export function registerRuleCommands(deps: RuleCommandDeps): vscode.Disposable[] {
  const guarded = <A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>) => async (...args: A): Promise<R | undefined> => {
    try {
      return await fn(...args);
    } catch (err) {
      await deps.logger.showError(`${name} failed`, err);
      return undefined;
    }
  };
  const { service } = deps;
  return [
    vscode.commands.registerCommand(COMMANDS.goToRule, guarded('Go to Rule', async (arg?: unknown) => {
      const at = await goToRule(service, arg);
      deps.redrawRow?.(arg);
      return at;
    })),
    vscode.commands.registerCommand(COMMANDS.applyToolFix, guarded('Apply Fix', async (arg?: unknown) => {
      const id = toolIdFrom(arg);
      if (!id) {
        throw new Error('no tool given');
      }
      const applied = await applyToolFix(service, id);
      return { file: vscode.workspace.asRelativePath(applied.uri), title: applied.title };
    })),
    vscode.commands.registerCommand(COMMANDS.createStarterConfig, guarded('Create Starter openclaw.json', () => createStarterConfig(service))),
    vscode.commands.registerCommand(COMMANDS.enableToolSearch, guarded('Turn On Tool Search', async () => {
      const session = await service.getSession();
      const file = session.workspace.config.reader?.file;
      if (!file) {
        return createStarterConfig(service);
      }
      const plan = enableToolSearchPlan(file, session.workspace.config.reader?.raw(['tools', 'toolSearch']));
      const applied = await applyFixPlan(session.folder.uri, plan);
      void service.refresh('Tool Search turned on');
      return applied.uri;
    })),
    vscode.commands.registerCommand(COMMANDS.showServerStderr, guarded('Show Server stderr', (arg?: unknown) => {
      const s = failedServer(service, serverFrom(arg));
      if (!s) {
        throw new Error(`no MCP server "${serverFrom(arg) ?? ''}" in the catalog`);
      }
      const lines = s.stderrTail ?? [];
      deps.logger.info(`MCP server "${s.name}" (${s.status}${s.at?.file ? `, configured at ${ruleLocationText(s.at)}` : ''}): ${s.error ?? ''}`);
      deps.logger.info(lines.length > 0 ? `last stderr lines of "${s.name}":\n${lines.join('\n')}` : `"${s.name}" wrote nothing to stderr`);
      deps.logger.channel.show(true);
      return Promise.resolve(lines);
    })),
    vscode.commands.registerCommand(COMMANDS.restartMcpServer, guarded('Restart MCP Server', async (arg?: unknown) => {
      // A rebuild reconnects every server of the folder: the failed one is started again with the config as it is now.
      const state = await service.refresh(`restart MCP server ${serverFrom(arg) ?? ''}`.trim());
      return state.kind === 'ready' ? state.catalog.servers.find((x) => x.name === serverFrom(arg))?.status : state.kind;
    })),
    vscode.languages.registerCodeActionsProvider(
      [{ scheme: 'file', pattern: '**/*.json' }, { scheme: 'file', pattern: '**/*.json5' }],
      new RuleFixProvider(service),
      { providedCodeActionKinds: RuleFixProvider.kinds },
    ),
  ];
}
