import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { readInspectorSettings } from '../../../src/extension/settingsModel';

const folder = path.resolve('/ws/demo');

function read(values: Record<string, unknown>) {
  return readInspectorSettings((k) => values[k], folder);
}

describe('extension settings reader', () => {
  it('defaults: nothing set means the config decides', () => {
    const s = read({});
    assert.equal(s.configPath, undefined);
    assert.equal(s.mode, undefined);
    assert.equal(s.readUserConfig, true);
    assert.deepEqual(s.snapshots, []);
    assert.deepEqual(s.problems, []);
  });

  it('takes snapshots as NAME=PATH or {name, path}, resolved against the workspace folder', () => {
    const s = read({ snapshots: ['github=snapshots/github', { name: 'jira', path: '/abs/jira.json' }] });
    assert.deepEqual(s.snapshots, [
      { name: 'github', path: path.join(folder, 'snapshots', 'github') },
      { name: 'jira', path: '/abs/jira.json' },
    ]);
  });

  it('reports unusable entries instead of failing the whole setting', () => {
    const s = read({ snapshots: ['no-equals', { name: 'x' }, 'ok=a.json'], mode: 'turbo' });
    assert.deepEqual(s.snapshots.map((x) => x.name), ['ok']);
    assert.equal(s.problems.length, 3);
    assert.ok(s.problems.some((p) => /unknown mode "turbo"/.test(p)), s.problems.join('; '));
    assert.equal(s.mode, undefined);
  });

  it('reads the mode override, paths and the policy context', () => {
    const s = read({
      mode: 'directory', configPath: 'conf/openclaw.json', clientToolsPath: ' tools.json ', readUserConfig: false,
      'policy.agent': 'support', 'policy.provider': 'openai/gpt-5-mini', 'policy.sandboxed': true, 'policy.session': '',
      'sandbox.nodePath': '/opt/node/bin/node',
    });
    assert.equal(s.mode, 'directory');
    assert.equal(s.configPath, path.join(folder, 'conf', 'openclaw.json'));
    assert.equal(s.clientToolsPath, path.join(folder, 'tools.json'));
    assert.equal(s.readUserConfig, false);
    assert.deepEqual(s.policy, { agent: 'support', session: undefined, provider: 'openai/gpt-5-mini', sandboxed: true });
    assert.equal(s.sandboxNodePath, '/opt/node/bin/node');
    assert.equal(read({ mode: 'fromConfig' }).mode, undefined);
  });
});
