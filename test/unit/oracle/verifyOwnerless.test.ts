// verify on a release that cannot mark a tool's owner (2026.4.8: no setPluginToolMeta): the policy of its
// core tools is still judged, and the report names what was not (issue 42's held-out judge: verify stopped).
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { OracleError, type OpenClawOracle } from '../../../src/core/oracle/openclawOracle';
import { verifyCatalog } from '../../../src/core/oracle/verify';
import { OpenWorkspace } from '../../../src/core/workspace';

const DEMO = path.join(__dirname, '..', '..', '..', 'examples', 'demo');

describe('verify on a release without setPluginToolMeta', () => {
  it('judges the core tools alone and says the policy of plugin and MCP tools was not asked', async () => {
    const ws = new OpenWorkspace({ workspace: DEMO, noUserConfig: true, env: {}, liveMcp: () => undefined, openclawVersion: '2026.4.8' });
    try {
      const catalog = await ws.buildCatalog();
      const asked: string[][] = [];
      // Answers as 2026.4.8's child does: a plugin or MCP tool needs setPluginToolMeta, which that release lacks.
      const oracle = {
        version: '2026.4.8',
        recipe: async (name: string, args: { tools: { key: string; kind: string; name: string }[] }) => {
          assert.equal(name, 'policy');
          asked.push(args.tools.map((t) => t.kind));
          if (args.tools.some((t) => t.kind === 'plugin' || t.kind === 'mcp')) {
            throw new OracleError('openclaw 2026.4.8: no dist chunk exports a function named "setPluginToolMeta"', 'setPluginToolMeta');
          }
          return { tools: args.tools.map((t) => ({ key: t.key, allowed: true, name: t.name })) };
        },
      } as unknown as OpenClawOracle;
      const report = await verifyCatalog(oracle, { config: ws.configValue ?? {}, context: {}, catalog });
      assert.equal(asked.length, 2, 'asked again with the core tools alone');
      assert.ok(asked[1]?.every((k) => k === 'core') && (asked[1]?.length ?? 0) > 0, JSON.stringify(asked[1]));
      assert.equal(report.checked.policy, asked[1]?.length);
      assert.ok(report.notJudged?.checks.includes('the policy of plugin and MCP tools'), JSON.stringify(report.notJudged));
      assert.match(report.notJudged?.reason ?? '', /exports no setPluginToolMeta/);
    } finally {
      await ws.dispose();
    }
  });

  it('any other failure still stops verify', async () => {
    const ws = new OpenWorkspace({ workspace: DEMO, noUserConfig: true, env: {}, liveMcp: () => undefined, openclawVersion: '2026.4.8' });
    try {
      const catalog = await ws.buildCatalog();
      const oracle = { version: '2026.4.8', recipe: async () => Promise.reject(new OracleError('the child died')) } as unknown as OpenClawOracle;
      await assert.rejects(verifyCatalog(oracle, { config: {}, context: {}, catalog }), /the child died/);
    } finally {
      await ws.dispose();
    }
  });
});
