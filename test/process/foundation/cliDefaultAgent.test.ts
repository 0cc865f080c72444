import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scratchDir } from '../../helpers/scratch';

/**
 * The default agent through the built CLI (`node dist/cli.js`, `npm run build`
 * first): with no `--agent`, OpenClaw runs the `default: true` agent (else the
 * only one) with its layers, and refuses several agents with no default
 * (`AgentSelectionRequiredError`); so does `catalog`.
 */
const REPO = path.resolve(__dirname, '..', '..', '..');
const CLI = path.join(REPO, 'dist', 'cli.js');

function cli(workspace: string, ...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [CLI, ...argv, '--workspace', workspace, '--no-user-config'], { cwd: REPO, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err && typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : err ? -1 : 0;
      if (code === -1) {
        reject(err ?? new Error('no exit code'));
        return;
      }
      resolve({ code, out: stdout, err: stderr });
    });
  });
}

interface CatalogJson {
  agent: { kind: string; id?: string; why?: string; line?: number };
  tools: { name: string; status: string; reason?: string }[];
  diagnostics: { line?: number; severity: string; message: string }[];
}

describe('CLI: catalog models the default agent, and refuses where OpenClaw does', function () {
  this.timeout(60000);

  it('no --agent: the default: true agent and its tools.deny decide (catalog --json)', async () => {
    const ws = scratchDir('cli-default-agent-');
    const config = { agents: { list: [{ id: 'chat' }, { id: 'ops', default: true, tools: { deny: ['exec'] } }] } };
    fs.writeFileSync(path.join(ws, 'openclaw.json'), JSON.stringify(config, null, 2));
    const r = await cli(ws, 'catalog', '--json', '--all', '--openclaw-version', '2026.9.6');
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out) as CatalogJson;
    assert.equal(j.agent.kind, 'default');
    assert.equal(j.agent.id, 'ops');
    assert.equal(j.agent.why, 'default-marker');
    const exec = j.tools.find((t) => t.name === 'exec');
    assert.equal(exec?.status, 'excluded');
    assert.match(exec?.reason ?? '', /agents\.list\[1\]\.tools\.deny/);
    const text = await cli(ws, 'catalog', '--openclaw-version', '2026.9.6');
    assert.match(text.out, /Agent: agent ops \(OpenClaw's default: the entry with default: true, openclaw\.json:\d+\)/);
  });

  it('several agents, no default, no --agent: exit 2 with the reason at agents.list; --json still prints it', async () => {
    const ws = scratchDir('cli-agent-refused-');
    const config = { agents: { list: [{ id: 'a' }, { id: 'b' }] } };
    fs.writeFileSync(path.join(ws, 'openclaw.json'), JSON.stringify(config, null, 2));
    const text = await cli(ws, 'catalog');
    assert.equal(text.code, 2);
    assert.equal(text.out, '');
    assert.match(text.err.trim(), /^openclaw\.json:3: Multiple agents are configured \(a, b\).*AgentSelectionRequiredError/);
    const r = await cli(ws, 'catalog', '--json');
    assert.equal(r.code, 2);
    const j = JSON.parse(r.out) as CatalogJson;
    assert.equal(j.agent.kind, 'refused');
    assert.equal(j.agent.line, 3);
    assert.ok(j.diagnostics.some((d) => d.severity === 'error' && d.line === 3 && /AgentSelectionRequiredError/.test(d.message)));
    const chosen = await cli(ws, 'catalog', '--json', '--agent', 'b');
    assert.equal(chosen.code, 0, chosen.err);
    assert.equal((JSON.parse(chosen.out) as CatalogJson).agent.kind, 'requested');
  });
});
