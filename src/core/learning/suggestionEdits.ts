import { descriptionEdit, type TextEdit } from './descriptionEdit';
import type { ToolSuggestion } from './suggest';
import { errorMessage } from '../util/errors';

/**
 * The file edits that apply suggestions: plugin manifests and client-tools
 * files can be edited here; MCP servers and OpenClaw core tools belong to
 * someone else, so theirs stay suggestions to copy.
 */

export interface PlannedEdit {
  toolId: string;
  edit: TextEdit;
}

export interface EditPlan {
  edits: PlannedEdit[];
  /** Suggestions that cannot become an edit here, and why. */
  skipped: { toolId: string; reason: string }[];
}

export function isEditable(s: ToolSuggestion): boolean {
  return (s.target === 'plugin-manifest' || s.target === 'client-tools') && s.origin !== undefined;
}

/** Edits for every suggestion with words; `read` returns a file's current text. */
export function planEdits(suggestions: readonly ToolSuggestion[], read: (file: string) => string): EditPlan {
  const plan: EditPlan = { edits: [], skipped: [] };
  const texts = new Map<string, string>();
  for (const s of suggestions) {
    if (s.words.length === 0) {
      continue;
    }
    if (!isEditable(s) || !s.origin) {
      plan.skipped.push({ toolId: s.toolId, reason: s.target === 'mcp-server' ? `MCP server "${s.sourceName}": suggest it to the server's owner` : 'an OpenClaw core tool: its description is OpenClaw\'s' });
      continue;
    }
    const file = s.origin.file;
    let text = texts.get(file);
    if (text === undefined) {
      try {
        text = read(file);
      } catch (err) {
        plan.skipped.push({ toolId: s.toolId, reason: `${file}: ${errorMessage(err)}` });
        continue;
      }
      texts.set(file, text);
    }
    const r = descriptionEdit(file, text, s.name, s.proposed);
    if ('edit' in r) {
      plan.edits.push({ toolId: s.toolId, edit: r.edit });
    } else {
      plan.skipped.push({ toolId: s.toolId, reason: r.problem });
    }
  }
  return plan;
}
