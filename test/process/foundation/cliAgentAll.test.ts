import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCliCaptured } from '../../helpers/cliCapture';
import { scratchDir } from '../../helpers/scratch';

/**
 * Issue 41, part 6: `--agent all` runs catalog, preview, check and snapshot
 * once per agent of the config, one section each (JSON: `{ agents: [{ agent,
 * exitCode, output }] }`), and the exit code is the worst run's. Before, these
 * commands refused `--agent all` as an unknown agent (exit 2).
 */
const MULTI = path.join(__dirname, '..', '..', 'fixtures', 'capture', 'multi-agent');
const REFUSED = path.join(__dirname, '..', '..', 'fixtures', 'config-verdict', 'refused');

const run = (ws: string, ...argv: string[]) => runCliCaptured([...argv, '--workspace', ws, '--no-user-config'], ws);

describe('CLI --agent all (issue 41)', function () {
  this.timeout(120_000);

  it('catalog: one section per agent of a config without main, each with its own agent layer', async () => {
    const r = await run(MULTI, 'catalog', '--agent', 'all');
    assert.equal(r.code, 0, r.err);
    const heads = r.out.split('\n').filter((l) => l.startsWith('== agent '));
    assert.deepEqual(heads, ['== agent coder ==', '== agent helper ==']);
    assert.match(r.out, /== agent coder ==\n(?:.*\n)*?Agent: agent coder \(asked for\)/);
    assert.match(r.out, /== agent helper ==\n(?:.*\n)*?Agent: agent helper \(asked for\)/);
  });

  it('catalog and preview --json: { agents: [{ agent, exitCode, output }] }, each output the command\'s own JSON', async () => {
    for (const cmd of ['catalog', 'preview']) {
      const r = await run(MULTI, cmd, '--agent', 'all', '--json');
      assert.equal(r.code, 0, r.err);
      const j = JSON.parse(r.out) as { agents: { agent: string; exitCode: number; output: { catalogSize: number } }[] };
      assert.deepEqual(j.agents.map((a) => [a.agent, a.exitCode]), [['coder', 0], ['helper', 0]]);
      const [coder, helper] = j.agents;
      assert.ok((coder?.output.catalogSize ?? 0) > (helper?.output.catalogSize ?? 0), `${cmd}: coder (coding profile) has more tools than helper (minimal)`);
    }
  });

  it('snapshot: one snapshot per agent, each with its policy; --out with --agent all is a usage error', async () => {
    const r = await run(MULTI, 'snapshot', '--agent', 'all');
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out) as { agents: { agent: string; output: { policy: { agent?: string }; format: string } }[] };
    assert.deepEqual(j.agents.map((a) => a.output.policy.agent), ['coder', 'helper']);
    const bad = await run(MULTI, 'snapshot', '--agent', 'all', '--out', 'x.json');
    assert.equal(bad.code, 2);
    assert.match(bad.err, /--agent all prints one snapshot per agent on stdout; drop --out/);
  });

  it('check: every agent against one budget; exit 1 when any agent breaks it, or when OpenClaw refuses the config', async () => {
    const dir = scratchDir('tsi-agent-all-');
    const budget = path.join(dir, 'budget.json5');
    fs.writeFileSync(budget, '{ maxCatalogSize: 10 }\n');
    const r = await run(MULTI, 'check', '--agent', 'all', '--budget', budget);
    assert.equal(r.code, 1, r.err);
    assert.match(r.out, /== agent coder ==\n.*budget\.json5:1: \d+ tools are cataloged, over the budget of 10/);
    assert.match(r.out, /== agent helper ==\n.*budget\.json5: workspace \(live\) is within budget/);
    const refused = await run(REFUSED, 'check', '--agent', 'all', '--budget', budget);
    assert.equal(refused.code, 1);
    assert.match(refused.out, /== agent helper ==\nopenclaw\.json:10: OpenClaw 2026\.9\.6 would not start with this config: env\.OPENAI_BASE \(line 10\): Moved env\.OPENAI_BASE → env\.vars\.OPENAI_BASE\./);
  });

  it('an unknown --agent is still exit 2 with the agents listed', async () => {
    const r = await run(MULTI, 'catalog', '--agent', 'nope');
    assert.equal(r.code, 2);
    assert.match(r.err, /--agent "nope" is not an agent of .*; its agents: coder, helper/);
  });
});
