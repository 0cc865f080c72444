// The tooling scripts run nested npm installs from inside `npm run`; what the
// outer npm injects must not reach them (code-server's postinstall read the
// outer Node's version from npm_config_user_agent and refused to install).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { scratchDir } from '../../helpers/scratch';

const ROOT = path.resolve(__dirname, '..', '..', '..');
type Env = Record<string, string | undefined>;

async function load<T>(rel: string): Promise<T> {
  return (await import(pathToFileURL(path.join(ROOT, rel)).href)) as T;
}

describe('tooling scripts', () => {
  it('cleanNpmEnv drops what npm run injects, keeps the rest and the machine npmrc pointers', async () => {
    const { cleanNpmEnv, injectedKeys } = await load<{ cleanNpmEnv(extra: Env, base: Env): Env; injectedKeys(base: Env): string[] }>('scripts/lib/cleanEnv.mjs');
    const outer: Env = {
      PATH: '/bin',
      HOME: '/home/u',
      NODE_EXTRA_CA_CERTS: '/etc/ca.pem',
      npm_config_user_agent: 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false',
      npm_config_nodedir: '/usr',
      npm_config_prefix: '/usr',
      npm_config_globalconfig: '/usr/etc/npmrc',
      npm_config_userconfig: '/home/u/.npmrc',
      npm_lifecycle_event: 'test:vscode',
      npm_lifecycle_script: 'node scripts/test-vscode.mjs',
      npm_package_name: 'tool-search-inspector',
      npm_package_json: '/repo/package.json',
      npm_node_execpath: '/usr/bin/node',
      npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js',
      npm_command: 'run-script',
      NODE: '/usr/bin/node',
      INIT_CWD: '/repo',
    };
    const env = cleanNpmEnv({ npm_config_nodedir: '/opt/node24' }, outer);
    assert.equal(env.PATH, '/bin');
    assert.equal(env.HOME, '/home/u');
    assert.equal(env.NODE_EXTRA_CA_CERTS, '/etc/ca.pem');
    assert.equal(env.npm_config_nodedir, '/opt/node24', 'a deliberate setting wins');
    assert.equal(env.npm_config_globalconfig, '/usr/etc/npmrc');
    assert.equal(env.npm_config_userconfig, '/home/u/.npmrc');
    for (const gone of ['npm_config_user_agent', 'npm_config_prefix', 'npm_lifecycle_event', 'npm_lifecycle_script', 'npm_package_name',
      'npm_package_json', 'npm_node_execpath', 'npm_execpath', 'npm_command', 'NODE', 'INIT_CWD']) {
      assert.equal(env[gone], undefined, gone);
    }
    assert.ok(injectedKeys(outer).includes('npm_config_user_agent'));
    assert.ok(!injectedKeys(outer).includes('PATH'));
  });

  it('a code-server folder without the proofs of its postinstall is not taken as installed', async () => {
    const { codeServerProblem } = await load<{ codeServerProblem(prefix: string): string | undefined }>('scripts/vscode-tooling.mjs');
    const prefix = scratchDir('tsi-cs-');
    try {
      const vscode = path.join(prefix, 'node_modules', 'code-server', 'lib', 'vscode');
      fs.mkdirSync(path.join(vscode, 'out'), { recursive: true });
      fs.writeFileSync(path.join(vscode, 'out', 'server-main.js'), '');
      // What npm leaves when the postinstall was skipped or died half-way.
      assert.match(codeServerProblem(prefix) ?? '', /postinstall did not finish/);
      for (const d of ['node_modules/@vscode/spdlog/build/Release', 'node_modules/kerberos/build/Release', 'extensions/node_modules', 'bin/remote-cli']) {
        fs.mkdirSync(path.join(vscode, d), { recursive: true });
      }
      // Native modules built for Node 24 by the postinstall's own npm install.
      fs.writeFileSync(path.join(vscode, 'node_modules/@vscode/spdlog/build/Release/spdlog.node'), '');
      fs.writeFileSync(path.join(vscode, 'node_modules/kerberos/build/Release/kerberos.node'), '');
      assert.match(codeServerProblem(prefix) ?? '', /bin\/remote-cli\/code-server/);
      fs.writeFileSync(path.join(vscode, 'bin', 'remote-cli', 'code-server'), '');
      assert.equal(codeServerProblem(prefix), undefined);
    } finally {
      fs.rmSync(prefix, { recursive: true, force: true });
    }
  });

  it('missing Debian packages are named with the exact command when they cannot be installed here', async () => {
    const { installCommand } = await load<{ installCommand(names: string[]): string }>('scripts/lib/systemPackages.mjs');
    assert.equal(installCommand(['chromium', 'libkrb5-dev']), 'apt-get update && apt-get install -y chromium libkrb5-dev');
  });
});
