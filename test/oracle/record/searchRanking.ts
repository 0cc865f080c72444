/**
 * Records what the real OpenClaw answers for the search fixture, so that
 * test/unit/fidelity/search.test.ts can check our ranking and hints without
 * OpenClaw installed. Writes test/fixtures/search-ranking/catalog.json (the
 * catalog both sides search, frozen) and expected.json (OpenClaw's top-5 ids
 * per query in queries.json, and its input hint per tool).
 *
 * OpenClaw needs Node >= 24; run from the repository root with that Node:
 *
 *   node --import tsx test/oracle/record/searchRanking.ts --openclaw <path to node_modules/openclaw>
 *
 * (or set OPENCLAW_PACKAGE_DIR). The catalog comes from the search test
 * workspace (test/fixtures/search: core tools, GitHub and five LiveMCPBench
 * servers, client tools). OpenClaw's catalog entries are built here from it
 * the way OpenClaw builds them, independently of src/core/search: id
 * `${source}:${owner}:${name}` with the model-facing name, MCP label = title
 * or raw tool name.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CatalogTool } from '../../../src/core/types';
import { fixtureCatalog } from '../../unit/search/fixture';

const OUT = path.resolve(__dirname, '..', '..', 'fixtures', 'search-ranking');
const LIMIT = 5;

type Fn = (...args: unknown[]) => unknown;

function packageDir(): string {
  const i = process.argv.indexOf('--openclaw');
  const dir = i > 0 ? process.argv[i + 1] : process.env.OPENCLAW_PACKAGE_DIR;
  if (!dir || !fs.existsSync(path.join(dir, 'package.json'))) {
    throw new Error('pass --openclaw <path to node_modules/openclaw> (or set OPENCLAW_PACKAGE_DIR)');
  }
  return dir;
}

/** A dist chunk's exports by function name (chunk file names are hashed; function names are kept). */
async function chunk(dist: string, prefix: string): Promise<Record<string, Fn>> {
  const file = fs.readdirSync(dist).find((f) => f.startsWith(prefix) && f.endsWith('.mjs'));
  if (!file) {
    throw new Error(`no ${prefix}*.mjs in ${dist}`);
  }
  const mod = (await import(pathToFileURL(path.join(dist, file)).href)) as Record<string, unknown>;
  return Object.fromEntries(Object.values(mod).flatMap((v) => (typeof v === 'function' ? [[v.name, v as Fn]] : [])));
}

/** The fields the index reads, in our catalog's shape. */
function frozen(t: CatalogTool): Record<string, unknown> {
  const { id, source, sourceName, name, rawName, label, description, parameters, outputSchema } = t;
  return { id, source, sourceName, name, rawName, label, description, parameters, outputSchema };
}

/** OpenClaw's catalog entry for a tool (`toCatalogEntry`; MCP names and labels as bundle-mcp materializes them). */
function openClawEntry(t: CatalogTool): { id: string; source: string; sourceName: string; name: string; label?: string; description: string; parameters?: unknown } {
  const owner = t.source === 'mcp' ? t.name.slice(0, t.name.indexOf('__')) : t.sourceName;
  return {
    id: `${t.source}:${owner}:${t.name}`,
    source: t.source,
    sourceName: owner,
    name: t.name,
    label: t.source === 'mcp' ? (t.label ?? t.rawName) : t.label,
    description: t.description,
    parameters: t.parameters,
  };
}

async function main(): Promise<void> {
  const pkg = packageDir();
  const version = (JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8')) as { version: string }).version;
  const dist = path.join(pkg, 'dist');
  const lean = await chunk(dist, 'local-model-lean-');
  const hints = await chunk(dist, 'tool-contract-error-');
  const Runtime = lean.ToolSearchRuntime as unknown as new (ctx: unknown, config: unknown) => { search(q: string, o: { limit: number }): Promise<{ id: string }[]> };
  const compactInput = hints.compactToolInputHint;
  if (!Runtime || !compactInput) {
    throw new Error('ToolSearchRuntime or compactToolInputHint not found in this OpenClaw build');
  }

  const catalog = await fixtureCatalog();
  const tools = catalog.cataloged;
  const entries = tools.map(openClawEntry).sort((a, b) => a.id.localeCompare(b.id));
  const ourId = new Map(tools.map((t) => [openClawEntry(t).id, t.id]));
  for (const e of entries) {
    // OpenClaw cuts MCP descriptions at 1200 characters when it lists them; the fixture must not depend on that.
    if (e.source === 'mcp' && e.description.length > 1200) {
      throw new Error(`${e.id}: description longer than OpenClaw keeps`);
    }
  }
  const runtime = new Runtime({ catalogRef: { current: { entries, counterScope: 'record', searchCount: 0, describeCount: 0, callCount: 0 } } }, { searchDefaultLimit: LIMIT, maxSearchLimit: 50 });

  const { queries } = JSON.parse(fs.readFileSync(path.join(OUT, 'queries.json'), 'utf8')) as { queries: string[] };
  const results: { query: string; ids: string[] }[] = [];
  for (const query of queries) {
    const hits = await runtime.search(query, { limit: LIMIT });
    results.push({ query, ids: hits.map((h) => ourId.get(h.id) ?? `unmapped:${h.id}`) });
  }
  const inputHints = Object.fromEntries(tools.map((t) => [t.id, compactInput(t.parameters) as string]));

  fs.writeFileSync(path.join(OUT, 'catalog.json'), `${JSON.stringify({ about: 'Cataloged tools of the search test workspace, frozen for the OpenClaw ranking comparison.', tools: tools.map(frozen) }, null, 1)}\n`);
  fs.writeFileSync(
    path.join(OUT, 'expected.json'),
    `${JSON.stringify({ openclaw: version, node: process.version, recordedBy: 'test/oracle/record/searchRanking.ts', limit: LIMIT, results, inputHints }, null, 1)}\n`,
  );
  console.log(`recorded ${results.length} queries and ${tools.length} hints with openclaw ${version} on Node ${process.version}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
