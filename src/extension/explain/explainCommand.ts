import * as vscode from 'vscode';
import type { Explanation } from '../../core/explain/explain';
import type { CatalogTool } from '../../core/types';
import { toolReasonText } from '../../core/reasons';
import { visibleText } from '../../core/util/visibleText';
import { ExplainPanel, explainNow, type ExplainPanelDeps } from './explainPanel';
import { EDITOR_WORDING } from '../editorWording';

/** The argument a tree item, the panel or a caller may pass: a tool id/name or a tree node. */
function queryFrom(arg: unknown): string | undefined {
  if (typeof arg === 'string' && arg.trim() !== '') {
    return arg.trim();
  }
  if (arg && typeof arg === 'object' && 'tool' in arg) {
    const tool = (arg as { tool?: Partial<CatalogTool> }).tool;
    return typeof tool?.id === 'string' ? tool.id : undefined;
  }
  return undefined;
}

async function pickTool(tools: readonly CatalogTool[]): Promise<string | undefined> {
  type Item = vscode.QuickPickItem & { query: string };
  const pick = vscode.window.createQuickPick<Item>();
  // Shown escaped (core/util/visibleText.ts); the query keeps the raw id.
  const toolItems: Item[] = tools.map((t) => ({ label: visibleText(t.name), description: t.status, detail: visibleText(`${t.id}${t.reason ? ` · ${toolReasonText(t, EDITOR_WORDING) ?? ''}` : ''}`), query: t.id }));
  pick.title = 'Explain Tool';
  pick.placeholder = 'Type a tool name (any name: unknown ones get suggestions)';
  pick.matchOnDetail = true;
  pick.items = toolItems;
  // Free text is allowed, so a missing tool can be explained too.
  const onValue = pick.onDidChangeValue((v) => {
    const typed = v.trim();
    pick.items = typed && !tools.some((t) => t.name === typed || t.id === typed)
      ? [{ label: typed, description: 'explain this name', query: typed, alwaysShow: true }, ...toolItems]
      : toolItems;
  });
  try {
    return await new Promise<string | undefined>((resolve) => {
      pick.onDidAccept(() => resolve(pick.selectedItems[0]?.query ?? (pick.value.trim() || undefined)));
      pick.onDidHide(() => resolve(undefined));
      pick.show();
    });
  } finally {
    onValue.dispose();
    pick.dispose();
  }
}

/**
 * `toolSearchInspector.explainTool [query]`: explains why a tool is (or is not)
 * in the catalog, in the one Explain tab. Returns the explanation so other
 * commands and tests can use it.
 */
export async function explainToolCommand(deps: ExplainPanelDeps, arg: unknown): Promise<Explanation | undefined> {
  const catalog = await deps.service.getCatalog();
  const query = queryFrom(arg) ?? (await pickTool(catalog.tools));
  if (!query) {
    return undefined;
  }
  const explanation = await explainNow(deps.service, query);
  ExplainPanel.show(deps, query);
  return explanation;
}
