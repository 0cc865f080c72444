import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Catalog } from '../../src/core/catalog/catalog';
import { buildCatalog } from '../../src/core/catalog/catalogBuilder';
import { defaultToolSearchSettings } from '../../src/core/config/toolSearchSettings';
import { ToolPolicy } from '../../src/core/policy/policyEngine';
import { mcpToolDefinitions } from '../../src/core/sources/mcpTools';
import type { ToolSourceProvider } from '../../src/core/sources/toolSource';
import type { Diagnostic, ToolDefinition } from '../../src/core/types';

/**
 * Loads the shared reference data (read in place, never copied or edited) and
 * turns it into real catalogs through the product's own builder.
 */

/** `TSI_SHARED_DATA`, else `../shared/data` next to the repository; undefined when absent. */
export function sharedDataDir(): string | undefined {
  const repoRoot = path.resolve(__dirname, '..', '..');
  const candidates = [process.env.TSI_SHARED_DATA, path.resolve(repoRoot, '..', 'shared', 'data')].filter((c): c is string => !!c);
  return candidates.find((c) => fs.existsSync(path.join(c, 'metatool', 'tools.json')));
}

export interface RawServer {
  name: string;
  tools: unknown[];
}

export interface LabelledQuery {
  query: string;
  /** Raw tool names that answer it. */
  gold: string[];
  /** 1-based row number in the source file (MetaTool: the CSV data row). */
  row: number;
}

/** RFC 4180 CSV (quoted fields, doubled quotes, newlines inside quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') {
        i++;
      }
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += c;
    }
  }
  if (field.length > 0 || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * MetaTool names are plugin names, one of which (`PDF&URLTool`) is not a
 * valid function name; the product would refuse it. The bench renames it as
 * an MCP server would (invalid characters to `_`), in tools and labels alike.
 */
function functionName(name: string): string {
  return name.replace(/[^A-Za-z0-9_.:-]/g, '_');
}

export function loadMetaTool(dir: string): { servers: RawServer[]; queries: LabelledQuery[] } {
  const raw = JSON.parse(fs.readFileSync(path.join(dir, 'metatool', 'tools.json'), 'utf8')) as Record<string, string>;
  const tools = Object.fromEntries(Object.entries(raw).map(([name, description]) => [functionName(name), description]));
  const rows = parseCsv(fs.readFileSync(path.join(dir, 'metatool', 'queries.csv'), 'utf8'));
  const queries = rows
    .slice(1)
    .map((r, i) => ({ query: r[0] ?? '', gold: [functionName(r[1] ?? '')], row: i + 1 }))
    .filter((q) => q.query.trim().length > 0);
  return {
    servers: [{ name: 'metatool', tools: Object.entries(tools).map(([name, description]) => ({ name, description, inputSchema: { type: 'object', properties: {} } })) }],
    queries,
  };
}

interface LiveServerFile {
  name: string;
  tools: Record<string, { tools?: unknown[] }>;
}

interface LiveTask {
  Question: string;
  'Annotator Metadata': { Tools: string };
}

export function loadLiveMcpBench(dir: string): { servers: RawServer[]; queries: LabelledQuery[] } {
  const file = JSON.parse(fs.readFileSync(path.join(dir, 'livemcpbench', 'tools.json'), 'utf8')) as LiveServerFile[];
  const servers: RawServer[] = [];
  for (const entry of file) {
    for (const [server, body] of Object.entries(entry.tools)) {
      servers.push({ name: server, tools: body.tools ?? [] });
    }
  }
  const tasks = JSON.parse(fs.readFileSync(path.join(dir, 'livemcpbench', 'annotations.json'), 'utf8')) as LiveTask[];
  const queries = tasks.map((t, i) => ({
    query: t.Question,
    gold: [
      ...new Set(
        t['Annotator Metadata'].Tools.split('\n')
          .map((l) => l.replace(/^\s*\d+\.\s*/, '').trim())
          .filter((l) => l.length > 0),
      ),
    ],
    row: i + 1,
  }));
  return { servers, queries };
}

export function loadGitHub(dir: string): RawServer {
  const folder = path.join(dir, 'github-mcp-server', 'toolsnaps');
  const tools = fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.snap'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(folder, f), 'utf8')) as unknown);
  return { name: 'github', tools };
}

/** A catalog built by the product's builder from in-memory MCP servers, with an allow-all policy. */
export async function catalogOf(servers: readonly RawServer[]): Promise<Catalog> {
  const provider: ToolSourceProvider = {
    name: 'bench',
    list: () => {
      const diagnostics: Diagnostic[] = [];
      const tools: ToolDefinition[] = servers.flatMap((s) => mcpToolDefinitions(s.name, s.tools, { file: `bench:${s.name}` }, diagnostics));
      return Promise.resolve({ tools, diagnostics });
    },
  };
  const settings = { ...defaultToolSearchSettings(), enabled: true, mode: 'code' as const, configured: true };
  return buildCatalog({ providers: [provider], policy: new ToolPolicy([]), settings });
}
