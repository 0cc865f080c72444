// The capture store (src/core/capture/captureStore.ts): a key runs once and is
// replayed after; a key run elsewhere is waited for; only kept values are
// stored; a lock whose holder died is taken over; the key follows every input
// that decides the request; and captureTurns replays through it, marks the
// replay and writes the ledger, while a kept scratch folder always runs.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { captureTurns } from '../../../src/core/capture/capture';
import { storeKey, throughStore, workspaceContentHash, type StoreKeyInput } from '../../../src/core/capture/captureStore';
import type { OpenClawLocation } from '../../../src/core/oracle/openclawLocation';
import { scratchDir } from '../../helpers/scratch';

interface Value {
  n: number;
  ok: boolean;
}

function through(dir: string, key: string, run: () => Promise<Value>, notes: string[] = []): Promise<{ value: Value; replayed: boolean }> {
  return throughStore<Value>({ dir, key, waitMs: 5_000, run, keep: (v) => v.ok, note: (v, replayed) => notes.push(`${replayed ? 'replay' : 'turn'} ${v.n}`) });
}

describe('capture store', () => {
  it('runs a key once and replays it after, telling the ledger both', async () => {
    const dir = scratchDir('store');
    let runs = 0;
    const notes: string[] = [];
    const run = async (): Promise<Value> => ({ n: ++runs, ok: true });
    const a = await through(dir, 'k1', run, notes);
    const b = await through(dir, 'k1', run, notes);
    assert.deepEqual([a, b], [{ value: { n: 1, ok: true }, replayed: false }, { value: { n: 1, ok: true }, replayed: true }]);
    assert.equal(runs, 1);
    assert.deepEqual(notes, ['turn 1', 'replay 1']);
    assert.ok(!fs.existsSync(path.join(dir, 'k1.lock')), 'the lock is released');
  });

  it('a key asked for twice at once runs once: the second waits for the first', async () => {
    const dir = scratchDir('store');
    let runs = 0;
    const run = async (): Promise<Value> => {
      runs++;
      await new Promise((r) => setTimeout(r, 300));
      return { n: runs, ok: true };
    };
    const [a, b] = await Promise.all([through(dir, 'k', run), through(dir, 'k', run)]);
    assert.equal(runs, 1);
    assert.deepEqual([a.replayed, b.replayed].sort(), [false, true]);
    assert.deepEqual(a.value, b.value);
  });

  it('never stores a value it is told not to keep (a failed turn): the next ask runs again', async () => {
    const dir = scratchDir('store');
    let runs = 0;
    const run = async (): Promise<Value> => ({ n: ++runs, ok: runs > 1 });
    assert.equal((await through(dir, 'k', run)).value.ok, false);
    const second = await through(dir, 'k', run);
    assert.deepEqual(second, { value: { n: 2, ok: true }, replayed: false });
    assert.equal((await through(dir, 'k', run)).replayed, true);
  });

  it('takes over a lock whose holder is gone', async () => {
    const dir = scratchDir('store');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    fs.writeFileSync(path.join(dir, 'k.lock'), dead.stdout);
    const started = Date.now();
    const r = await through(dir, 'k', async () => ({ n: 7, ok: true }));
    assert.deepEqual(r, { value: { n: 7, ok: true }, replayed: false });
    assert.ok(Date.now() - started < 4_000, 'did not wait for the dead holder');
  });

  it('the key follows the workspace content and every input of the request', () => {
    const ws = scratchDir('store-ws');
    fs.writeFileSync(path.join(ws, 'openclaw.json'), '{}');
    fs.mkdirSync(path.join(ws, 'plugins'));
    fs.writeFileSync(path.join(ws, 'plugins', 'p.js'), 'a');
    const base: StoreKeyInput = { config: { tools: {} }, configDir: ws, openclawVersion: '2026.9.6', mode: 'code', prompt: 'p', providerId: 'tsi-capture', modelId: 'm', play: false, wholeTurn: false };
    const k = storeKey(base);
    assert.ok(k);
    assert.equal(storeKey({ ...base }), k, 'stable');
    const variants: Partial<StoreKeyInput>[] = [{ config: { tools: { deny: ['x'] } } }, { openclawVersion: '2026.9.5' }, { mode: 'tools' }, { prompt: 'q' }, { modelId: 'n' }, { play: true }, { wholeTurn: true }, { contextWindow: 1000 }];
    for (const v of variants) {
      assert.notEqual(storeKey({ ...base, ...v }), k, JSON.stringify(v));
    }
    const before = workspaceContentHash(ws);
    fs.writeFileSync(path.join(ws, 'plugins', 'p.js'), 'b');
    assert.notEqual(workspaceContentHash(ws), before, 'a plugin file changed');
    assert.notEqual(storeKey(base), k);
  });
});

const FAKE_OPENCLAW = `
import { readFileSync } from 'node:fs';
const cfg = JSON.parse(readFileSync(process.env.OPENCLAW_CONFIG_PATH, 'utf8'));
const provider = Object.values(cfg.models.providers).find((p) => p.api === 'openai-completions');
const body = { model: cfg.agents.defaults.model.primary, stream: true, messages: [{ role: 'user', content: 'hi' }], tools: [{ type: 'function', function: { name: 'run_' + process.hrtime.bigint() + '_' + Math.random().toString(36).slice(2) } }] };
const res = await fetch(provider.baseUrl + '/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
await res.text();
process.stdout.write('{"payloads":[]}');
`;

describe('capture store: captureTurns through it (stand-in openclaw)', () => {
  function fake(): OpenClawLocation {
    const dir = scratchDir('fake-openclaw');
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'openclaw', version: '2026.9.6', bin: { openclaw: 'openclaw.mjs' } }));
    fs.writeFileSync(path.join(dir, 'openclaw.mjs'), FAKE_OPENCLAW);
    fs.writeFileSync(path.join(dir, 'guard.mjs'), '// no-op\n');
    return { version: '2026.9.6', packageDir: dir, dist: dir, node: process.execPath, from: 'path' };
  }

  it('the second capture of the same inputs is served from the store, marked, and both are in the ledger; a kept scratch folder always runs', async () => {
    const location = fake();
    const store = path.join(scratchDir('store'), 'capture-store');
    const ledger = path.join(scratchDir('ledger'), 'ledger.jsonl');
    const ws = scratchDir('store-ws');
    const env = { PATH: process.env.PATH, TSI_CAPTURE_STORE: store, TSI_CHECK_LEDGER: ledger, TSI_CHECK_CONSUMER: 'store-test' };
    const opts = { location, guardScript: path.join(location.packageDir, 'guard.mjs'), compileCacheDir: false as const, config: {}, configDir: ws, modes: ['direct' as const], prompt: 'send', env };
    const first = await captureTurns(opts);
    const second = await captureTurns(opts);
    const a = first.modes.direct;
    const b = second.modes.direct;
    assert.ok(a?.first && b?.first, JSON.stringify(first.modes));
    assert.equal(a.fromStore, undefined);
    assert.equal(b.fromStore, true);
    assert.deepEqual(b.first.toolNames, a.first.toolNames, 'the same real request');
    const kept = await captureTurns({ ...opts, keepScratch: true });
    assert.equal(kept.modes.direct?.fromStore, undefined);
    assert.notDeepEqual(kept.modes.direct?.first?.toolNames, a.first.toolNames, 'a kept scratch folder is this run\'s own turn');
    const otherPrompt = await captureTurns({ ...opts, prompt: 'send again' });
    assert.equal(otherPrompt.modes.direct?.fromStore, undefined);
    const lines = fs.readFileSync(ledger, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { kind: string; consumer: string; outcome: string; key: string });
    assert.deepEqual(lines.map((l) => l.kind), ['turn', 'replay', 'turn', 'turn']);
    assert.ok(lines.every((l) => l.consumer === 'store-test' && l.outcome === 'ok'));
    assert.equal(lines[0]?.key, lines[1]?.key);
    assert.equal(lines[2]?.key, '', 'the kept-scratch turn is outside the store');
    assert.notEqual(lines[3]?.key, lines[0]?.key);
  });
});
