import * as assert from 'node:assert/strict';
import type { AuthoringCatalog } from '../../../src/core/authoring/catalogTerms';
import { entryDiagnostics, hoverAt } from '../../../src/core/authoring/configAssist';
import { OPENCLAW_MODELS, type OpenClawModel } from '../../../src/core/policy/openclawVersions';
import type { CatalogTool } from '../../../src/core/types';
import { entryDiagnosticMessage, hoverMarkdown, termDetail } from '../../../src/extension/language/configLanguageText';

const MODEL = OPENCLAW_MODELS[OPENCLAW_MODELS.length - 1] as OpenClawModel;

function core(name: string, status: CatalogTool['status'] = 'cataloged'): CatalogTool {
  return { id: `openclaw:core:${name}`, source: 'openclaw', sourceName: 'core', name, description: '', status, decisions: [], groups: [] };
}

const CAT: AuthoringCatalog = {
  tools: [core('exec'), core('process', 'excluded'), core('read')],
  plugins: [],
  servers: [],
  model: MODEL,
};

describe('config language: hover and problem text', () => {
  it('a group hover lists the tools it selects by status, and the members this catalog lacks', () => {
    const text = '{ tools: { deny: ["group:runtime"] } }';
    const h = hoverAt('openclaw.json', text, text.indexOf('group:') + 2, CAT, MODEL);
    assert.ok(h);
    const md = hoverMarkdown(h);
    assert.match(md, /\*\*group:runtime\*\*: tool group, a deny entry/);
    assert.match(md, /Selects \*\*2\*\* tools in the current catalog/);
    assert.match(md, /\*cataloged\* \(1\)\n- `exec` · OpenClaw core/);
    assert.match(md, /\*excluded\* \(1\)\n- `process` · OpenClaw core/);
    const absent = (MODEL.groups['group:runtime'] ?? []).filter((n) => n !== 'exec' && n !== 'process');
    assert.ok(absent.length > 0);
    assert.ok(md.includes(`not in this catalog: ${absent.map((n) => `\`${n}\``).join(', ')}`), md);
  });

  it('a clamped tools.toolSearch value shows written and effective values and why', () => {
    const text = '{ tools: { toolSearch: { maxSearchLimit: 0 } } }';
    const h = hoverAt('openclaw.json', text, text.indexOf('maxSearch') + 1, CAT, MODEL);
    assert.ok(h);
    const md = hoverMarkdown(h, { enabled: true, mode: 'tools', codeTimeoutMs: 10000, searchDefaultLimit: 8, maxSearchLimit: 20, configured: true });
    assert.match(md, /Written: `0` → effective: \*\*`20`\*\*/);
    assert.match(md, /warning: tools\.toolSearch\.maxSearchLimit 0 is not a positive integer/);
    assert.match(md, /a search that asks for more gets 20 hits/);
    assert.ok(!md.includes('current catalog runs with'), 'the catalog agrees: nothing more to say');
  });

  it('a problem names the entry, the did-you-mean, and servers that listed nothing', () => {
    const [d] = entryDiagnostics('{ tools: { deny: ["exex"] } }', { ...CAT, servers: [{ name: 'gh', origin: 'x', transport: 'stdio', status: 'failed', toolCount: 0, durationMs: 0 }] });
    assert.ok(d);
    assert.equal(entryDiagnosticMessage(d, MODEL.version), '"exex" selects no tool in the current catalog; did you mean "exec"? (MCP server gh listed no tools, so it may name one of theirs)');
  });

  it('a completion detail says what an entry selects', () => {
    assert.equal(termDetail({ text: 'group:fs', kind: 'group', matches: 4 }), 'group · 4 tools');
    assert.equal(termDetail({ text: 'read', kind: 'tool', matches: 1, source: 'openclaw', sourceName: 'core', status: 'cataloged' }), 'OpenClaw core · cataloged');
  });
});
