import * as assert from 'node:assert/strict';
import { SandboxProcess, describeExit } from '../../src/core/bridge/sandboxProcess';

/**
 * The host trusts nothing a child sends. Each case is a real child process
 * (plain Node, no sandbox) that writes hostile bytes where the sandbox child
 * writes its frames; the host must refuse, kill it, say why, and go on.
 */
const frame = (m: unknown): string => {
  const body = JSON.stringify(m);
  return `(() => { const b = Buffer.from(${JSON.stringify(body)}); const h = Buffer.alloc(4); h.writeUInt32BE(b.length); process.stdout.write(Buffer.concat([h, b])); })();`;
};
const READY = frame({ type: 'ready', node: process.version });
const STAY = 'setInterval(() => {}, 1000);';

const CASES: { name: string; script: string; problem: RegExp }[] = [
  { name: 'bytes that are not a frame', script: `process.stdout.write('Hello, I am definitely JSON');${STAY}`, problem: /announced a frame of \d+ bytes|not UTF-8 JSON/ },
  { name: 'a frame announced at 4 GB', script: `process.stdout.write(Buffer.from([255, 255, 255, 255]));${STAY}`, problem: /announced a frame of 4294967295 bytes; the limit is/ },
  { name: "Node's internal NODE_HANDLE_ACK, framed", script: `${READY}${frame({ cmd: 'NODE_HANDLE_ACK' })}${STAY}`, problem: /outside the bridge protocol \(an object without a known type\)/ },
  { name: 'a message before "ready"', script: `${frame({ type: 'log', level: 'log', text: 'early' })}${STAY}`, problem: /sent "log" before "ready"/ },
  { name: '"ready" twice', script: `${READY}${READY}${STAY}`, problem: /sent "ready" twice/ },
  { name: '"prepared" unasked', script: `${READY}${frame({ type: 'prepared', ok: true })}${STAY}`, problem: /sent "prepared" unasked/ },
  { name: 'a probe result that lies about its shape', script: `${READY}${frame({ type: 'probe-result', node: 'v1', realm: 'trust me' })}${STAY}`, problem: /outside the bridge protocol \(type "probe-result"\)/ },
  { name: 'invalid UTF-8 in a frame', script: `${READY}process.stdout.write(Buffer.from([0, 0, 0, 3, 0x22, 0xff, 0x22]));${STAY}`, problem: /not UTF-8 JSON/ },
];

describe('bridge channel: the host survives every message a child can send', function () {
  this.timeout(20_000);

  for (const c of CASES) {
    it(`refuses ${c.name}: the child is killed, the reason is kept, the host goes on`, async () => {
      const child = new SandboxProcess(process.execPath, ['-e', c.script]);
      const [exit] = await Promise.all([child.exited, child.ready.catch(() => undefined)]);
      assert.match(exit.protocolError ?? '', c.problem);
      assert.equal(exit.signal, 'SIGKILL');
      assert.match(describeExit(exit), /^killed by the host: it /);
      assert.equal(child.send({ type: 'bridge-result', id: 1, ok: true, valueJson: '1' }), false, 'a dead child is not written to');
    });
  }

  it('a child that vanishes mid-frame, or closes its pipes, is an exit, not a hang or a throw', async () => {
    const child = new SandboxProcess(process.execPath, ['-e', `${READY}process.stdout.write(Buffer.from([0, 0, 1, 0, 0x7b]), () => process.kill(process.pid, 'SIGKILL'));`]);
    await child.ready;
    const exit = await child.exited;
    assert.equal(exit.protocolError, undefined);
    assert.equal(exit.signal, 'SIGKILL');
    // Writing to the broken pipe afterwards neither throws nor crashes the host.
    assert.equal(child.send({ type: 'run', code: 'return 1', limits: { maxLogLines: 1, maxLogChars: 1, maxArgChars: 1, maxResultChars: 1, maxBridgeOps: 1 } }), false);
  });

  it('a good child is read: frames after "ready" reach the listener in order', async () => {
    const child = new SandboxProcess(process.execPath, ['-e', `${READY}${frame({ type: 'log', level: 'warn', text: 'one' })}${frame({ type: 'result', ok: true, valueJson: '2' })}${STAY}`]);
    const got: unknown[] = [];
    const done = new Promise<void>((resolve) =>
      child.onMessage((m) => {
        got.push(m);
        if (m.type === 'result') {
          resolve();
        }
      }),
    );
    await child.ready;
    await done;
    child.kill();
    await child.exited;
    assert.deepEqual(got, [{ type: 'log', level: 'warn', text: 'one' }, { type: 'result', ok: true, valueJson: '2' }]);
  });
});
