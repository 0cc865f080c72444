import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { configCandidates, ConfigInputError, loadOpenClawConfig, parseOpenClawConfig } from '../../../src/core/config/openclawConfig';
import { scratchDir } from '../../helpers/scratch';

const settingsOf = (text: string) => parseOpenClawConfig('openclaw.json', text);

describe('OpenClaw config', () => {
  describe('tools.toolSearch', () => {
    it('is off (direct) when unset, and says it was not configured', () => {
      const c = settingsOf('{ tools: {} }');
      assert.equal(c.settings.enabled, false);
      assert.equal(c.settings.mode, 'direct');
      assert.equal(c.settings.configured, false);
      assert.deepEqual(c.diagnostics, []);
    });

    it('true enables code mode with the design defaults', () => {
      const c = settingsOf('{ tools: { toolSearch: true } }');
      assert.deepEqual(
        { ...c.settings },
        { enabled: true, mode: 'code', codeTimeoutMs: 10000, searchDefaultLimit: 8, maxSearchLimit: 20, configured: true },
      );
    });

    it('false turns it off explicitly', () => {
      const c = settingsOf('{ tools: { toolSearch: false } }');
      assert.equal(c.settings.enabled, false);
      assert.equal(c.settings.configured, true);
    });

    it('an object with a key but no mode is code mode; an empty object is off, as in OpenClaw', () => {
      assert.equal(settingsOf('{ tools: { toolSearch: { enabled: true } } }').settings.mode, 'code');
      assert.equal(settingsOf('{ tools: { toolSearch: { maxSearchLimit: 10 } } }').settings.mode, 'code');
      assert.equal(settingsOf('{ tools: { toolSearch: { mode: "directory" } } }').settings.mode, 'directory');
      assert.equal(settingsOf('{ tools: { toolSearch: {} } }').settings.mode, 'direct');
    });

    // Non-positive values fall back to the default before the clamp (OpenClaw's readInteger); see test/unit/fidelity/config.test.ts.
    const clampCases: [string, string, number][] = [
      ['codeTimeoutMs: 10', 'codeTimeoutMs', 1000],
      ['codeTimeoutMs: 999999', 'codeTimeoutMs', 60000],
      ['maxSearchLimit: 500', 'maxSearchLimit', 50],
      ['maxSearchLimit: 5, searchDefaultLimit: 9', 'searchDefaultLimit', 5],
    ];
    for (const [body, key, expected] of clampCases) {
      it(`clamps ${body} and reports the clamp on its line`, () => {
        const c = settingsOf(`{\n  tools: {\n    toolSearch: {\n      ${body},\n    },\n  },\n}`);
        assert.equal((c.settings as unknown as Record<string, number>)[key], expected);
        const d = c.diagnostics.find((x) => x.message.includes(key) && x.message.includes('clamps it to'));
        assert.ok(d, `expected a clamp diagnostic for ${key}, got ${JSON.stringify(c.diagnostics)}`);
        assert.equal(d.line, 4);
        assert.equal(d.severity, 'warning');
      });
    }

    it('searchDefaultLimit defaults below a small maxSearchLimit without a diagnostic', () => {
      const c = settingsOf('{ tools: { toolSearch: { maxSearchLimit: 3 } } }');
      assert.equal(c.settings.searchDefaultLimit, 3);
      assert.deepEqual(c.diagnostics, []);
    });

    it('wrong types and unknown keys become diagnostics with positions, not exceptions', () => {
      const c = settingsOf('{\n tools: {\n  toolSearch: {\n   mode: 42,\n   codeTimeoutMs: "fast",\n   maxSearchLimt: 4,\n  },\n },\n}');
      const byLine = new Map(c.diagnostics.map((d) => [d.line, d]));
      assert.match(byLine.get(4)?.message ?? '', /mode 42 is not one of code, tools, directory; OpenClaw uses "code"/);
      assert.match(byLine.get(5)?.message ?? '', /codeTimeoutMs "fast" \(string\) is not a positive integer; OpenClaw uses the default 10000/);
      assert.match(byLine.get(6)?.message ?? '', /unknown key tools\.toolSearch\.maxSearchLimt: .*\(did you mean "maxSearchLimit"\?\)/);
      assert.equal(c.settings.codeTimeoutMs, 10000);
    });

    it('an unknown mode is an error that falls back to code', () => {
      const c = settingsOf('{ tools: { toolSearch: { mode: "magic" } } }');
      assert.equal(c.settings.mode, 'code');
      assert.equal(c.diagnostics[0]?.severity, 'error');
    });
  });

  describe('JSON5 parsing', () => {
    it('accepts comments, unquoted keys and trailing commas', () => {
      const c = settingsOf('// hi\n{ tools: { toolSearch: { mode: "tools", }, }, /* end */ }');
      assert.equal(c.settings.mode, 'tools');
      assert.deepEqual(c.diagnostics, []);
    });

    it('a syntax error names file, line and column and leaves defaults in place', () => {
      const c = parseOpenClawConfig('ws/openclaw.json', '{\n  tools: {\n    allow: ["read" "write"],\n  },\n}');
      assert.equal(c.diagnostics.length, 1);
      const d = c.diagnostics[0];
      assert.equal(d?.file, 'ws/openclaw.json');
      assert.equal(d?.line, 3);
      assert.ok((d?.column ?? 0) > 10);
      assert.match(d?.message ?? '', /JSON5 syntax error/);
      assert.equal(c.settings.enabled, false);
    });

    it('a config that is not an object is an error, not a crash', () => {
      const c = settingsOf('[1, 2, 3]');
      assert.match(c.diagnostics[0]?.message ?? '', /must be a JSON5 object/);
    });
  });

  describe('lookup order', () => {
    let dir: string;
    beforeEach(() => {
      dir = scratchDir('tsi-config-');
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('follows --config, OPENCLAW_CONFIG_PATH, workspace, .openclaw, home', () => {
      const c = configCandidates({ workspace: '/ws', env: { OPENCLAW_CONFIG_PATH: '/env/c.json' }, homeDir: '/home/u' });
      assert.deepEqual(
        c.map((x) => x.file),
        ['/env/c.json', '/ws/openclaw.json', '/ws/.openclaw/openclaw.json', '/home/u/.openclaw/openclaw.json'],
      );
      assert.deepEqual(configCandidates({ workspace: '/ws', configPath: 'x.json' }).map((x) => x.file), ['/ws/x.json']);
      assert.ok(!configCandidates({ workspace: '/ws', env: {}, noUserConfig: true, homeDir: '/home/u' }).some((x) => x.file.startsWith('/home')));
    });

    it('reads the first existing file and names it relative to the workspace', () => {
      fs.mkdirSync(path.join(dir, '.openclaw'));
      fs.writeFileSync(path.join(dir, '.openclaw', 'openclaw.json'), '{ tools: { toolSearch: { mode: "tools", maxSearchLimit: 99 } } }');
      const c = loadOpenClawConfig({ workspace: dir, env: {}, noUserConfig: true });
      assert.equal(c.settings.mode, 'tools');
      assert.equal(c.diagnostics[0]?.file, '.openclaw/openclaw.json');
    });

    it('a missing explicit config is an input error; a missing default is no config', () => {
      assert.throws(() => loadOpenClawConfig({ workspace: dir, configPath: 'nope.json', env: {} }), ConfigInputError);
      const c = loadOpenClawConfig({ workspace: dir, env: {}, noUserConfig: true });
      assert.equal(c.file, undefined);
      assert.equal(c.settings.configured, false);
    });
  });
});
