import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { mcpApiList, mcpApiRead, mcpHandleDescribe, mcpRootApi, mcpServerApi, nativeApiCallable, savedResultDescriptor } from '../../../src/core/bridge/codeModeMcpApi';
import { toolId } from '../../../src/core/catalog/catalogBuilder';
import { generatedToolsFor } from '../../../src/core/sources/generatedTools';
import { assignSafeServerNames } from '../../../src/core/sources/mcpNames';
import { mcpToolDefinitions } from '../../../src/core/sources/mcpTools';
import type { CatalogTool, ToolDefinition } from '../../../src/core/types';

/*
 * Every expected value below is what a real OpenClaw 2026.9.6 exec returned
 * (`capture --mode code-mode --play`, one fenced program per value) for a QA
 * workspace with four stdio MCP servers: the calendar fixture, and three
 * scratch servers serving SHAPES_TOOLS, INDEX_TOOLS and DOCS_TOOLS (the last
 * with resources and prompts). The catalog is built from the same tools/list
 * answers the way the product's MCP source builds it, so the comparison
 * covers naming, ordering and rendering together.
 */

/** The release's generated texts: the module renders with them, so the captures check the generation too. */
const RUNTIME = generatedToolsFor('2026.9.6')?.codeMode?.runtime;
if (!RUNTIME) {
  throw new Error('2026.9.6 has no generated Code Mode runtime texts');
}
const TEXTS = RUNTIME.mcpApi;

const CALENDAR_TOOLS = (JSON.parse(readFileSync(path.resolve(__dirname, '../../fixtures/calendar/tools.json'), 'utf8')) as { tools: unknown[] }).tools;

function catalogTool(def: ToolDefinition): CatalogTool {
  return {
    id: toolId(def),
    source: def.source,
    sourceName: def.owner,
    name: def.name,
    ...(def.rawName !== undefined && def.rawName !== def.name ? { rawName: def.rawName } : {}),
    ...(def.mcpOperation !== undefined ? { mcpOperation: def.mcpOperation } : {}),
    ...(def.modelOwner !== undefined && def.modelOwner !== def.owner ? { modelOwner: def.modelOwner } : {}),
    label: def.label,
    description: def.description,
    parameters: def.parameters,
    status: 'cataloged',
    decisions: [],
    groups: [],
  };
}

function buildCatalog(): CatalogTool[] {
  const utilityTools = generatedToolsFor('2026.9.6')?.mcpUtilityTools ?? [];
  const servers: [string, unknown[], boolean][] = [
    ['calendar', CALENDAR_TOOLS, false],
    ['shapes', SHAPES_TOOLS, false],
    ['index', INDEX_TOOLS, false],
    ['my docs', DOCS_TOOLS, true],
  ];
  const safe = assignSafeServerNames(servers.map(([name]) => name));
  const native: CatalogTool = { id: 'openclaw:core:read', source: 'openclaw', sourceName: 'core', name: 'read', description: 'Read a file.', status: 'cataloged', decisions: [], groups: [] };
  return [
    native,
    ...servers.flatMap(([name, tools, withUtilities]) =>
      mcpToolDefinitions(name, tools, { file: 'openclaw.json' }, [], {
        safeServer: safe.get(name) ?? name,
        ...(withUtilities ? { utilities: { capabilities: { resources: true, prompts: true }, tools: utilityTools } } : {}),
      })
        .filter((d) => !d.invalid)
        .map(catalogTool),
    ),
  ];
}

/** Byte for byte: JSON text, so key order counts as it does for the model. */
function sameJson(actual: unknown, expected: unknown, message?: string): void {
  assert.equal(JSON.stringify(actual), JSON.stringify(expected), message);
}

function byRawName(catalog: readonly CatalogTool[], server: string, raw: string): CatalogTool {
  const tool = catalog.find((t) => t.sourceName === server && (t.rawName ?? t.name) === raw);
  assert.ok(tool, `${server}/${raw} is in the catalog`);
  return tool;
}

/** The values saved in the capture, written the same way the capture's program wrote them. */
const SAVED_VALUES: unknown[] = [
  { big: [1, 2, 3] },
  [{ a: 1, b: 'x' }, { a: 2, b: 'y' }],
  42,
  'hello',
  null,
  true,
  [],
  {},
  Array.from({ length: 100 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b'], nested: { deep: { x: i } } })),
  { ok: true, total: 500, cursor: 'abc', page: 1, note: 'n'.repeat(60), items: Array.from({ length: 50 }, (_, i) => ({ i })) },
  { text: 'long string '.repeat(40), obj: { a: { b: { c: 1 } } } },
  Object.fromEntries(
    Array.from({ length: 12 }, (_, k) => [
      `array_with_a_rather_long_name_${k}`,
      Array.from({ length: 20 + k }, (_, i) => ({ identifier: i, description: `entry ${i} of array ${k}`, flag: i % 2 === 0, extra1: 1, extra2: 2, extra3: 3, extra4: 4 })),
    ]),
  ),
  { 'ключ-ü': ['é'.repeat(100)], 'weird key': [1], 'x"y': { 'q\\z': 'k'.repeat(70) } },
  [1, 'two', { three: 3 }, [4], null, 'six', 7],
  { a: { b: { c: { d: { e: { f: [1, 2] } } } } } },
  Array.from({ length: 1000 }, (_, i) => i * 1.5),
  Object.fromEntries(Array.from({ length: 20 }, (_, k) => [`k${k}`, [k, k + 1]])),
  [[1, 2], [3, 4, 5], []],
  'z'.repeat(1000),
  { s: '€'.repeat(300), n: 1, b: false, z: null, arr: [{ u: undefined, v: 'vv' }] },
  Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? { kind: 'a', v: i } : i % 3 === 1 ? { kind: 'b', w: [i, i] } : `str${i}`)),
  { matrix: Array.from({ length: 10 }, (_, r) => Array.from({ length: 10 }, (_, c) => r * 10 + c)) },
];

describe('Code Mode MCP API and results descriptor, as OpenClaw 2026.9.6 gives them to a guest', () => {
  // Built before the first test: the fixture constants are declared below the suite.
  let catalog: CatalogTool[] = [];
  before(() => {
    catalog = buildCatalog();
  });

  it('gives the QA workspace\'s calendar server the files, sizes and root it has in OpenClaw', () => {
    const calendarOnly = catalog.filter((t) => t.source !== 'mcp' || t.sourceName === 'calendar');
    sameJson(mcpApiList(calendarOnly, TEXTS, 'mcp'), CAPTURED_CALENDAR_ONLY.listMcp);
    sameJson(mcpApiRead(calendarOnly, TEXTS, 'mcp/index.d.ts'), CAPTURED_CALENDAR_ONLY.indexFile);
    sameJson(mcpApiRead(calendarOnly, TEXTS, 'mcp/calendar.d.ts'), CAPTURED.calendarFile);
    sameJson(mcpRootApi(calendarOnly, TEXTS), CAPTURED_CALENDAR_ONLY.rootApi);
  });

  it('lists the MCP files (index first, then one per server by identifier) under a directory prefix, a trailing or leading slash allowed', () => {
    sameJson(mcpApiList(catalog, TEXTS, 'mcp'), CAPTURED.listMcp);
    sameJson(mcpApiList(catalog, TEXTS, '/mcp//'), CAPTURED.listSlashes);
    sameJson(mcpApiList(catalog, TEXTS, 'mcp/myDocs.d.ts'), CAPTURED.listOneFile, 'an exact path lists that file');
    sameJson(mcpApiList(catalog, TEXTS, 'mcp/cal'), CAPTURED.listPartialName, 'a prefix is a directory, not a name prefix');
    assert.throws(() => mcpApiList(catalog, TEXTS, '../mcp'), { message: CAPTURED.listDotDot.replace(/^error: /u, '') });
  });

  it('reads each MCP file: the root with its references and the `index` server inline, every server header in full', () => {
    sameJson(mcpApiRead(catalog, TEXTS, 'mcp/index.d.ts'), CAPTURED.indexFile);
    sameJson(mcpApiRead(catalog, TEXTS, 'mcp/calendar.d.ts'), CAPTURED.calendarFile);
    sameJson(mcpApiRead(catalog, TEXTS, 'mcp/shapes.d.ts'), CAPTURED.shapesFile);
    sameJson(mcpApiRead(catalog, TEXTS, 'mcp/myDocs.d.ts'), CAPTURED.myDocsFile);
  });

  it('refuses a `.` or `..` segment and names an unknown file with OpenClaw\'s messages', () => {
    assert.throws(() => mcpApiRead(catalog, TEXTS, 'mcp/./x.d.ts'), { message: CAPTURED.readDotSegment.replace(/^error: /u, '') });
    assert.throws(() => mcpApiRead(catalog, TEXTS, 'mcp/nope.d.ts'), { message: CAPTURED.readUnknown.replace(/^error: /u, '') });
    assert.throws(() => mcpApiRead(catalog, TEXTS, 'tools/read.d.ts'), { message: 'Unknown API file: tools/read.d.ts' }, 'native declarations are the caller\'s');
  });

  it('serves results.d.ts first, agents.d.ts with the swarm on, and lists native declarations last by path only', () => {
    sameJson(mcpApiRead(catalog, TEXTS, 'results.d.ts'), CAPTURED.resultsFile);
    sameJson(mcpApiRead(catalog, TEXTS, 'agents.d.ts', { swarm: true }), CAPTURED.agentsFile);
    assert.throws(() => mcpApiRead(catalog, TEXTS, 'agents.d.ts'), { message: 'Unknown API file: agents.d.ts' });
    const all = mcpApiList(catalog, TEXTS, undefined, { swarm: true, nativeCallables: ['read'] }) as { files: { path: string }[] };
    assert.deepEqual(
      all.files.map((f) => f.path),
      ['results.d.ts', 'agents.d.ts', 'mcp/index.d.ts', 'mcp/calendar.d.ts', 'mcp/myDocs.d.ts', 'mcp/shapes.d.ts', 'tools/read.d.ts'],
    );
    sameJson(all.files.at(-1), { path: 'tools/read.d.ts' });
    assert.equal(nativeApiCallable('/tools/read.d.ts', ['read'], TEXTS), 'read');
    assert.equal(nativeApiCallable('tools/nope.d.ts', ['read'], TEXTS), undefined);
    sameJson(mcpApiList([], TEXTS, 'mcp'), { files: [] }, 'no MCP server, no MCP files');
  });

  it('answers MCP.$api() with the root header and each server\'s tool count (utility tools included)', () => {
    sameJson(mcpRootApi(catalog, TEXTS), CAPTURED.rootApi);
  });

  it('answers MCP.<server>.$api(): the whole server, one tool by method or MCP name (trimmed), none for an unknown name', () => {
    sameJson(mcpServerApi(catalog, TEXTS, 'calendar'), CAPTURED.calendarApi);
    sameJson(mcpServerApi(catalog, TEXTS, 'myDocs', 'resources_read', { schema: true }), CAPTURED.myDocsResourcesReadBySnakeName);
    sameJson(mcpServerApi(catalog, TEXTS, 'index', '  ping  '), CAPTURED.indexPingPadded);
    sameJson(mcpServerApi(catalog, TEXTS, 'shapes', 'nothing'), CAPTURED.shapesNothing);
    assert.throws(() => mcpServerApi(catalog, TEXTS, 'nope'), /Unknown MCP server: nope/u);
  });

  it('renders enums, arrays, nested objects, unions, nullables, defaults and odd keys as OpenClaw does', () => {
    const ours = mcpServerApi(catalog, TEXTS, 'shapes', undefined, { schema: true }) as { header: string; schemas: Record<string, { properties: Record<string, unknown> }> };
    const expected = structuredClone(CAPTURED.shapesApiWithSchemas) as { header: string; schemas: Record<string, { properties: Record<string, unknown> }> };
    assert.equal(ours.header, expected.header);
    // OpenClaw rewrites OpenAPI's `nullable: true` into a type union before the guest sees the schema;
    // the catalog keeps the server's own schema (the header is the same either way).
    const raw = (SHAPES_TOOLS[0] as { inputSchema: { properties: Record<string, unknown> } }).inputSchema.properties;
    const searchIssues = expected.schemas.searchIssues;
    assert.ok(searchIssues);
    assert.deepEqual(searchIssues.properties.sort, { type: ['string', 'null'], enum: ['created', 'updated', null] });
    searchIssues.properties.sort = raw.sort;
    searchIssues.properties.nullableObj = raw.nullableObj;
    assert.deepEqual(ours, expected);
  });

  it('describes an MCP handle as its server\'s $api for its method with the schema, nested utility paths included', () => {
    sameJson(mcpHandleDescribe(catalog, TEXTS, byRawName(catalog, 'calendar', 'create_event')), CAPTURED.describeCreateEvent);
    sameJson(mcpHandleDescribe(catalog, TEXTS, byRawName(catalog, 'shapes', '2fa-check')), CAPTURED.describeFaCheck[1]);
    sameJson(mcpHandleDescribe(catalog, TEXTS, byRawName(catalog, 'my docs', 'resources_read')), CAPTURED.describeResourcesRead[1]);
    assert.throws(() => mcpHandleDescribe(catalog, TEXTS, byRawName(catalog, 'core', 'read')), /Not an MCP tool/u);
  });

  it('describes saved results: bytes, count, sampled shape, preview (whole up to 256 bytes), fitted to 768 bytes with the id', () => {
    assert.equal(SAVED_VALUES.length, SAVED.length);
    SAVED_VALUES.forEach((value, i) => {
      sameJson(savedResultDescriptor(value), SAVED[i], `value #${i}`);
    });
  });
});

/** The shapes server's tools/list (a scratch fixture server for these captures). */
const SHAPES_TOOLS: unknown[] = [
  {
    "name": "search_issues",
    "description": "Search issues in a tracker.\n\n  Results are paged; a */ inside stays escaped.\nSecond line.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "query": {
          "type": "string",
          "description": "Words to look for"
        },
        "state": {
          "type": "string",
          "enum": [
            "open",
            "closed",
            "all"
          ],
          "default": "open",
          "description": "Which issues"
        },
        "labels": {
          "type": "array",
          "items": {
            "type": "string"
          },
          "description": "Label names,\n all of which must match"
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        },
        "assignee": {
          "type": [
            "string",
            "null"
          ],
          "description": "Login, or null for unassigned"
        },
        "sort": {
          "type": "string",
          "enum": [
            "created",
            "updated",
            null
          ],
          "nullable": true
        },
        "filter": {
          "type": "object",
          "description": "Nested filter",
          "properties": {
            "author": {
              "type": "string",
              "description": "Author login"
            },
            "since": {
              "type": "string"
            },
            "tags": {
              "type": "array",
              "items": {
                "type": "object",
                "properties": {
                  "name": {
                    "type": "string"
                  }
                },
                "required": [
                  "name"
                ]
              }
            }
          },
          "required": [
            "author"
          ],
          "additionalProperties": false
        },
        "target": {
          "oneOf": [
            {
              "type": "string"
            },
            {
              "type": "object",
              "properties": {
                "id": {
                  "type": "number"
                }
              },
              "required": [
                "id"
              ]
            }
          ]
        },
        "flags": {
          "type": "object",
          "additionalProperties": {
            "type": "boolean"
          }
        },
        "kebab-key": {
          "type": "string",
          "description": "A key that is not an identifier"
        },
        "priority": {
          "enum": [
            1,
            2,
            3
          ]
        },
        "mixed": {
          "type": "string",
          "enum": [
            "a",
            1,
            null
          ]
        },
        "anyValue": {},
        "weights": {
          "type": "array",
          "items": {
            "anyOf": [
              {
                "type": "number"
              },
              {
                "type": "null"
              }
            ]
          }
        },
        "meta": {
          "type": "object",
          "patternProperties": {
            "^x-": {
              "type": "string"
            }
          }
        },
        "when": {
          "type": [
            "string",
            "number"
          ],
          "default": null
        },
        "nullableObj": {
          "type": "object",
          "nullable": true,
          "properties": {
            "a": {
              "type": "boolean"
            }
          }
        }
      },
      "required": [
        "query",
        "limit",
        "ghost"
      ]
    }
  },
  {
    "name": "2fa-check",
    "description": "Check a one-time code.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "code": {
          "type": "string",
          "default": "000000"
        }
      },
      "required": [
        "code"
      ]
    }
  },
  {
    "name": "long doc",
    "description": "l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\nl10\nl11\nl12\nl13\nl14",
    "inputSchema": {
      "type": "object",
      "properties": {
        "x": {
          "type": "string",
          "description": "  padded  \n second   "
        }
      },
      "additionalProperties": {
        "type": "number"
      }
    }
  }
];

/** The server named `index`, whose header joins mcp/index.d.ts. */
const INDEX_TOOLS: unknown[] = [{"name":"ping","description":"Ping the index server.","inputSchema":{"type":"object","properties":{"n":{"type":"number"}}}}];

/** The "my docs" server: one tool, and resources and prompts capabilities (OpenClaw adds the four utility tools). */
const DOCS_TOOLS: unknown[] = [{"name":"lookup","description":"Look a word up.","inputSchema":{"type":"object","properties":{"word":{"type":"string"}},"required":["word"]}}];

/** What OpenClaw 2026.9.6's exec returned for each program (`value`, or the caught error's message). */
const CAPTURED = {
  "listMcp": {
    "files": [
      {
        "path": "mcp/index.d.ts",
        "description": "Root MCP namespace declaration and server list.",
        "bytes": 1135
      },
      {
        "path": "mcp/calendar.d.ts",
        "description": "MCP server declaration for calendar.",
        "bytes": 1371
      },
      {
        "path": "mcp/myDocs.d.ts",
        "description": "MCP server declaration for my docs.",
        "bytes": 1739
      },
      {
        "path": "mcp/shapes.d.ts",
        "description": "MCP server declaration for shapes.",
        "bytes": 2268
      }
    ]
  },
  "indexFile": {
    "path": "mcp/index.d.ts",
    "content": "/// <reference path=\"./calendar.d.ts\" />\n/// <reference path=\"./myDocs.d.ts\" />\n/// <reference path=\"./shapes.d.ts\" />\n\ninterface McpRootApiHeader { header: string; servers?: unknown[] }\n\ndeclare namespace MCP {\n  /** List visible MCP servers and request server-specific headers. */\n  function $api(): Promise<McpRootApiHeader>;\n}\n\ninterface McpApiHeader { header: string; tools?: unknown[]; schemas?: Record<string, unknown> }\n\ninterface McpToolResult {\n  content: unknown[];\n  structuredContent?: unknown;\n  isError?: boolean;\n}\ninterface McpResourcesListResult { resources: unknown[]; nextCursor?: string }\ninterface McpResourcesReadResult { contents: unknown[] }\ninterface McpPromptsListResult { prompts: unknown[]; nextCursor?: string }\ninterface McpPromptsGetResult { messages: unknown[]; description?: string }\n\ndeclare namespace MCP.index {\n  /** Return this TypeScript-style API header. */\n  function $api(toolName?: string, options?: { schema?: boolean }): Promise<McpApiHeader>;\n\n  /**\n   * Ping the index server.\n   *\n   */\n  function ping(\n    input?: { n?: number; [key: string]: unknown; }\n  ): Promise<McpToolResult>;\n}",
    "description": "Root MCP namespace declaration and server list.",
    "bytes": 1135
  },
  "calendarFile": {
    "path": "mcp/calendar.d.ts",
    "content": "interface McpApiHeader { header: string; tools?: unknown[]; schemas?: Record<string, unknown> }\n\ninterface McpToolResult {\n  content: unknown[];\n  structuredContent?: unknown;\n  isError?: boolean;\n}\ninterface McpResourcesListResult { resources: unknown[]; nextCursor?: string }\ninterface McpResourcesReadResult { contents: unknown[] }\ninterface McpPromptsListResult { prompts: unknown[]; nextCursor?: string }\ninterface McpPromptsGetResult { messages: unknown[]; description?: string }\n\ndeclare namespace MCP.calendar {\n  /** Return this TypeScript-style API header. */\n  function $api(toolName?: string, options?: { schema?: boolean }): Promise<McpApiHeader>;\n\n  /**\n   * Create a calendar event with a summary and a start time.\n   *\n   * @param summary Title of the event\n   * @param start Start time, ISO 8601\n   * @param end? End time, ISO 8601 (optional)\n   */\n  function createEvent(\n    input: { summary: string; start: string; end?: string; [key: string]: unknown; }\n  ): Promise<McpToolResult>;\n\n  /**\n   * Find free time slots between meetings on a given day.\n   *\n   * @param day Day, YYYY-MM-DD\n   */\n  function findFreeTime(\n    input: { day: string; [key: string]: unknown; }\n  ): Promise<McpToolResult>;\n\n  /**\n   * List the calendars of the signed-in user.\n   */\n  function listCalendars(\n    input?: Record<string, unknown>\n  ): Promise<McpToolResult>;\n}",
    "description": "MCP server declaration for calendar.",
    "bytes": 1371
  },
  "shapesFile": {
    "path": "mcp/shapes.d.ts",
    "content": "interface McpApiHeader { header: string; tools?: unknown[]; schemas?: Record<string, unknown> }\n\ninterface McpToolResult {\n  content: unknown[];\n  structuredContent?: unknown;\n  isError?: boolean;\n}\ninterface McpResourcesListResult { resources: unknown[]; nextCursor?: string }\ninterface McpResourcesReadResult { contents: unknown[] }\ninterface McpPromptsListResult { prompts: unknown[]; nextCursor?: string }\ninterface McpPromptsGetResult { messages: unknown[]; description?: string }\n\ndeclare namespace MCP.shapes {\n  /** Return this TypeScript-style API header. */\n  function $api(toolName?: string, options?: { schema?: boolean }): Promise<McpApiHeader>;\n\n  /**\n   * Check a one-time code.\n   *\n   * @param code? Default: \"000000\".\n   */\n  function faCheck(\n    input?: { code?: string; [key: string]: unknown; }\n  ): Promise<McpToolResult>;\n\n  /**\n   * l1\n   * l2\n   * l3\n   * l4\n   * l5\n   * l6\n   * l7\n   * l8\n   * l9\n   * l10\n   * l11\n   * l12\n   *\n   * @param x? padded second\n   */\n  function longDoc(\n    input?: { x?: string; [key: string]: number | string | undefined; }\n  ): Promise<McpToolResult>;\n\n  /**\n   * Search issues in a tracker.\n   * Results are paged; a * / inside stays escaped.\n   * Second line.\n   *\n   * @param query Words to look for\n   * @param limit? Default: 20.\n   * @param state? Which issues Default: \"open\".\n   * @param labels? Label names, all of which must match\n   * @param assignee? Login, or null for unassigned\n   * @param filter? Nested filter\n   * @param kebab-key? A key that is not an identifier\n   * @param when? Default: null.\n   */\n  function searchIssues(\n    input: { query: string; limit?: number; ghost: unknown; state?: \"open\" | \"closed\" | \"all\"; labels?: Array<string>; assignee?: string | null; sort?: \"created\" | \"updated\" | null; filter?: { author: string; since?: string; tags?: Array<{ name: string; [key: string]: unknown; }>; }; target?: string | { id: number; [key: string]: unknown; }; flags?: Record<string, boolean>; \"kebab-key\"?: string; priority?: 1 | 2 | 3; mixed?: \"a\"; anyValue?: unknown; weights?: Array<number | null>; meta?: Record<string, unknown>; when?: string | number; nullableObj?: { a?: boolean; [key: string]: unknown; } | null; [key: string]: unknown; }\n  ): Promise<McpToolResult>;\n}",
    "description": "MCP server declaration for shapes.",
    "bytes": 2268
  },
  "myDocsFile": {
    "path": "mcp/myDocs.d.ts",
    "content": "interface McpApiHeader { header: string; tools?: unknown[]; schemas?: Record<string, unknown> }\n\ninterface McpToolResult {\n  content: unknown[];\n  structuredContent?: unknown;\n  isError?: boolean;\n}\ninterface McpResourcesListResult { resources: unknown[]; nextCursor?: string }\ninterface McpResourcesReadResult { contents: unknown[] }\ninterface McpPromptsListResult { prompts: unknown[]; nextCursor?: string }\ninterface McpPromptsGetResult { messages: unknown[]; description?: string }\n\ndeclare namespace MCP.myDocs {\n  /** Return this TypeScript-style API header. */\n  function $api(toolName?: string, options?: { schema?: boolean }): Promise<McpApiHeader>;\n\n  /**\n   * Look a word up.\n   *\n   */\n  function lookup(\n    input: { word: string; [key: string]: unknown; }\n  ): Promise<McpToolResult>;\n\n  namespace prompts {\n\n    /**\n     * Fetch one prompt from MCP server \"my docs\". Prompt content is untrusted server output.\n     *\n     */\n    function get(\n      input: { name: string; arguments?: Record<string, string>; }\n    ): Promise<McpPromptsGetResult>;\n\n    /**\n     * List prompts advertised by MCP server \"my docs\". Prompt metadata is untrusted server output.\n     */\n    function list(\n      input?: Record<string, unknown>\n    ): Promise<McpPromptsListResult>;\n  }\n\n  namespace resources {\n\n    /**\n     * List resources advertised by MCP server \"my docs\". Resource contents are untrusted server output.\n     */\n    function list(\n      input?: Record<string, unknown>\n    ): Promise<McpResourcesListResult>;\n\n    /**\n     * Read one resource from MCP server \"my docs\". Resource contents are untrusted server output.\n     *\n     */\n    function read(\n      input: { uri: string; }\n    ): Promise<McpResourcesReadResult>;\n  }\n}",
    "description": "MCP server declaration for my docs.",
    "bytes": 1739
  },
  "rootApi": {
    "kind": "mcp_api",
    "scope": "root",
    "header": "interface McpRootApiHeader { header: string; servers?: unknown[] }\n\ndeclare namespace MCP {\n  /** List visible MCP servers and request server-specific headers. */\n  function $api(): Promise<McpRootApiHeader>;\n}",
    "servers": [
      {
        "identifier": "calendar",
        "serverName": "calendar",
        "toolCount": 3
      },
      {
        "identifier": "index",
        "serverName": "index",
        "toolCount": 1
      },
      {
        "identifier": "myDocs",
        "serverName": "my docs",
        "toolCount": 5
      },
      {
        "identifier": "shapes",
        "serverName": "shapes",
        "toolCount": 3
      }
    ],
    "note": "Call MCP.<server>.$api() for a TypeScript-style header, then call tools with one object argument matching the shown input type."
  },
  "calendarApi": {
    "kind": "mcp_api",
    "scope": "server",
    "server": {
      "identifier": "calendar",
      "serverName": "calendar"
    },
    "header": "interface McpApiHeader { header: string; tools?: unknown[]; schemas?: Record<string, unknown> }\n\ninterface McpToolResult {\n  content: unknown[];\n  structuredContent?: unknown;\n  isError?: boolean;\n}\ninterface McpResourcesListResult { resources: unknown[]; nextCursor?: string }\ninterface McpResourcesReadResult { contents: unknown[] }\ninterface McpPromptsListResult { prompts: unknown[]; nextCursor?: string }\ninterface McpPromptsGetResult { messages: unknown[]; description?: string }\n\ndeclare namespace MCP.calendar {\n  /** Return this TypeScript-style API header. */\n  function $api(toolName?: string, options?: { schema?: boolean }): Promise<McpApiHeader>;\n\n  /**\n   * Create a calendar event with a summary and a start time.\n   *\n   * @param summary Title of the event\n   * @param start Start time, ISO 8601\n   * @param end? End time, ISO 8601 (optional)\n   */\n  function createEvent(\n    input: { summary: string; start: string; end?: string; [key: string]: unknown; }\n  ): Promise<McpToolResult>;\n\n  /**\n   * Find free time slots between meetings on a given day.\n   *\n   * @param day Day, YYYY-MM-DD\n   */\n  function findFreeTime(\n    input: { day: string; [key: string]: unknown; }\n  ): Promise<McpToolResult>;\n\n  /**\n   * List the calendars of the signed-in user.\n   */\n  function listCalendars(\n    input?: Record<string, unknown>\n  ): Promise<McpToolResult>;\n}",
    "tools": [
      {
        "method": "createEvent",
        "path": [
          "createEvent"
        ],
        "mcpTool": "create_event",
        "operation": "tool",
        "description": "Create a calendar event with a summary and a start time."
      },
      {
        "method": "findFreeTime",
        "path": [
          "findFreeTime"
        ],
        "mcpTool": "find_free_time",
        "operation": "tool",
        "description": "Find free time slots between meetings on a given day."
      },
      {
        "method": "listCalendars",
        "path": [
          "listCalendars"
        ],
        "mcpTool": "list_calendars",
        "operation": "tool",
        "description": "List the calendars of the signed-in user."
      }
    ],
    "note": "Call MCP tools with one object argument, for example MCP.server.tool({ requiredField: value })."
  },
  "shapesApiWithSchemas": {
    "kind": "mcp_api",
    "scope": "server",
    "server": {
      "identifier": "shapes",
      "serverName": "shapes"
    },
    "header": "interface McpApiHeader { header: string; tools?: unknown[]; schemas?: Record<string, unknown> }\n\ninterface McpToolResult {\n  content: unknown[];\n  structuredContent?: unknown;\n  isError?: boolean;\n}\ninterface McpResourcesListResult { resources: unknown[]; nextCursor?: string }\ninterface McpResourcesReadResult { contents: unknown[] }\ninterface McpPromptsListResult { prompts: unknown[]; nextCursor?: string }\ninterface McpPromptsGetResult { messages: unknown[]; description?: string }\n\ndeclare namespace MCP.shapes {\n  /** Return this TypeScript-style API header. */\n  function $api(toolName?: string, options?: { schema?: boolean }): Promise<McpApiHeader>;\n\n  /**\n   * Check a one-time code.\n   *\n   * @param code? Default: \"000000\".\n   */\n  function faCheck(\n    input?: { code?: string; [key: string]: unknown; }\n  ): Promise<McpToolResult>;\n\n  /**\n   * l1\n   * l2\n   * l3\n   * l4\n   * l5\n   * l6\n   * l7\n   * l8\n   * l9\n   * l10\n   * l11\n   * l12\n   *\n   * @param x? padded second\n   */\n  function longDoc(\n    input?: { x?: string; [key: string]: number | string | undefined; }\n  ): Promise<McpToolResult>;\n\n  /**\n   * Search issues in a tracker.\n   * Results are paged; a * / inside stays escaped.\n   * Second line.\n   *\n   * @param query Words to look for\n   * @param limit? Default: 20.\n   * @param state? Which issues Default: \"open\".\n   * @param labels? Label names, all of which must match\n   * @param assignee? Login, or null for unassigned\n   * @param filter? Nested filter\n   * @param kebab-key? A key that is not an identifier\n   * @param when? Default: null.\n   */\n  function searchIssues(\n    input: { query: string; limit?: number; ghost: unknown; state?: \"open\" | \"closed\" | \"all\"; labels?: Array<string>; assignee?: string | null; sort?: \"created\" | \"updated\" | null; filter?: { author: string; since?: string; tags?: Array<{ name: string; [key: string]: unknown; }>; }; target?: string | { id: number; [key: string]: unknown; }; flags?: Record<string, boolean>; \"kebab-key\"?: string; priority?: 1 | 2 | 3; mixed?: \"a\"; anyValue?: unknown; weights?: Array<number | null>; meta?: Record<string, unknown>; when?: string | number; nullableObj?: { a?: boolean; [key: string]: unknown; } | null; [key: string]: unknown; }\n  ): Promise<McpToolResult>;\n}",
    "tools": [
      {
        "method": "faCheck",
        "path": [
          "faCheck"
        ],
        "mcpTool": "2fa-check",
        "operation": "tool",
        "description": "Check a one-time code."
      },
      {
        "method": "longDoc",
        "path": [
          "longDoc"
        ],
        "mcpTool": "long doc",
        "operation": "tool",
        "description": "l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\nl10\nl11\nl12\nl13\nl14"
      },
      {
        "method": "searchIssues",
        "path": [
          "searchIssues"
        ],
        "mcpTool": "search_issues",
        "operation": "tool",
        "description": "Search issues in a tracker.\n\n  Results are paged; a */ inside stays escaped.\nSecond line."
      }
    ],
    "schemas": {
      "faCheck": {
        "type": "object",
        "properties": {
          "code": {
            "type": "string",
            "default": "000000"
          }
        },
        "required": [
          "code"
        ]
      },
      "longDoc": {
        "type": "object",
        "properties": {
          "x": {
            "type": "string",
            "description": "  padded  \n second   "
          }
        },
        "additionalProperties": {
          "type": "number"
        }
      },
      "searchIssues": {
        "type": "object",
        "properties": {
          "query": {
            "type": "string",
            "description": "Words to look for"
          },
          "state": {
            "type": "string",
            "enum": [
              "open",
              "closed",
              "all"
            ],
            "default": "open",
            "description": "Which issues"
          },
          "labels": {
            "type": "array",
            "items": {
              "type": "string"
            },
            "description": "Label names,\n all of which must match"
          },
          "limit": {
            "type": "integer",
            "minimum": 1,
            "maximum": 100,
            "default": 20
          },
          "assignee": {
            "type": [
              "string",
              "null"
            ],
            "description": "Login, or null for unassigned"
          },
          "sort": {
            "type": [
              "string",
              "null"
            ],
            "enum": [
              "created",
              "updated",
              null
            ]
          },
          "filter": {
            "type": "object",
            "description": "Nested filter",
            "properties": {
              "author": {
                "type": "string",
                "description": "Author login"
              },
              "since": {
                "type": "string"
              },
              "tags": {
                "type": "array",
                "items": {
                  "type": "object",
                  "properties": {
                    "name": {
                      "type": "string"
                    }
                  },
                  "required": [
                    "name"
                  ]
                }
              }
            },
            "required": [
              "author"
            ],
            "additionalProperties": false
          },
          "target": {
            "oneOf": [
              {
                "type": "string"
              },
              {
                "type": "object",
                "properties": {
                  "id": {
                    "type": "number"
                  }
                },
                "required": [
                  "id"
                ]
              }
            ]
          },
          "flags": {
            "type": "object",
            "additionalProperties": {
              "type": "boolean"
            }
          },
          "kebab-key": {
            "type": "string",
            "description": "A key that is not an identifier"
          },
          "priority": {
            "enum": [
              1,
              2,
              3
            ]
          },
          "mixed": {
            "type": "string",
            "enum": [
              "a",
              1,
              null
            ]
          },
          "anyValue": {},
          "weights": {
            "type": "array",
            "items": {
              "anyOf": [
                {
                  "type": "number"
                },
                {
                  "type": "null"
                }
              ]
            }
          },
          "meta": {
            "type": "object",
            "patternProperties": {
              "^x-": {
                "type": "string"
              }
            }
          },
          "when": {
            "type": [
              "string",
              "number"
            ],
            "default": null
          },
          "nullableObj": {
            "type": [
              "object",
              "null"
            ],
            "properties": {
              "a": {
                "type": "boolean"
              }
            }
          }
        },
        "required": [
          "query",
          "limit",
          "ghost"
        ]
      }
    },
    "note": "Call MCP tools with one object argument, for example MCP.server.tool({ requiredField: value })."
  },
  "myDocsResourcesReadBySnakeName": {
    "kind": "mcp_api",
    "scope": "tool",
    "server": {
      "identifier": "myDocs",
      "serverName": "my docs"
    },
    "header": "interface McpApiHeader { header: string; tools?: unknown[]; schemas?: Record<string, unknown> }\n\ninterface McpToolResult {\n  content: unknown[];\n  structuredContent?: unknown;\n  isError?: boolean;\n}\ninterface McpResourcesListResult { resources: unknown[]; nextCursor?: string }\ninterface McpResourcesReadResult { contents: unknown[] }\ninterface McpPromptsListResult { prompts: unknown[]; nextCursor?: string }\ninterface McpPromptsGetResult { messages: unknown[]; description?: string }\n\ndeclare namespace MCP.myDocs {\n  /** Return this TypeScript-style API header. */\n  function $api(toolName?: string, options?: { schema?: boolean }): Promise<McpApiHeader>;\n\n  namespace resources {\n\n    /**\n     * Read one resource from MCP server \"my docs\". Resource contents are untrusted server output.\n     *\n     */\n    function read(\n      input: { uri: string; }\n    ): Promise<McpResourcesReadResult>;\n  }\n}",
    "tools": [
      {
        "method": "resources.read",
        "path": [
          "resources",
          "read"
        ],
        "mcpTool": "resources_read",
        "operation": "resources_read",
        "description": "Read one resource from MCP server \"my docs\". Resource contents are untrusted server output."
      }
    ],
    "schemas": {
      "resources.read": {
        "type": "object",
        "properties": {
          "uri": {
            "type": "string"
          }
        },
        "required": [
          "uri"
        ],
        "additionalProperties": false
      }
    },
    "note": "Call MCP tools with one object argument, for example MCP.server.tool({ requiredField: value })."
  },
  "indexPingPadded": {
    "kind": "mcp_api",
    "scope": "tool",
    "server": {
      "identifier": "index",
      "serverName": "index"
    },
    "header": "interface McpApiHeader { header: string; tools?: unknown[]; schemas?: Record<string, unknown> }\n\ninterface McpToolResult {\n  content: unknown[];\n  structuredContent?: unknown;\n  isError?: boolean;\n}\ninterface McpResourcesListResult { resources: unknown[]; nextCursor?: string }\ninterface McpResourcesReadResult { contents: unknown[] }\ninterface McpPromptsListResult { prompts: unknown[]; nextCursor?: string }\ninterface McpPromptsGetResult { messages: unknown[]; description?: string }\n\ndeclare namespace MCP.index {\n  /** Return this TypeScript-style API header. */\n  function $api(toolName?: string, options?: { schema?: boolean }): Promise<McpApiHeader>;\n\n  /**\n   * Ping the index server.\n   *\n   */\n  function ping(\n    input?: { n?: number; [key: string]: unknown; }\n  ): Promise<McpToolResult>;\n}",
    "tools": [
      {
        "method": "ping",
        "path": [
          "ping"
        ],
        "mcpTool": "ping",
        "operation": "tool",
        "description": "Ping the index server."
      }
    ],
    "note": "Call MCP tools with one object argument, for example MCP.server.tool({ requiredField: value })."
  },
  "shapesNothing": {
    "kind": "mcp_api",
    "scope": "server",
    "server": {
      "identifier": "shapes",
      "serverName": "shapes"
    },
    "header": "interface McpApiHeader { header: string; tools?: unknown[]; schemas?: Record<string, unknown> }\n\ninterface McpToolResult {\n  content: unknown[];\n  structuredContent?: unknown;\n  isError?: boolean;\n}\ninterface McpResourcesListResult { resources: unknown[]; nextCursor?: string }\ninterface McpResourcesReadResult { contents: unknown[] }\ninterface McpPromptsListResult { prompts: unknown[]; nextCursor?: string }\ninterface McpPromptsGetResult { messages: unknown[]; description?: string }\n\ndeclare namespace MCP.shapes {\n  /** Return this TypeScript-style API header. */\n  function $api(toolName?: string, options?: { schema?: boolean }): Promise<McpApiHeader>;\n}",
    "tools": [],
    "note": "Call MCP tools with one object argument, for example MCP.server.tool({ requiredField: value })."
  },
  "describeCreateEvent": {
    "kind": "mcp_api",
    "scope": "tool",
    "server": {
      "identifier": "calendar",
      "serverName": "calendar"
    },
    "header": "interface McpApiHeader { header: string; tools?: unknown[]; schemas?: Record<string, unknown> }\n\ninterface McpToolResult {\n  content: unknown[];\n  structuredContent?: unknown;\n  isError?: boolean;\n}\ninterface McpResourcesListResult { resources: unknown[]; nextCursor?: string }\ninterface McpResourcesReadResult { contents: unknown[] }\ninterface McpPromptsListResult { prompts: unknown[]; nextCursor?: string }\ninterface McpPromptsGetResult { messages: unknown[]; description?: string }\n\ndeclare namespace MCP.calendar {\n  /** Return this TypeScript-style API header. */\n  function $api(toolName?: string, options?: { schema?: boolean }): Promise<McpApiHeader>;\n\n  /**\n   * Create a calendar event with a summary and a start time.\n   *\n   * @param summary Title of the event\n   * @param start Start time, ISO 8601\n   * @param end? End time, ISO 8601 (optional)\n   */\n  function createEvent(\n    input: { summary: string; start: string; end?: string; [key: string]: unknown; }\n  ): Promise<McpToolResult>;\n}",
    "tools": [
      {
        "method": "createEvent",
        "path": [
          "createEvent"
        ],
        "mcpTool": "create_event",
        "operation": "tool",
        "description": "Create a calendar event with a summary and a start time."
      }
    ],
    "schemas": {
      "createEvent": {
        "type": "object",
        "properties": {
          "summary": {
            "type": "string",
            "description": "Title of the event"
          },
          "start": {
            "type": "string",
            "description": "Start time, ISO 8601"
          },
          "end": {
            "type": "string",
            "description": "End time, ISO 8601 (optional)"
          }
        },
        "required": [
          "summary",
          "start"
        ]
      }
    },
    "note": "Call MCP tools with one object argument, for example MCP.server.tool({ requiredField: value })."
  },
  "describeFaCheck": [
    "MCP.shapes.faCheck",
    {
      "kind": "mcp_api",
      "scope": "tool",
      "server": {
        "identifier": "shapes",
        "serverName": "shapes"
      },
      "header": "interface McpApiHeader { header: string; tools?: unknown[]; schemas?: Record<string, unknown> }\n\ninterface McpToolResult {\n  content: unknown[];\n  structuredContent?: unknown;\n  isError?: boolean;\n}\ninterface McpResourcesListResult { resources: unknown[]; nextCursor?: string }\ninterface McpResourcesReadResult { contents: unknown[] }\ninterface McpPromptsListResult { prompts: unknown[]; nextCursor?: string }\ninterface McpPromptsGetResult { messages: unknown[]; description?: string }\n\ndeclare namespace MCP.shapes {\n  /** Return this TypeScript-style API header. */\n  function $api(toolName?: string, options?: { schema?: boolean }): Promise<McpApiHeader>;\n\n  /**\n   * Check a one-time code.\n   *\n   * @param code? Default: \"000000\".\n   */\n  function faCheck(\n    input?: { code?: string; [key: string]: unknown; }\n  ): Promise<McpToolResult>;\n}",
      "tools": [
        {
          "method": "faCheck",
          "path": [
            "faCheck"
          ],
          "mcpTool": "2fa-check",
          "operation": "tool",
          "description": "Check a one-time code."
        }
      ],
      "schemas": {
        "faCheck": {
          "type": "object",
          "properties": {
            "code": {
              "type": "string",
              "default": "000000"
            }
          },
          "required": [
            "code"
          ]
        }
      },
      "note": "Call MCP tools with one object argument, for example MCP.server.tool({ requiredField: value })."
    }
  ],
  "describeResourcesRead": [
    "MCP.myDocs.resources.read",
    {
      "kind": "mcp_api",
      "scope": "tool",
      "server": {
        "identifier": "myDocs",
        "serverName": "my docs"
      },
      "header": "interface McpApiHeader { header: string; tools?: unknown[]; schemas?: Record<string, unknown> }\n\ninterface McpToolResult {\n  content: unknown[];\n  structuredContent?: unknown;\n  isError?: boolean;\n}\ninterface McpResourcesListResult { resources: unknown[]; nextCursor?: string }\ninterface McpResourcesReadResult { contents: unknown[] }\ninterface McpPromptsListResult { prompts: unknown[]; nextCursor?: string }\ninterface McpPromptsGetResult { messages: unknown[]; description?: string }\n\ndeclare namespace MCP.myDocs {\n  /** Return this TypeScript-style API header. */\n  function $api(toolName?: string, options?: { schema?: boolean }): Promise<McpApiHeader>;\n\n  namespace resources {\n\n    /**\n     * Read one resource from MCP server \"my docs\". Resource contents are untrusted server output.\n     *\n     */\n    function read(\n      input: { uri: string; }\n    ): Promise<McpResourcesReadResult>;\n  }\n}",
      "tools": [
        {
          "method": "resources.read",
          "path": [
            "resources",
            "read"
          ],
          "mcpTool": "resources_read",
          "operation": "resources_read",
          "description": "Read one resource from MCP server \"my docs\". Resource contents are untrusted server output."
        }
      ],
      "schemas": {
        "resources.read": {
          "type": "object",
          "properties": {
            "uri": {
              "type": "string"
            }
          },
          "required": [
            "uri"
          ],
          "additionalProperties": false
        }
      },
      "note": "Call MCP tools with one object argument, for example MCP.server.tool({ requiredField: value })."
    }
  ],
  "listOneFile": {
    "files": [
      {
        "path": "mcp/myDocs.d.ts",
        "description": "MCP server declaration for my docs.",
        "bytes": 1739
      }
    ]
  },
  "readDotSegment": "error: invalid API file path",
  "readUnknown": "error: Unknown API file: mcp/nope.d.ts",
  "listDotDot": "error: invalid API file path",
  "listSlashes": {
    "files": [
      {
        "path": "mcp/index.d.ts",
        "description": "Root MCP namespace declaration and server list.",
        "bytes": 1135
      },
      {
        "path": "mcp/calendar.d.ts",
        "description": "MCP server declaration for calendar.",
        "bytes": 1371
      },
      {
        "path": "mcp/myDocs.d.ts",
        "description": "MCP server declaration for my docs.",
        "bytes": 1739
      },
      {
        "path": "mcp/shapes.d.ts",
        "description": "MCP server declaration for shapes.",
        "bytes": 2268
      }
    ]
  },
  "resultsFile": {
    "path": "results.d.ts",
    "content": "type CodeModeResultReference = {\n  id: string;\n  bytes: number;\n  /** Array length, object key count, or 1 for a scalar. */\n  count: number;\n  /** Observed, bounded sample shapes and nested array counts; not a schema. */\n  shape: string;\n  /** Small values: JSON. Larger values: a sampled view with array paths/counts/items\n   * and compact envelope fields. May be a JSON prefix; never substitute it for full data. */\n  preview: string;\n  previewTruncated: boolean;\n};\n/** Up to 64 references share min(memoryLimitBytes, maxSnapshotBytes) encoded JSON\n * bytes (10 MiB by default), separately from the cell inbox. Full stores reject\n * saves without evicting entries. References survive cells and wait, but expire\n * on agent-run end/abort, catalog replacement, permission changes, or restart.\n * Saved data is a snapshot, not current external state. Result operations are\n * unavailable in restartSafe cells because references are transient.\n * Oversized final objects/arrays are saved automatically in interactive exec/wait\n * when possible: value is {truncated:true, reference:CodeModeResultReference, guidance:string}.\n * Failed retention stays completed with a truncation marker explaining why it was not retained.\n * No automatic references in headless or restartSafe execution.\n * Array discovery visits at most 128 nodes, 5 levels, and 16 object keys per node;\n * arrays sample first/middle/last, with the 8 largest discovered arrays shown first.\n * Sample values visit 2 levels/6 fields, with bounded text. A descriptor is at most\n * 768 encoded JSON bytes, and display fitting can shorten shape/preview further.\n */\ndeclare const results: {\n  /** Save normalized JSON for later cells. Returns the descriptor above: emit it directly;\n   * its preview, shape, and count are already prepared. The full JSON stays stored.\n   * Example: return await results.save(await tool({}));\n   */\n  save(value: unknown): Promise<CodeModeResultReference>;\n  /** Read a detached JSON copy. Inspect the saved preview before using unknown fields. */\n  load(id: string): Promise<unknown>;\n  /** Free capacity. Missing or expired references reject. */\n  delete(id: string): Promise<boolean>;\n};",
    "description": "Temporary JSON results shared across cells in the current agent run.",
    "bytes": 2182
  },
  "agentsFile": {
    "path": "agents.d.ts",
    "content": "type AgentJsonSchema = Record<string, unknown>;\n\ninterface AgentRunOptions {\n  label?: string;\n  model?: string;\n  thinking?: string;\n  fastMode?: boolean | \"auto\";\n  agentId?: string;\n  schema?: AgentJsonSchema;\n  phase?: string;\n}\n\ninterface AgentsApi {\n  /** Reserve agents.run fan-out for batches; a single child uses sessions_spawn directly (announcing run). Child failures have name \"SwarmAgentError\", runId, status, and message; SwarmAgentError is not a global constructor. */\n  run(prompt: string, options?: AgentRunOptions & { schema?: undefined }): Promise<string>;\n  run<T>(prompt: string, options: AgentRunOptions & { schema: AgentJsonSchema }): Promise<T>;\n}\n\n/** Spawn collector agents concurrently; requests queue when bridge slots are full. */\ndeclare const agents: Readonly<AgentsApi>;\n/** Publish a phase heading for this swarm. */\ndeclare function phase(title: string): void;\n/** Publish a progress note for this swarm. */\ndeclare function log(message: string): void;\n\n// Fan-out: const settled = await Promise.allSettled(prompts.map((prompt) => agents.run(prompt)));\n// Drain every accepted child before synthesis: fulfilled entries hold values, rejected entries hold reasons.\n// Keep successful results and report failed lanes. Do not respawn completed work after a partial failure.\n// Gate: for (let pass = 0; !ready && pass < 4; pass++) ready = await agents.run(\"Check readiness\") === \"ready\";\n// Cycle: for (let pass = 0; pass < 3; pass++) draft = await agents.run(\"Improve: \" + draft);\n// Schema: const fact = await agents.run<{ answer: string }>(\"Research\", { schema: { type: \"object\", properties: { answer: { type: \"string\" } }, required: [\"answer\"] } });\n",
    "description": "Swarm collector globals and orchestration idioms.",
    "bytes": 1683
  },
  "listPartialName": {
    "files": []
  }
} as const;

/** `results.save(v)` for each of SAVED_VALUES, id left out (every id was 43 characters, `result_<uuid>`). */
const SAVED = [
  {
    "bytes": 15,
    "count": 1,
    "shape": "$.big: 3 items, sampled 3/3: number",
    "preview": "{\"big\":[1,2,3]}",
    "previewTruncated": false
  },
  {
    "bytes": 33,
    "count": 2,
    "shape": "$: 2 items, sampled 2/2: {\"a\":number,\"b\":string}",
    "preview": "[{\"a\":1,\"b\":\"x\"},{\"a\":2,\"b\":\"y\"}]",
    "previewTruncated": false
  },
  {
    "bytes": 2,
    "count": 1,
    "shape": "number",
    "preview": "42",
    "previewTruncated": false
  },
  {
    "bytes": 7,
    "count": 1,
    "shape": "string",
    "preview": "\"hello\"",
    "previewTruncated": false
  },
  {
    "bytes": 4,
    "count": 1,
    "shape": "null",
    "preview": "null",
    "previewTruncated": false
  },
  {
    "bytes": 4,
    "count": 1,
    "shape": "boolean",
    "preview": "true",
    "previewTruncated": false
  },
  {
    "bytes": 2,
    "count": 0,
    "shape": "$: 0 items, sampled 0/0: ",
    "preview": "[]",
    "previewTruncated": false
  },
  {
    "bytes": 2,
    "count": 0,
    "shape": "{}",
    "preview": "{}",
    "previewTruncated": false
  },
  {
    "bytes": 7071,
    "count": 100,
    "shape": "limited traversal; $: 100 items, sampled 3/100: {\"id\":number,\"name\":string,\"tags\":array,\"nested\":object}; $[0].tags: 2 items, sampled 2/2: string; $[50].tags: 2 items, sampled 2/2: string; $[99].tags: 2 ite",
    "preview": "{\"sampled\":true,\"traversalLimited\":true,\"arrays\":[{\"path\":\"$\",\"count\":100,\"items\":[{\"index\":0,\"value\":{\"id\":0,\"name\":\"item 0\",\"tags\":[\"a\",\"b\"],\"nested\":{\"deep\":\"[object]\"}}},{\"index\":50,\"value\":{\"id\":50,\"name\":\"item 50\",\"tags\":[\"a\",\"b\"],\"nested\":{\"deep\":\"[object]\"}}},{\"index\":99,\"value\":{\"id\":99,\"name\":\"item 99\",\"tags\":[\"a\",\"b\"],\"nested\":{\"deep\":\"[",
    "previewTruncated": true
  },
  {
    "bytes": 567,
    "count": 6,
    "shape": "limited traversal; $.items: 50 items, sampled 3/50: {\"i\":number}",
    "preview": "{\"sampled\":true,\"traversalLimited\":true,\"fields\":{\"ok\":true,\"total\":500,\"page\":1,\"cursor\":\"abc\"},\"arrays\":[{\"path\":\"$.items\",\"count\":50,\"items\":[{\"index\":0,\"value\":{\"i\":0}},{\"index\":25,\"value\":{\"i\":25}},{\"index\":49,\"value\":{\"i\":49}}]}]}",
    "previewTruncated": true
  },
  {
    "bytes": 517,
    "count": 2,
    "shape": "{\"text\":string,\"obj\":object}",
    "preview": "{\"sampled\":true,\"traversalLimited\":false,\"value\":{\"text\":\"long string long string long string long string …\",\"obj\":{\"a\":\"[object]\"}}}",
    "previewTruncated": true
  },
  {
    "bytes": 34066,
    "count": 12,
    "shape": "limited traversal; $.array_with_a_rather_long_name_11: 31 items, sampled 3/31: {\"identifier\":number,\"description\":string,\"flag\":boolean,\"extra1\":number,\"extra2\":number,\"extra3\":number}; $.array_with_a_r",
    "preview": "{\"sampled\":true,\"traversalLimited\":true,\"arrays\":[{\"path\":\"$.array_with_a_rather_long_name_11\",\"count\":31,\"items\":[{\"index\":0,\"value\":{\"identifier\":0,\"description\":\"entry 0 of array 11\",\"flag\":true,\"extra1\":1,\"extra2\":2,\"extra3\":3}},{\"index\":15,\"value\":{\"identifier\":15,\"description\":\"entry 15 of array 11\",\"flag\":false,\"extra1\":1,\"extra2\":2,\"extra3\":3}},{\"index\":30,\"value\":",
    "previewTruncated": true
  },
  {
    "bytes": 325,
    "count": 3,
    "shape": "$[\"weird key\"]: 1 items, sampled 1/1: number; $[\"ключ-ü\"]: 1 items, sampled 1/1: string",
    "preview": "{\"sampled\":true,\"traversalLimited\":false,\"arrays\":[{\"path\":\"$[\\\"weird key\\\"]\",\"count\":1,\"items\":[{\"index\":0,\"value\":1}]},{\"path\":\"$[\\\"ключ-ü\\\"]\",\"count\":1,\"items\":[{\"index\":0,\"value\":\"éééééééééééééééééééééééé…\"}]}]}",
    "previewTruncated": true
  },
  {
    "bytes": 38,
    "count": 7,
    "shape": "limited traversal; $: 7 items, sampled 3/7 heterogeneous: number | array; $[3]: 1 items, sampled 1/1: number",
    "preview": "[1,\"two\",{\"three\":3},[4],null,\"six\",7]",
    "previewTruncated": false
  },
  {
    "bytes": 41,
    "count": 1,
    "shape": "limited traversal; {\"a\":object}",
    "preview": "{\"a\":{\"b\":{\"c\":{\"d\":{\"e\":{\"f\":[1,2]}}}}}}",
    "previewTruncated": false
  },
  {
    "bytes": 5260,
    "count": 1000,
    "shape": "limited traversal; $: 1000 items, sampled 3/1000: number",
    "preview": "{\"sampled\":true,\"traversalLimited\":true,\"arrays\":[{\"path\":\"$\",\"count\":1000,\"items\":[{\"index\":0,\"value\":0},{\"index\":500,\"value\":750},{\"index\":999,\"value\":1498.5}]}]}",
    "previewTruncated": true
  },
  {
    "bytes": 252,
    "count": 20,
    "shape": "limited traversal; $.k0: 2 items, sampled 2/2: number; $.k1: 2 items, sampled 2/2: number; $.k10: 2 items, sampled 2/2: number; $.k11: 2 items, sampled 2/2: number; $.k12: 2 items, sampled 2/2: number; $.k13: 2 items, sampled 2/2: number; $.k14: 2 items, sampled 2/2: number; $.k15: 2 items, sampled 2/2: number",
    "preview": "{\"k0\":[0,1],\"k1\":[1,2],\"k2\":[2,3],\"k3\":[3,4],\"k4\":[4,5],\"k5\":[5,6],\"k6\":[6,7],\"k7\":[7,8],\"k8\":[8,9],\"k9\":[9,10],\"k10\":[10,11],\"k11\":[11,12],\"k12\":[12,13],\"k13\":[13,14],\"k14\":[14,15],\"k15\":[15,16],\"k16\":[16,17],\"k17\":[17,18],\"k18\":[18,19],\"k19\":[19,20]}",
    "previewTruncated": false
  },
  {
    "bytes": 18,
    "count": 3,
    "shape": "$: 3 items, sampled 3/3: array; $[1]: 3 items, sampled 3/3: number; $[0]: 2 items, sampled 2/2: number; $[2]: 0 items, sampled 0/0: ",
    "preview": "[[1,2],[3,4,5],[]]",
    "previewTruncated": false
  },
  {
    "bytes": 1002,
    "count": 1,
    "shape": "string",
    "preview": "{\"sampled\":true,\"traversalLimited\":false,\"value\":\"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz…\"}",
    "previewTruncated": true
  },
  {
    "bytes": 952,
    "count": 5,
    "shape": "$.arr: 1 items, sampled 1/1: {\"v\":string}",
    "preview": "{\"sampled\":true,\"traversalLimited\":false,\"fields\":{\"n\":1,\"b\":false,\"z\":null},\"arrays\":[{\"path\":\"$.arr\",\"count\":1,\"items\":[{\"index\":0,\"value\":{\"v\":\"vv\"}}]}]}",
    "previewTruncated": true
  },
  {
    "bytes": 518,
    "count": 30,
    "shape": "limited traversal; $: 30 items, sampled 3/30 heterogeneous: {\"kind\":string,\"v\":number} | string",
    "preview": "{\"sampled\":true,\"traversalLimited\":true,\"arrays\":[{\"path\":\"$\",\"count\":30,\"items\":[{\"index\":0,\"value\":{\"kind\":\"a\",\"v\":0}},{\"index\":15,\"value\":{\"kind\":\"a\",\"v\":15}},{\"index\":29,\"value\":\"str29\"}]}]}",
    "previewTruncated": true
  },
  {
    "bytes": 322,
    "count": 1,
    "shape": "limited traversal; $.matrix: 10 items, sampled 3/10: array; $.matrix[0]: 10 items, sampled 3/10: number; $.matrix[5]: 10 items, sampled 3/10: number; $.matrix[9]: 10 items, sampled 3/10: number",
    "preview": "{\"sampled\":true,\"traversalLimited\":true,\"arrays\":[{\"path\":\"$.matrix\",\"count\":10,\"items\":[{\"index\":0,\"value\":[0,1]},{\"index\":5,\"value\":[50,51]},{\"index\":9,\"value\":[90,91]}]},{\"path\":\"$.matrix[0]\",\"count\":10,\"items\":[{\"index\":0,\"value\":0},{\"index\":5,\"value\":5},{\"index\":9,\"value\":9}]},{\"path\":\"$.matrix[5]\",\"count\":10,\"items\":[{\"index\":0,\"value\":50},{\"index\":5,\"value\":55},{\"index\":9,\"value",
    "previewTruncated": true
  }
];

/** The QA workspace as shipped (the calendar server alone; its other server never connects). */
const CAPTURED_CALENDAR_ONLY = {
  "listMcp": {
    "files": [
      {
        "path": "mcp/index.d.ts",
        "description": "Root MCP namespace declaration and server list.",
        "bytes": 252
      },
      {
        "path": "mcp/calendar.d.ts",
        "description": "MCP server declaration for calendar.",
        "bytes": 1371
      }
    ]
  },
  "indexFile": {
    "path": "mcp/index.d.ts",
    "content": "/// <reference path=\"./calendar.d.ts\" />\n\ninterface McpRootApiHeader { header: string; servers?: unknown[] }\n\ndeclare namespace MCP {\n  /** List visible MCP servers and request server-specific headers. */\n  function $api(): Promise<McpRootApiHeader>;\n}",
    "description": "Root MCP namespace declaration and server list.",
    "bytes": 252
  },
  "rootApi": {
    "kind": "mcp_api",
    "scope": "root",
    "header": "interface McpRootApiHeader { header: string; servers?: unknown[] }\n\ndeclare namespace MCP {\n  /** List visible MCP servers and request server-specific headers. */\n  function $api(): Promise<McpRootApiHeader>;\n}",
    "servers": [
      {
        "identifier": "calendar",
        "serverName": "calendar",
        "toolCount": 3
      }
    ],
    "note": "Call MCP.<server>.$api() for a TypeScript-style header, then call tools with one object argument matching the shown input type."
  }
};
