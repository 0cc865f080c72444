import * as assert from 'node:assert/strict';
import { CHILD_FRAME_BOUNDS, FRAME_HEADER_BYTES, FrameReader, encodeFrame } from '../../../src/core/bridge/framing';
import { isChildMessage } from '../../../src/core/bridge/protocol';

const header = (n: number): Buffer => {
  const b = Buffer.alloc(FRAME_HEADER_BYTES);
  b.writeUInt32BE(n, 0);
  return b;
};

describe('bridge framing: length-prefixed JSON on a pipe', () => {
  it('reads frames split at every byte, and several frames in one chunk', () => {
    const messages = [{ type: 'ready', node: 'v20.0.0' }, { type: 'log', level: 'log', text: 'héllo \u2028 \ud83d\ude00' }, { type: 'result', ok: true }];
    const bytes = Buffer.concat(messages.map(encodeFrame));
    const oneByOne = new FrameReader(CHILD_FRAME_BOUNDS);
    const got: unknown[] = [];
    for (let i = 0; i < bytes.length; i++) {
      const r = oneByOne.push(bytes.subarray(i, i + 1));
      assert.ok(r.ok);
      got.push(...r.messages);
    }
    assert.deepEqual(got, messages);
    const whole = new FrameReader(CHILD_FRAME_BOUNDS).push(bytes);
    assert.deepEqual(whole, { ok: true, messages });
  });

  it('refuses a frame announced above the bound before buffering it', () => {
    const reader = new FrameReader({ maxFrameBytes: 1024, maxTotalBytes: 1e9 });
    const r = reader.push(header(0xffffffff));
    assert.equal(r.ok, false);
    assert.match(r.ok ? '' : r.problem, /announced a frame of 4294967295 bytes; the limit is 1024/);
  });

  it('refuses a body that is not JSON, or not UTF-8, and everything after it', () => {
    const notJson = Buffer.concat([header(5), Buffer.from('{nope')]);
    const r1 = new FrameReader(CHILD_FRAME_BOUNDS).push(notJson);
    assert.match(r1.ok ? '' : r1.problem, /not UTF-8 JSON/);
    const reader = new FrameReader(CHILD_FRAME_BOUNDS);
    const badUtf8 = Buffer.concat([header(4), Buffer.from([0x22, 0xc3, 0x28, 0x22])]);
    assert.equal(reader.push(badUtf8).ok, false);
    // A refused channel stays refused: a good frame after it is not read.
    const after = reader.push(encodeFrame({ type: 'result', ok: true }));
    assert.deepEqual([after.ok, after.messages], [false, []]);
  });

  it('refuses a peer that sends more than its lifetime budget, even in small valid frames', () => {
    const reader = new FrameReader({ maxFrameBytes: 1024, maxTotalBytes: 10_000 });
    let refused = false;
    for (let i = 0; i < 1000 && !refused; i++) {
      refused = !reader.push(encodeFrame({ type: 'log', level: 'log', text: 'x'.repeat(50) })).ok;
    }
    assert.ok(refused);
    assert.match(reader.problem ?? '', /sent more than 10000 bytes/);
  });

  it('reads a 2 MB frame that arrives in 2,000 chunks', () => {
    const big = encodeFrame({ type: 'result', ok: true, valueJson: JSON.stringify('y'.repeat(2_000_000)) });
    const reader = new FrameReader(CHILD_FRAME_BOUNDS);
    let got: unknown[] = [];
    for (let i = 0; i < big.length; i += 1024) {
      got = got.concat(reader.push(big.subarray(i, i + 1024)).messages);
    }
    assert.equal(got.length, 1);
    assert.equal(JSON.parse((got[0] as { valueJson: string }).valueJson), 'y'.repeat(2_000_000));
  });

  it('the host refuses every message outside the protocol, whatever its JSON', () => {
    const refused: unknown[] = [
      { cmd: 'NODE_HANDLE_ACK' },
      { cmd: 'NODE_HANDLE', type: 'net.Socket' },
      { type: 'probe' },
      { type: 'run', code: 'x' },
      { type: 'ready' },
      { type: 'ready', node: 'v'.repeat(100) },
      { type: 'bridge', id: 0, op: 'search', argsJson: '[]' },
      { type: 'bridge', id: 1.5, op: 'search', argsJson: '[]' },
      { type: 'bridge', id: Number.MAX_SAFE_INTEGER + 2, op: 'search', argsJson: '[]' },
      { type: 'bridge', id: 1, op: 'exec', argsJson: '[]' },
      { type: 'log', level: 'debug', text: 'x' },
      { type: 'result', ok: false },
      { type: 'probe-result', node: 'v20' },
      { type: 'probe-result', node: 'v20', fsRead: { outcome: 'denied', detail: 'x' }, realm: { attempts: 'all', escapes: [] } },
      [],
      null,
      'ready',
      42,
    ];
    for (const m of refused) {
      assert.equal(isChildMessage(m), false, JSON.stringify(m));
    }
    assert.equal(isChildMessage({ type: 'ready', node: 'v20.20.2' }), true);
  });
});
