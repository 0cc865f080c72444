import * as assert from 'node:assert/strict';
import { spawnCommand, type OsLayer } from '../../../src/core/bridge/osLayer';
import { PATH_FOR_NODE } from '../../../src/core/bridge/protocol';

const layer: OsLayer = { kind: 'pid-namespace', command: '/usr/bin/unshare', namespaceArgs: ['--user', '--pid', '--fork', '--'], perl: '/usr/bin/perl' };

describe('the OS layer launcher (spawnCommand)', () => {
  it('without a layer: Node itself, with an empty environment', () => {
    assert.deepEqual(spawnCommand('/opt/node/bin/node', ['-e', '0'], undefined), { command: '/opt/node/bin/node', args: ['-e', '0'], env: {} });
  });

  it('a binary named node: unshare finds `node` on a PATH of its own folder (argv[0] is then "node"), no perl', () => {
    const r = spawnCommand('/opt/node-v24/bin/node', ['-e', '0'], layer);
    assert.equal(r.command, '/usr/bin/unshare');
    assert.deepEqual(r.args, ['--user', '--pid', '--fork', '--', 'node', '-e', '0']);
    assert.deepEqual(r.env, { [PATH_FOR_NODE]: '/opt/node-v24/bin' });
    assert.ok(!r.args.includes('/usr/bin/perl'));
  });

  it('a binary named otherwise, or in a folder a PATH cannot name: perl execs it as "node", with an empty environment', () => {
    for (const bin of ['/opt/node24', '/opt/a:b/bin/node']) {
      const r = spawnCommand(bin, ['-e', '0'], layer);
      assert.deepEqual(r.args.slice(0, 6), ['--user', '--pid', '--fork', '--', '/usr/bin/perl', '-e']);
      assert.deepEqual(r.args.slice(7), [bin, '-e', '0']);
      assert.deepEqual(r.env, {}, bin);
    }
  });
});
