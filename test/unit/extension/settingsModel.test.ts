import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readInspectorSettings } from '../../../src/extension/settingsModel';
import { scratchDir } from '../../helpers/scratch';

const folder = path.resolve('/ws/demo');

function read(values: Record<string, unknown>) {
  return readInspectorSettings((k) => values[k], folder, { trusted: true });
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

  it('reads Compare\'s settings: the mock provider unless openai is chosen, empty model and prompt as unset', () => {
    assert.deepEqual(read({}).compare, { provider: 'mock' });
    assert.deepEqual(read({ 'compare.provider': 'elsewhere', 'compare.model': '', 'compare.prompt': '' }).compare, { provider: 'mock' });
    assert.deepEqual(read({ 'compare.provider': 'openai', 'compare.baseUrl': ' https://api.example/v1 ', 'compare.model': 'm1', 'compare.prompt': 'hi' }).compare, { provider: 'openai', baseUrl: ' https://api.example/v1 ', model: 'm1', prompt: 'hi' });
  });

  it('reads the assumed run-time conditions (the CLI --assume); an unusable entry is a problem', () => {
    assert.deepEqual(read({}).assume, []);
    assert.deepEqual(read({ assume: ['vision-model', 'credential-openai'] }).assume, ['vision-model', 'credential-openai']);
    const bad = read({ assume: 'vision-model' });
    assert.ok(bad.problems.some((p) => p.includes('assume')), bad.problems.join('; '));
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

  describe('untrusted workspaces', () => {
    let root: string;
    let ws: string;
    before(() => {
      root = fs.realpathSync(scratchDir('tsi-trust-'));
      ws = path.join(root, 'ws');
      fs.mkdirSync(path.join(ws, 'snaps'), { recursive: true });
      fs.writeFileSync(path.join(root, 'secret.json'), '{"token":"s3cret"}');
      fs.writeFileSync(path.join(ws, 'snaps', 'github.json'), '[]');
      // A link inside the folder that points out of it.
      fs.symlinkSync(path.join(root, 'secret.json'), path.join(ws, 'snaps', 'escape.json'));
    });
    after(() => fs.rmSync(root, { recursive: true, force: true }));

    const untrusted = (values: Record<string, unknown>) => readInspectorSettings((k) => values[k], ws, { trusted: false });

    it('reads snapshot and client-tools paths only inside the workspace folder, links resolved', () => {
      const s = untrusted({
        snapshots: ['github=snaps/github.json', `secret=${path.join(root, 'secret.json')}`, 'up=../secret.json', 'link=snaps/escape.json'],
        clientToolsPath: '../secret.json',
      });
      assert.deepEqual(s.snapshots.map((x) => x.name), ['github']);
      assert.equal(s.clientToolsPath, undefined);
      assert.equal(s.problems.filter((p) => /not trusted, and the path is outside the workspace folder/.test(p)).length, 4, s.problems.join('\n'));
      assert.equal(untrusted({ clientToolsPath: 'tools/not-yet-there.json' }).clientToolsPath, path.join(ws, 'tools', 'not-yet-there.json'));
    });

    it('a trusted workspace may name any file', () => {
      const s = readInspectorSettings((k) => ({ snapshots: [`secret=${path.join(root, 'secret.json')}`], clientToolsPath: '../secret.json' })[k], ws, { trusted: true });
      assert.deepEqual(s.snapshots.map((x) => x.name), ['secret']);
      assert.equal(s.clientToolsPath, path.join(root, 'secret.json'));
    });

    it('package.json lists the snapshots setting among the restricted configurations', () => {
      const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8')) as { capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } } };
      const restricted = pkg.capabilities.untrustedWorkspaces.restrictedConfigurations;
      for (const key of ['snapshots', 'clientToolsPath', 'configPath', 'sandbox.nodePath']) {
        assert.ok(restricted.includes(`toolSearchInspector.${key}`), key);
      }
    });
  });
});
