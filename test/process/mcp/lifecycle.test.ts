import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { LiveMcpSource } from '../../../src/core/sources/mcp/liveMcpSource';
import type { CatalogEntry } from '../../../src/core/types';
import { childPids, hostileConfig, isAlive, REPO, waitFor } from '../../helpers/mcp';

const entry = (server: string, tool: string): CatalogEntry => ({ id: `mcp:${server}:${tool}`, source: 'mcp', sourceName: server, name: `${server}__${tool}`, description: '' });

describe('live MCP lifecycle', () => {
  let before0: number[];
  beforeEach(() => {
    before0 = childPids();
  });
  afterEach(async () => {
    assert.ok(await waitFor(() => childPids().length === before0.length), `children left: ${childPids().join(', ')}`);
  });

  it('notifications/tools/list_changed re-lists that server and announces the change', async () => {
    const source = new LiveMcpSource({ trusted: true, servers: [hostileConfig('grower', 'list-changed')] });
    try {
      const first = await source.list();
      assert.deepEqual(first.tools.map((t) => t.rawName).sort(), ['echo', 'fail', 'grow', 'slow']);
      let changes = 0;
      source.onDidChange(() => changes++);
      await source.executor.execute(entry('grower', 'grow'), {}, { callId: 'c1' });
      assert.ok(await waitFor(() => changes > 0), 'onDidChange fired');
      const second = await source.list();
      assert.ok(second.tools.some((t) => t.rawName === 'grown_4'), JSON.stringify(second.tools.map((t) => t.rawName)));
      assert.equal(second.servers?.[0]?.toolCount, 5);
    } finally {
      await source.dispose();
    }
  });

  it('a call past its timeout fails with the reason; calls to failed or unknown servers fail clearly', async () => {
    const source = new LiveMcpSource({
      trusted: true,
      servers: [hostileConfig('grower', 'list-changed'), hostileConfig('dead', 'exit-before-init')],
    });
    try {
      await source.list();
      await assert.rejects(source.executor.execute(entry('grower', 'slow'), {}, { callId: 'c', timeoutMs: 300 }), /no answer to tools\/call "slow" within 300 ms/);
      await assert.rejects(source.executor.execute(entry('dead', 'x'), {}, { callId: 'c' }), /MCP server "dead" is unavailable \(the server exited during initialize/);
      await assert.rejects(source.executor.execute(entry('grower', 'never_listed'), {}, { callId: 'c' }), /no longer lists this tool/);
    } finally {
      await source.dispose();
    }
  });

  it('refresh closes every child and the next list starts new ones', async () => {
    const source = new LiveMcpSource({ trusted: true, servers: [hostileConfig('a', 'ok'), hostileConfig('b', 'ok')] });
    try {
      await source.list();
      const running = childPids().filter((p) => !before0.includes(p));
      assert.equal(running.length, 2);
      // A listing asked for while the refresh is closing waits for it instead of racing it.
      const [, again] = await Promise.all([source.refresh(), source.list()]);
      assert.ok(await waitFor(() => running.every((p) => !isAlive(p))), 'old servers are gone after refresh');
      assert.deepEqual(again.servers?.map((s) => s.status), ['ok', 'ok']);
      assert.equal(childPids().length, before0.length + 2);
    } finally {
      await source.dispose();
    }
  });

  it('a server that exits later is reported failed and its tools leave the listing', async () => {
    const source = new LiveMcpSource({ trusted: true, servers: [hostileConfig('fragile', 'ok')] });
    try {
      const first = await source.list();
      assert.equal(first.servers?.[0]?.status, 'ok');
      let changes = 0;
      source.onDidChange(() => changes++);
      const [pid] = childPids().filter((p) => !before0.includes(p));
      assert.ok(pid !== undefined, 'the server has a child process');
      process.kill(pid, 'SIGKILL');
      assert.ok(await waitFor(() => changes > 0), 'onDidChange fired');
      const after = await source.list();
      assert.equal(after.servers?.[0]?.status, 'failed');
      assert.match(after.servers?.[0]?.error ?? '', /the server exited after listing its tools/);
      assert.deepEqual(after.tools, []);
      await assert.rejects(source.executor.execute(entry('fragile', 'echo'), {}, { callId: 'c' }), /MCP server "fragile" is unavailable \(the server exited after listing/);
    } finally {
      await source.dispose();
    }
  });

  it('dispose kills a server that ignores stdin close and SIGTERM', async () => {
    const source = new LiveMcpSource({ trusted: true, servers: [hostileConfig('stubborn', 'ignore-sigterm')] });
    await source.list();
    assert.equal(childPids().length, before0.length + 1);
    await source.dispose();
  });

  it('dispose while servers are still starting leaves nothing running', async () => {
    const source = new LiveMcpSource({ trusted: true, servers: [hostileConfig('slow', 'hang-init', { connectTimeoutMs: 30_000 })] });
    const listing = source.list();
    assert.ok(await waitFor(() => childPids().length > before0.length), 'the server was spawned');
    await source.dispose();
    const result = await listing;
    assert.equal(result.servers?.[0]?.status ?? 'failed', 'failed');
  });

  it('a process that exits without disposing takes its servers down', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(REPO, 'test', 'fixtures', 'mcp', 'exitWithoutDispose.ts')], { cwd: REPO });
    const { pids, ok } = JSON.parse(stdout) as { pids: number[]; ok: string[] };
    assert.deepEqual(ok, ['ok', 'ok']);
    assert.equal(pids.length, 2);
    assert.ok(await waitFor(() => pids.every((p) => !isAlive(p))), `still alive: ${pids.filter(isAlive).join(', ')}`);
  });
});
