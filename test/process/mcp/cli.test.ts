import * as assert from 'node:assert/strict';
import { runCliCaptured } from '../../helpers/cliCapture';
import { DEMO, HOSTILE, tempWorkspace } from '../../helpers/mcp';

const cli = (cwd: string, ...argv: string[]) => runCliCaptured(argv, cwd);

interface Json {
  tools: { id: string; name: string; source: string; sourceName: string; status: string }[];
  servers: { name: string; origin: string; transport: string; status: string; toolCount: number; durationMs: number; error?: string }[];
}

describe('CLI with live MCP servers', () => {
  it('catalog --json on the demo lists the real servers\' tools as mcp:<server>:<tool>, with per-server durationMs', async () => {
    const r = await cli(DEMO, 'catalog', '--workspace', DEMO, '--no-user-config', '--json');
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out) as Json;
    assert.deepEqual(
      j.servers.map((s) => [s.name, s.status, s.transport, typeof s.durationMs]),
      [
        ['everything', 'ok', 'stdio', 'number'],
        ['filesystem', 'ok', 'stdio', 'number'],
        ['memory', 'ok', 'stdio', 'number'],
      ],
    );
    for (const s of j.servers) {
      assert.equal(j.tools.filter((t) => t.sourceName === s.name && t.status === 'cataloged').length, s.toolCount);
    }
    assert.ok(j.tools.some((t) => t.id === 'mcp:memory:create_entities' && t.name === 'memory__create_entities' && t.source === 'mcp'));
  });

  it('--input supplies ${input:id}; without it the server fails naming the input; explain says unavailable', async () => {
    const dir = tempWorkspace({
      '.vscode/mcp.json': { inputs: [{ id: 'mode', type: 'promptString' }], servers: { fx: { command: 'node', args: [HOSTILE, '${input:mode}'] } } },
    });
    const without = JSON.parse((await cli(dir, 'catalog', '--no-user-config', '--json')).out) as Json;
    assert.match(without.servers[0]?.error ?? '', /needs a value for input "mode"/);
    const ex = await cli(dir, 'explain', 'fx__echo', '--no-user-config', '--json');
    assert.equal((JSON.parse(ex.out) as { matches: { status: string }[] }).matches[0]?.status, 'unavailable');
    const withIt = JSON.parse((await cli(dir, 'catalog', '--no-user-config', '--json', '--input', 'mode=ok')).out) as Json;
    assert.equal(withIt.servers[0]?.status, 'ok', JSON.stringify(withIt.servers));
    assert.ok(withIt.tools.some((t) => t.id === 'mcp:fx:echo'));
  });

  it('--import accepts claude and cursor only (exit 2 otherwise)', async () => {
    const r = await cli(DEMO, 'catalog', '--no-user-config', '--json', '--import', 'windsurf', '--workspace', tempWorkspace({}));
    assert.equal(r.code, 2);
    assert.match(r.err, /--import must be one of claude, cursor, got "windsurf"/);
  });
});
