import * as vscode from 'vscode';
import type { CatalogService } from '../catalogService';
import { isProgramFile } from './snippetFiles';
import { toolIdContext, toolIdFilterText } from './toolIdContext';

/** Where tool ids complete: snippet files, opted-in JavaScript, and untitled JavaScript buffers (the quick way to try one). */
export function completesToolIds(doc: vscode.TextDocument): boolean {
  if (doc.languageId !== 'javascript') {
    return false;
  }
  return doc.isUntitled || isProgramFile(doc.fileName, doc.getText(new vscode.Range(0, 0, 40, 0)));
}

/** Tool ids of the current catalog inside `describe("…")` and `call("…")`. */
export class ToolIdCompletions implements vscode.CompletionItemProvider {
  constructor(private readonly service: CatalogService) {}

  async provideCompletionItems(doc: vscode.TextDocument, position: vscode.Position): Promise<vscode.CompletionItem[] | undefined> {
    if (!completesToolIds(doc)) {
      return undefined;
    }
    const line = doc.lineAt(position.line).text;
    const ctx = toolIdContext(line.slice(0, position.character));
    if (!ctx) {
      return undefined;
    }
    const state = await this.service.getState();
    if (state.kind !== 'ready') {
      return undefined;
    }
    // Replace up to the closing quote when there is one, so picking an id over a half-typed one leaves no tail.
    const after = line.slice(position.character);
    const close = after.indexOf(ctx.quote);
    const end = close >= 0 && !/[\s,()]/.test(after.slice(0, close)) ? position.character + close : position.character;
    const range = new vscode.Range(position.line, ctx.start, position.line, end);
    const catalog = state.catalog;
    return [...catalog.cataloged, ...catalog.directOnly].map((tool) => {
      const item = new vscode.CompletionItem({ label: tool.id, description: tool.status === 'direct-only' ? `${tool.name} (direct-only)` : tool.name }, vscode.CompletionItemKind.Value);
      item.range = range;
      item.insertText = tool.id;
      // Typing the name people see (`filesystem__read_text`) finds the tool as well as typing its id.
      item.filterText = toolIdFilterText(tool);
      item.detail = `${tool.source}: ${tool.sourceName}`;
      item.documentation = new vscode.MarkdownString().appendText(tool.description);
      item.sortText = `${tool.status === 'cataloged' ? 0 : 1}${tool.id}`;
      return item;
    });
  }
}
