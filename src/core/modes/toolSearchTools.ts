import type { JsonSchema, ToolSearchSettings } from '../types';

/**
 * The Tool Search tools as the model sees them: exact names, descriptions and
 * JSON schemas, written here once. Every surface (previews, provider
 * requests, the dispatcher that routes the model's calls) reads them from here,
 * so what we show is what we send.
 */

export const TOOL_SEARCH_CODE = 'tool_search_code';
export const TOOL_SEARCH = 'tool_search';
export const TOOL_DESCRIBE = 'tool_describe';
export const TOOL_CALL = 'tool_call';

export const TOOL_SEARCH_TOOL_NAMES: readonly string[] = [TOOL_SEARCH_CODE, TOOL_SEARCH, TOOL_DESCRIBE, TOOL_CALL];

/** A function tool as sent to a provider. */
export interface ModelTool {
  name: string;
  description: string;
  parameters: JsonSchema;
}

/**
 * The short bridge contract carried by `tool_search_code`'s description:
 * everything a model needs to write a snippet, nothing more.
 */
export const BRIDGE_API_CONTRACT = [
  'Runs a short JavaScript async function body in an isolated sandbox and returns its `return` value.',
  'Only these are available:',
  '- `await openclaw.tools.search(query, { limit })` -> an array of compact hits `[{ id, source, sourceName, name, label, description, input }]`, best first',
  '- `await openclaw.tools.describe(id)` -> the hit plus `parameters` (the exact JSON input schema)',
  '- `await openclaw.tools.call(id, args)` -> `{ tool, result }`; JSON values normally live in `result.details` (through the gateway; throws when policy, approval or a hook refuses)',
  '- `console.log/warn/error` (captured and returned).',
  'No require, import, process, file system or network. Search, describe, then call; return what the user needs.',
].join('\n');

/** The Tool Search tools for these settings (the search limit bounds come from config). */
export function toolSearchTools(settings: Pick<ToolSearchSettings, 'searchDefaultLimit' | 'maxSearchLimit' | 'codeTimeoutMs'>): Record<string, ModelTool> {
  const limit: JsonSchema = {
    type: 'integer',
    minimum: 1,
    maximum: settings.maxSearchLimit,
    description: `Maximum number of hits (default ${settings.searchDefaultLimit}, at most ${settings.maxSearchLimit}).`,
  };
  return {
    [TOOL_SEARCH_CODE]: {
      name: TOOL_SEARCH_CODE,
      description: `${BRIDGE_API_CONTRACT}\nTime limit: ${settings.codeTimeoutMs} ms.`,
      parameters: {
        type: 'object',
        properties: { code: { type: 'string', description: 'The body of an async function, e.g. `const hits = await openclaw.tools.search("create issue"); return hits[0];`' } },
        required: ['code'],
        additionalProperties: false,
      },
    },
    [TOOL_SEARCH]: {
      name: TOOL_SEARCH,
      description: 'Search the catalog of available tools by what you want to do. Returns compact hits `{id, name, description, input}`, best first. Then use tool_describe for the exact schema and tool_call to run it.',
      parameters: {
        type: 'object',
        properties: { query: { type: 'string', description: 'What the tool should do, in a few words.' }, limit },
        required: ['query'],
        additionalProperties: false,
      },
    },
    [TOOL_DESCRIBE]: {
      name: TOOL_DESCRIBE,
      description: 'Get the exact JSON input schema of one tool, by the id (or unique name) returned by tool_search.',
      parameters: {
        type: 'object',
        properties: { id: { type: 'string', description: 'Tool id from tool_search, e.g. "mcp:github:create_issue".' } },
        required: ['id'],
        additionalProperties: false,
      },
    },
    [TOOL_CALL]: {
      name: TOOL_CALL,
      description: 'Call one tool by id with arguments matching its schema (from tool_describe). Returns `{tool, result}`; a call refused by policy, approval or a hook says so.',
      parameters: {
        type: 'object',
        properties: {
          id: { type: 'string', description: 'Tool id from tool_search.' },
          args: { type: 'object', description: 'Arguments matching the tool input schema.' },
        },
        required: ['id', 'args'],
        additionalProperties: false,
      },
    },
  };
}

/** The system prompt of a turn when the host gives none. */
export const DEFAULT_SYSTEM_PROMPT = 'You are a helpful assistant running inside OpenClaw. Use the tools provided when they help.';

/**
 * The product's own control tools of a mode, for a release without Tool
 * Search of its own (the seed's design; before 2026.5.12 for comparison):
 * code mode runs a program, tools and directory search, describe and call.
 */
export function productControlTools(settings: Pick<ToolSearchSettings, 'searchDefaultLimit' | 'maxSearchLimit' | 'codeTimeoutMs'>, mode: 'code' | 'tools' | 'directory'): ModelTool[] {
  const all = toolSearchTools(settings);
  const names = mode === 'code' ? [TOOL_SEARCH_CODE] : [TOOL_SEARCH, TOOL_DESCRIBE, TOOL_CALL];
  return names.flatMap((n) => all[n] ?? []);
}

/** The control tools' names by role, as the mode's guidance quotes them. */
export interface ControlNames {
  code?: string;
  search?: string;
  describe?: string;
  call?: string;
}

/**
 * What a Tool Search mode adds to the product's system prompt, so the model
 * knows where the other tools are; it quotes the names the release's control
 * tools have (a release may rename them), and says nothing of a role it lacks.
 */
export function modeGuidance(mode: 'code' | 'tools' | 'directory', names: ControlNames): string {
  const { code, search, describe, call } = names;
  if (mode === 'code' && code) {
    return `More tools than the ones listed exist. Use ${code} to search for them, read their schema and call them from a short script.`;
  }
  const find = search ? `Use ${search} to find one` : 'Search for one';
  const read = describe ? `, ${describe} to read its exact input schema` : '';
  const run = call ? `, then ${call} to run it` : '';
  if (mode === 'directory') {
    const how = [describe ? `Use ${describe} for a schema` : '', call ? `${describe ? '' : 'Use '}${call} to run one (or call it by its exact name)` : ''].filter((x) => x !== '').join(' and ');
    return `The tools listed below under "Deferred Tool Schemas" are available but their schemas are not loaded.${how ? ` ${how};` : ''}${search ? ` ${search} finds tools by task.` : ''}`;
  }
  return `More tools than the ones listed exist. ${find}${read}${run}.`;
}
