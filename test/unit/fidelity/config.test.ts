import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { OPENCLAW_CONFIG_SCHEMA, type SchemaNode } from '../../../src/core/config/configSchema';
import { parseOpenClawConfig } from '../../../src/core/config/openclawConfig';
import { OpenWorkspace } from '../../../src/core/workspace';
import { readInspectorSettings } from '../../../src/extension/settingsModel';
import { scratchDir } from '../../helpers/scratch';

const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'openclaw-policy');
const cases = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'toolsearch-cases.json'), 'utf8')) as unknown[];
// Recorded from OpenClaw 2026.9.6's resolveToolSearchConfig by record-toolsearch.mjs, not from this product.
const expected = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'toolsearch-expected-2026.9.6.json'), 'utf8')) as {
  enabled: boolean;
  mode: string;
  codeTimeoutMs: number;
  searchDefaultLimit: number;
  maxSearchLimit: number;
}[];

const at = (body: string) => parseOpenClawConfig('openclaw.json', `{\n  tools: {\n    toolSearch: ${body},\n  },\n}`);

describe('fidelity: tools.toolSearch (OpenClaw tool-search-config.ts resolveToolSearchConfig)', () => {
  cases.forEach((c, i) => {
    const want = expected[i];
    it(`${JSON.stringify(c)} -> ${want?.enabled ? want.mode : 'off'} ${want?.codeTimeoutMs}/${want?.searchDefaultLimit}/${want?.maxSearchLimit}`, () => {
      const s = parseOpenClawConfig('openclaw.json', JSON.stringify({ tools: { toolSearch: c } })).settings;
      assert.ok(want);
      assert.equal(s.enabled, want.enabled);
      // Off is shown as direct mode; the mode OpenClaw would use when on is only compared when on.
      assert.equal(s.mode, want.enabled ? want.mode : 'direct');
      assert.deepEqual([s.codeTimeoutMs, s.searchDefaultLimit, s.maxSearchLimit], [want.codeTimeoutMs, want.searchDefaultLimit, want.maxSearchLimit]);
    });
  });

  interface DiagRow {
    behaviour: string;
    body: string;
    severity: 'error' | 'warning' | 'info';
    message: RegExp;
  }
  const DIAGNOSTICS: DiagRow[] = [
    { behaviour: 'a non-positive integer falls back to the default (readInteger)', body: '{ maxSearchLimit: 0 }', severity: 'warning', message: /maxSearchLimit 0 is not a positive integer; OpenClaw uses the default 20/ },
    { behaviour: 'a non-integer falls back to the default (readInteger)', body: '{ searchDefaultLimit: 2.5 }', severity: 'warning', message: /searchDefaultLimit 2\.5 is not a positive integer; OpenClaw uses the default 8/ },
    { behaviour: 'a string is not an integer (readInteger), and the schema rejects it', body: '{ maxSearchLimit: "8" }', severity: 'error', message: /maxSearchLimit "8" \(string\) is not a positive integer; OpenClaw uses the default 20/ },
    { behaviour: 'an empty object is off (configured = any key but enabled)', body: '{}', severity: 'warning', message: /empty object: OpenClaw reads it as off/ },
    { behaviour: 'enabled: false wins over a mode (resolveBoolean)', body: '{ enabled: false, mode: "tools" }', severity: 'info', message: /enabled is false: Tool Search is off whatever else is set \(mode "tools" is not used\)/ },
    { behaviour: 'an unknown mode means code', body: '{ mode: "fast" }', severity: 'error', message: /mode "fast" is not one of code, tools, directory; OpenClaw uses "code"/ },
    { behaviour: 'clamps after the default (Math.max/Math.min)', body: '{ codeTimeoutMs: 10 }', severity: 'warning', message: /codeTimeoutMs 10 is outside 1000\.\.60000; OpenClaw clamps it to 1000/ },
  ];
  for (const r of DIAGNOSTICS) {
    it(`diagnostic with file:line: ${r.behaviour}`, () => {
      const c = at(r.body);
      const d = c.diagnostics.find((x) => r.message.test(x.message));
      assert.ok(d, `no diagnostic ${r.message} in ${JSON.stringify(c.diagnostics)}`);
      assert.equal(d.severity, r.severity);
      assert.equal(d.file, 'openclaw.json');
      assert.equal(d.line, 3);
    });
  }
});

/** A value the node accepts, holding every key the node names. */
function sample(n: SchemaNode, depth = 0): unknown {
  const node = typeof n === 'object' && 'ref' in n ? OPENCLAW_CONFIG_SCHEMA.defs[n.ref] ?? 'any' : n;
  if (depth > 40) {
    return undefined;
  }
  if (node === 'string' || node === 'any') {
    return 'x';
  }
  if (node === 'number') {
    return 1;
  }
  if (node === 'boolean') {
    return true;
  }
  if (node === 'null') {
    return null;
  }
  if (typeof node !== 'object') {
    return undefined;
  }
  if ('enum' in node) {
    return node.enum[0];
  }
  if ('array' in node) {
    return [sample(node.array, depth + 1)];
  }
  if ('record' in node) {
    return { k: sample(node.record, depth + 1) };
  }
  if ('anyOf' in node) {
    const objectish = node.anyOf.find((o) => typeof o === 'object' && ('object' in o || 'ref' in o));
    return sample(objectish ?? node.anyOf[0] ?? 'any', depth + 1);
  }
  if ('object' in node) {
    return Object.fromEntries(Object.entries(node.object).map(([k, v]) => [k, sample(v, depth + 1)]));
  }
  return undefined;
}

describe('fidelity: the config schema table (OpenClaw 2026.9.6 OpenClawSchema)', () => {
  const root = OPENCLAW_CONFIG_SCHEMA.root;
  const top = typeof root === 'object' && 'object' in root ? Object.keys(root.object) : [];

  it('came from the version it names, with the script that made it', () => {
    assert.equal(OPENCLAW_CONFIG_SCHEMA.openclawVersion, '2026.9.6');
    assert.ok(top.length > 40, `top-level keys: ${top.length}`);
    for (const k of ['tools', 'agents', 'mcp', 'plugins', 'security', 'transcripts', 'proxy', 'surfaces', 'accessGroups']) {
      assert.ok(top.includes(k), `${k} is a top-level key of OpenClaw 2026.9.6`);
    }
  });

  for (const key of top) {
    it(`every key under ${key} is accepted without a warning`, () => {
      const rootObj = root as { object: Record<string, SchemaNode> };
      const cfg = { [key]: sample(rootObj.object[key] ?? 'any') };
      const c = parseOpenClawConfig('openclaw.json', JSON.stringify(cfg));
      const problems = c.diagnostics.filter((d) => d.severity !== 'info' && !/toolSearch/.test(d.message));
      assert.deepEqual(problems, []);
    });
  }

  interface Row {
    behaviour: string;
    config: unknown;
    severity?: 'error' | 'warning' | 'info';
    message?: RegExp;
    none?: RegExp;
  }
  const ROWS: Row[] = [
    { behaviour: 'documented tool sections are known', config: { tools: { subagents: {}, sessions: {}, fs: {} } }, none: /unknown key/ },
    { behaviour: 'documented MCP server keys are known', config: { mcp: { servers: { a: { command: 'x', supportsParallelToolCalls: true, codex: {}, requestTimeoutMs: 5, sslVerify: false, oauth: {} } } } }, none: /unknown key/ },
    { behaviour: 'no far-fetched did-you-mean; the release rejects it (an error, issue 41)', config: { tools: { toolbox: {} } }, severity: 'error', message: /unknown key tools\.toolbox: not in OpenClaw 2026\.9\.6's config schema; OpenClaw 2026\.9\.6 rejects it; `openclaw doctor --fix`: removes tools\.toolbox/ },
    { behaviour: 'tools.toolsBySender is a documented key', config: { tools: { toolsBySender: {} } }, none: /toolsBySender/ },
    { behaviour: 'a close typo gets a did-you-mean', config: { tools: { toolSearh: true } }, severity: 'error', message: /\(did you mean "toolSearch"\?\)/ },
    { behaviour: 'a legacy key is known, not unknown (doctor migrates it)', config: { meta: { lastTouchedAt: 'x' }, commitments: {} }, none: /unknown key/ },
    { behaviour: 'a legacy key the release rejects is an error with its doctor\'s own line (issue 41)', config: { commitments: {} }, severity: 'error', message: /commitments is a legacy key: OpenClaw 2026\.9\.6 rejects it; `openclaw doctor --fix`: Removed retired runtime tuning knobs: commitments/ },
    { behaviour: 'header values say what is allowed', config: { mcp: { servers: { a: { url: 'https://x.test', headers: { A: { source: 'env', provider: 'default', id: 'X' } } } } } }, severity: 'error', message: /headers\.A must be a string, a number or true or false, got an object; OpenClaw 2026\.9\.6 rejects this value/ },
    { behaviour: 'header numbers and booleans are fine', config: { mcp: { servers: { a: { url: 'https://x.test', headers: { A: 1, B: true } } } } }, none: /headers/ },
    { behaviour: 'an invalid enum says what is allowed', config: { tools: { profile: 'all' } }, severity: 'error', message: /tools\.profile must be one of "minimal", "coding", "messaging", "full"/ },
  ];
  for (const r of ROWS) {
    it(r.behaviour, () => {
      const c = parseOpenClawConfig('openclaw.json', JSON.stringify(r.config, null, 2));
      if (r.none) {
        assert.deepEqual(c.diagnostics.filter((d) => r.none?.test(d.message)), []);
      }
      if (r.message) {
        const d = c.diagnostics.find((x) => r.message?.test(x.message));
        assert.ok(d, `no ${r.message} in ${JSON.stringify(c.diagnostics)}`);
        assert.equal(d.severity, r.severity);
        assert.ok(d.line !== undefined);
      }
    });
  }
});

describe('fidelity: plugin faults are diagnostics with file and line', () => {
  let dir: string;
  beforeEach(() => {
    dir = scratchDir('tsi-fid-');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a missing load path and a manifest with a syntax error both show, with file and line, and unknown plugin ids too', async () => {
    fs.mkdirSync(path.join(dir, 'plugins', 'broken'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'plugins', 'broken', 'openclaw.plugin.json'), '{\n  "id": "broken",\n  "tools": [\n    { "name": "x" "description": "y" }\n  ]\n}');
    fs.writeFileSync(
      path.join(dir, 'openclaw.json'),
      '{\n  plugins: {\n    load: { paths: ["./nope", "./plugins/broken"] },\n    allow: ["broken", "telegarm"],\n    entries: { "memory-core": { enabled: true } },\n  },\n}',
    );
    const ws = new OpenWorkspace({ workspace: dir, noUserConfig: true, env: {}, liveMcp: () => undefined, openclawVersion: '2026.9.6' });
    const catalog = await ws.buildCatalog();
    await ws.dispose();
    const find = (re: RegExp) => catalog.diagnostics.find((d) => re.test(d.message));
    const missing = find(/plugin path "\.\/nope" does not exist/);
    assert.deepEqual([missing?.file, missing?.line, missing?.severity], ['openclaw.json', 3, 'error']);
    const syntax = find(/JSON5 syntax error/);
    assert.deepEqual([syntax?.file, syntax?.line], ['plugins/broken/openclaw.plugin.json', 4]);
    const unknown = find(/plugins\.allow\[1\] names plugin "telegarm"/);
    assert.deepEqual([unknown?.line, unknown?.severity], [4, 'warning']);
    assert.match(unknown?.message ?? '', /did you mean "telegram"\?/);
    // memory-core ships with OpenClaw 2026.9.6: known without a manifest.
    assert.equal(find(/memory-core/), undefined);
  });
});

describe('fidelity: choosing the modelled version from the editor', () => {
  it('toolSearchInspector.openclawVersion is read, and a malformed one is a problem, not a crash', () => {
    assert.equal(readInspectorSettings((k) => (k === 'openclawVersion' ? '2026.9.6' : undefined), '/ws').openclawVersion, '2026.9.6');
    const bad = readInspectorSettings((k) => (k === 'openclawVersion' ? 'latest' : undefined), '/ws');
    assert.equal(bad.openclawVersion, undefined);
    assert.match(bad.problems[0] ?? '', /openclawVersion: "latest" is not a version/);
  });
});

describe('catalog builder keeps every source\'s diagnostics', () => {
  let dir: string;
  beforeEach(() => {
    dir = scratchDir('tsi-fid-');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function diagnosticsOf(files: Record<string, string>, extra: Partial<ConstructorParameters<typeof OpenWorkspace>[0]> = {}) {
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    }
    const ws = new OpenWorkspace({ workspace: dir, noUserConfig: true, env: {}, liveMcp: () => undefined, ...extra });
    const catalog = await ws.buildCatalog();
    await ws.dispose();
    return catalog.diagnostics;
  }

  const SOURCES: { source: string; files: Record<string, string>; extra?: (d: string) => Partial<ConstructorParameters<typeof OpenWorkspace>[0]>; expect: RegExp; file: string }[] = [
    { source: 'config', files: { 'openclaw.json': '{\n  tools: { profile: "all" },\n}' }, expect: /tools\.profile must be one of/, file: 'openclaw.json' },
    { source: 'plugins (a fault found while listing, located in the config)', files: { 'openclaw.json': '{\n  plugins: { load: { paths: ["./gone"] } },\n}' }, expect: /plugin path "\.\/gone" does not exist/, file: 'openclaw.json' },
    { source: 'plugins (manifest)', files: { '.openclaw/extensions/p/openclaw.plugin.json': '{ "id": "p", "tools": [ { "name": 1 } ] }' }, expect: /plugin "p"/, file: '.openclaw/extensions/p/openclaw.plugin.json' },
    { source: 'client tools', files: { '.openclaw/client-tools.json': '{ "not": "an array" }' }, expect: /client tools must be a JSON array/, file: '.openclaw/client-tools.json' },
    {
      source: 'MCP snapshots',
      files: { 'snap.json': '"nothing"' },
      extra: (d) => ({ snapshots: [{ name: 's', path: path.join(d, 'snap.json') }] }),
      expect: /snapshot must be a tools\/list result/,
      file: 'snap.json',
    },
    {
      source: 'live MCP',
      files: {},
      extra: () => ({ liveMcp: () => ({ name: 'live', list: () => Promise.resolve({ tools: [], diagnostics: [{ file: 'mcp.json', line: 2, severity: 'error' as const, message: 'live server fault' }] }) }) }),
      expect: /live server fault/,
      file: 'mcp.json',
    },
  ];
  for (const s of SOURCES) {
    it(s.source, async () => {
      const ds = await diagnosticsOf(s.files, s.extra?.(dir));
      const d = ds.find((x) => s.expect.test(x.message));
      assert.ok(d, `no ${s.expect} in ${JSON.stringify(ds)}`);
      assert.ok(d.file.endsWith(s.file), `${d.file} should name ${s.file}`);
    });
  }
});
