import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseOpenClawConfig } from '../../../src/core/config/openclawConfig';
import { explainTool } from '../../../src/core/explain/explain';
import { discoverServers } from '../../../src/core/sources/mcp/discoverServers';
import type { Diagnostic } from '../../../src/core/types';
import { OpenWorkspace } from '../../../src/core/workspace';
import { scratchDir } from '../../helpers/scratch';

const DIR = path.join(__dirname, '..', '..', 'fixtures', 'real-configs');
const files = fs.readdirSync(DIR);
const openclawConfigs = files.filter((f) => f.endsWith('.openclaw.json')).sort();
const mcpConfigs = files.filter((f) => f.endsWith('.mcp.json')).sort();
// What OpenClaw 2026.9.6 itself calls unrecognized in each config (record-unknown.mjs), not this product's output.
const openclawUnknown = JSON.parse(fs.readFileSync(path.join(DIR, 'openclaw-unknown-keys-2026.9.6.json'), 'utf8')) as Record<string, { unknown: string[] }>;

const syntaxErrors = (ds: readonly Diagnostic[]) => ds.filter((d) => /syntax error/i.test(d.message));

/** The first half of a file: always a syntax error, which must be reported with its line. */
function truncated(text: string): string {
  return text.slice(0, Math.floor(text.length / 2));
}

describe('real public configs (test/fixtures/real-configs, sources in SOURCES.md)', () => {
  it('holds at least 20 configs, each with its source recorded', () => {
    const sources = fs.readFileSync(path.join(DIR, 'SOURCES.md'), 'utf8');
    assert.ok(openclawConfigs.length + mcpConfigs.length >= 20);
    for (const f of [...openclawConfigs, ...mcpConfigs]) {
      assert.match(sources, new RegExp(`\\| ${f.replace(/\./g, '\\.')} \\| [^|]+/[^|]+ \\|`), `${f} has a source row`);
    }
  });

  for (const f of openclawConfigs) {
    describe(f, () => {
      const file = path.join(DIR, f);
      const text = fs.readFileSync(file, 'utf8');

      it('builds a catalog without a crash; no syntax error; every key called unknown is one OpenClaw 2026.9.6 rejects', async () => {
        const ws = new OpenWorkspace({ workspace: DIR, configPath: file, noUserConfig: true, env: {}, liveMcp: () => undefined });
        const catalog = await ws.buildCatalog();
        await ws.dispose();
        assert.deepEqual(syntaxErrors(catalog.diagnostics), []);
        const rejected = new Set(openclawUnknown[f]?.unknown ?? []);
        const calledUnknown = catalog.diagnostics
          .filter((d) => d.severity === 'warning' || d.severity === 'error')
          .map((d) => /^unknown key (\S+):/.exec(d.message)?.[1])
          .filter((k): k is string => k !== undefined)
          .map((k) => k.replace(/\[(\d+)\]/g, '.$1'));
        for (const key of calledUnknown) {
          assert.ok(rejected.has(key), `${key} is called unknown, but OpenClaw 2026.9.6 accepts it`);
        }
        assert.ok(catalog.tools.length > 0);
      });

      it('every agent, sandboxed or not, gets a verdict for every tool, and explain answers', async () => {
        const cfg = parseOpenClawConfig(file, text);
        const list = (cfg.reader?.raw(['agents', 'list']) ?? []) as { id?: unknown }[];
        const agents = [undefined, ...(Array.isArray(list) ? list.map((a) => (typeof a?.id === 'string' ? a.id : undefined)) : [])];
        for (const agent of agents) {
          for (const sandboxed of [false, true]) {
            const ws = new OpenWorkspace({ workspace: DIR, configPath: file, noUserConfig: true, env: {}, liveMcp: () => undefined, policy: { agent, sandboxed } });
            const catalog = await ws.buildCatalog();
            await ws.dispose();
            for (const t of catalog.tools) {
              assert.ok(t.decisions.length > 0, `${t.id} has decisions`);
            }
            assert.ok(explainTool(catalog, 'exec').matches.length > 0);
          }
        }
      });

      it('a broken copy reports its syntax error with a line', () => {
        const c = parseOpenClawConfig(f, truncated(text));
        const errors = syntaxErrors(c.diagnostics);
        assert.equal(errors.length, 1);
        assert.ok(errors[0]?.line !== undefined && errors[0].line > 0);
      });
    });
  }

  for (const f of mcpConfigs) {
    describe(f, () => {
      const text = fs.readFileSync(path.join(DIR, f), 'utf8');
      const withWorkspace = (body: string, run: (dir: string) => void) => {
        const dir = scratchDir('tsi-real-');
        try {
          fs.mkdirSync(path.join(dir, '.vscode'));
          fs.writeFileSync(path.join(dir, '.vscode', 'mcp.json'), body);
          run(dir);
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      };

      it('reads its servers without starting anything or a syntax error', () => {
        withWorkspace(text, (dir) => {
          const found = discoverServers({ workspace: dir, env: {}, homeDir: path.join(dir, 'home') });
          assert.deepEqual(syntaxErrors(found.diagnostics), []);
          assert.ok(found.servers.length > 0);
        });
      });

      it('a broken copy reports its syntax error with a line', () => {
        withWorkspace(truncated(text), (dir) => {
          const found = discoverServers({ workspace: dir, env: {}, homeDir: path.join(dir, 'home') });
          const errors = syntaxErrors(found.diagnostics);
          assert.equal(errors.length, 1);
          assert.ok(errors[0]?.line !== undefined && errors[0].line > 0);
        });
      });
    });
  }
});
