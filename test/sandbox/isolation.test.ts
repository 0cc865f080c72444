import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CodeBridge } from '../../src/core/bridge/codeBridge';
import { clearIsolationCache, probeIsolation } from '../../src/core/bridge/isolation';
import { findOsLayer, isOsLayer } from '../../src/core/bridge/osLayer';
import { launchConfigs, openDemo, sandboxBundle, unfrozenSandboxBundle, type Demo } from './harness';
import { scratchDir } from '../helpers/scratch';
import { FORBIDDEN_GLOBALS } from '../../src/sandbox/snippetContext';

describe('isolation probe', function () {
  let bundlePath: string;
  let scratch: string;

  before(async () => {
    bundlePath = await sandboxBundle();
    scratch = scratchDir('tsi-fake-node-');
  });
  after(() => fs.rmSync(scratch, { recursive: true, force: true }));

  for (const rt of launchConfigs()) {
    it(`measures real denials on ${rt.label}`, async function () {
      if (!rt.nodePath) {
        console.log(`      skipped: ${rt.missing}`);
        this.skip();
      }
      const iso = await probeIsolation(rt.nodePath, { bundlePath });
      assert.ok(iso.ok, iso.reason);
      const [major = 0, minor = 0] = iso.node.slice(1).split('.').map(Number);
      // Stable as --permission from Node 22.13 on.
      assert.equal(iso.flags[0], major >= 23 || (major === 22 && minor >= 13) ? '--permission' : '--experimental-permission');
      // The code goes in as `-e`: no file-system allowance at all.
      assert.equal(iso.entry, 'eval');
      assert.deepEqual(iso.flags.filter((f) => f.startsWith('--allow-')), []);
      assert.ok(iso.flags.includes('--disallow-code-generation-from-strings'));
      for (const c of [iso.fs, iso.childProcess, iso.worker]) {
        assert.deepEqual([c.contained, c.layer], [true, 'permission-model'], c.detail);
        assert.match(c.detail, /ERR_ACCESS_DENIED/);
      }
      assert.deepEqual([iso.env.contained, iso.env.layer], [true, 'empty-env']);
      // None of the globals it checked is there, and the report names the ones it checked.
      assert.deepEqual(iso.context, { forbiddenGlobals: [], checkedGlobals: [...FORBIDDEN_GLOBALS], codeGenerationBlocked: true, wasmBlocked: true });
      // Node before 25 lets the permission model's process connect; the report must say so.
      if (major >= 25) {
        assert.equal(iso.net.layer, 'permission-model', iso.net.detail);
        assert.match(iso.net.detail, /denied/);
      } else {
        assert.equal(iso.net.layer, 'vm-context', iso.net.detail);
        assert.match(iso.net.detail, /does not deny network .*reached a loopback listener/);
      }
    });
  }

  for (const rt of launchConfigs()) {
    it(`proves each layer it claims, and only those, on ${rt.label}`, async function () {
      if (!rt.nodePath) {
        console.log(`      skipped: ${rt.missing}`);
        this.skip();
      }
      const iso = await probeIsolation(rt.nodePath, { bundlePath });
      assert.ok(iso.ok, iso.reason);
      assert.ok(iso.flags.includes('--experimental-vm-modules'));
      const realm = iso.realm;
      assert.ok(realm, 'the report has no realm section');
      // Every route out of the context was tried and none reached the child's realm.
      assert.deepEqual(realm.escapes, []);
      assert.ok(realm.attempts.length >= 15, `only ${realm.attempts.length} routes tried`);
      for (const route of ['import() rejection', 'bridge error', 'proxy trap arguments', 'errors at the stack limit, calling the bridge']) {
        assert.ok(realm.attempts.includes(route), `route not tried: ${route}`);
      }
      assert.deepEqual([realm.intrinsicsFrozen, realm.processResidue, realm.globalResidue], [true, [], []]);
      const major = Number(iso.node.slice(1).split('.')[0]);
      assert.ok(iso.identity, 'no identity containment');
      assert.deepEqual([iso.identity.contained, iso.identity.layer, iso.identity.behind], [true, 'vm-context', ['process-hardening']], iso.identity.detail);
      assert.ok(iso.signals, 'no signals containment');
      if (isOsLayer(findOsLayer())) {
        // Linux with unshare and perl (this machine, CI): the child's own PID namespace, where the host does not exist.
        assert.deepEqual([iso.signals.contained, iso.signals.layer, iso.signals.behind], [true, 'os-namespace', ['vm-context', 'process-hardening']], iso.signals.detail);
        assert.match(iso.signals.detail, /the host's process does not exist for it \(signal 0 to the host's pid before hardening: failed, .*ESRCH/);
        assert.equal(iso.osLayer?.kind, 'pid-namespace');
      } else {
        // The permission model does not cover signals on any of these Nodes: the report says so instead of claiming it.
        assert.deepEqual([iso.signals.contained, iso.signals.layer, iso.signals.behind], [true, 'vm-context', ['process-hardening']], iso.signals.detail);
        assert.match(iso.signals.detail, /in-process layers only[\s\S]*permission model lets the child signal its parent/);
        assert.ok(iso.osLayerMissing, 'no OS layer and no reason why');
      }
      assert.deepEqual([iso.channel?.contained, iso.channel?.layer], [true, 'framed-channel']);
      if (major < 25) {
        assert.deepEqual(iso.net.behind, ['process-hardening']);
        assert.match(iso.net.detail, /routes out of it were tried .* none reached/);
      } else {
        assert.equal(iso.net.behind, undefined, 'a layer is claimed where the permission model holds alone');
      }
    });
  }

  /** A Node wrapper that drops one of the sandbox's options (it starts fine, so only the probe can tell). */
  function dropping(flag: string): string {
    const file = path.join(scratch, `drops${flag.replace(/[^a-z]/g, '-')}`);
    fs.writeFileSync(
      file,
      `#!/bin/sh
n=$#
for a in "$@"; do
  case "$a" in ${flag}) ;; *) set -- "$@" "$a" ;; esac
done
shift $n
exec ${JSON.stringify(process.execPath)} "$@"
`,
      { mode: 0o755 },
    );
    return file;
  }

  it('a child whose intrinsics are not frozen fails the probe, and no snippet runs there', async () => {
    clearIsolationCache();
    const iso = await probeIsolation('node', { bundlePath: await unfrozenSandboxBundle() });
    assert.equal(iso.ok, false);
    assert.match(iso.reason ?? '', /intrinsics are not frozen/);
    assert.equal(iso.net.contained, false);
  });

  it('a Node whose import() rejects from the main realm (no --experimental-vm-modules) fails the probe: the realm route is found', async () => {
    clearIsolationCache();
    const iso = await probeIsolation(dropping('--experimental-vm-modules'), { bundlePath });
    assert.equal(iso.ok, false);
    assert.match(iso.reason ?? '', /a snippet reaches the child's realm through import\(\) rejection/);
    assert.ok(iso.realm?.escapes.includes('import() rejection'));
    const demo = await openDemo();
    try {
      const r = await new CodeBridge({ api: demo.api, nodePath: dropping('--experimental-vm-modules'), bundlePath }).run('return 1', { timeoutMs: 2000 });
      assert.deepEqual([r.ok, r.stoppedBy], [false, 'isolation']);
    } finally {
      await demo.dispose();
    }
  });

  it('is probed once per binary', async () => {
    const a = probeIsolation('node', { bundlePath });
    assert.equal(probeIsolation('node', { bundlePath }), a);
  });

  it('reports a missing binary, and the bridge then refuses to run anything', async () => {
    const missing = path.join(scratch, 'no-node-here');
    const iso = await probeIsolation(missing, { bundlePath });
    assert.equal(iso.ok, false);
    assert.match(iso.reason ?? '', /not an executable file/);
    const demo = await openDemo();
    try {
      const bridge = new CodeBridge({ api: demo.api, nodePath: missing, bundlePath });
      const r = await bridge.run('return 1', { timeoutMs: 2000 });
      assert.deepEqual([r.ok, r.stoppedBy, r.trace.length], [false, 'isolation', 0]);
      assert.match(r.error ?? '', /not an executable file/);
    } finally {
      await demo.dispose();
    }
  });

  it('rejects a Node without the permission model', async () => {
    const old = path.join(scratch, 'node18');
    fs.writeFileSync(old, '#!/bin/sh\necho v18.20.0\n', { mode: 0o755 });
    const iso = await probeIsolation(old, { bundlePath });
    assert.equal(iso.ok, false);
    assert.match(iso.reason ?? '', /Node v18\.20\.0; the sandbox needs Node 20 or later/);
  });

  it('catches a Node that accepts the flags but does not enforce them, and never runs code there', async () => {
    // A wrapper that drops the permission flags: it starts fine, so only a
    // probe of real denials can tell.
    const liar = dropping('--permission|--experimental-permission|--allow-fs-read=*');
    clearIsolationCache();
    const iso = await probeIsolation(liar, { bundlePath });
    assert.equal(iso.ok, false);
    assert.match(iso.reason ?? '', /fs: the probe child wrote a file.*childProcess: spawning a process was not denied/);
    assert.equal(iso.fs.contained, false);
    let demo: Demo | undefined;
    try {
      demo = await openDemo();
      const canary = path.join(scratch, 'never.txt');
      const bridge = new CodeBridge({ api: demo.api, nodePath: liar, bundlePath });
      const r = await bridge.run(`return 1`, { timeoutMs: 2000 });
      assert.equal(r.stoppedBy, 'isolation');
      assert.ok(!fs.existsSync(canary));
    } finally {
      await demo?.dispose();
    }
  });
});
