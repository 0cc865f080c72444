// Turn slots (src/core/capture/turnSlots.ts): the bound on real OpenClaw turns
// in flight across processes. A turn waits for a slot another process holds,
// takes over a slot whose holder died or outlived what it announced, stops
// waiting when cancelled, and captureTurns' timeout starts only once the turn
// has its slot.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { takeTurnSlot, turnSlotCount } from '../../../src/core/capture/turnSlots';
import { scratchDir } from '../../helpers/scratch';

function deadPid(): number {
  // A pid that was a process a moment ago and is no more.
  const child = spawn(process.execPath, ['-e', '0']);
  const pid = child.pid;
  assert.ok(pid);
  return pid;
}

async function exited(pid: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('capture: turn slots', () => {
  it('a second turn waits while another process holds the only slot, and starts when it is released', async () => {
    const dir = scratchDir('slots');
    // Another process takes the slot the way takeTurnSlot writes it, holds it 1.2 s, then releases it.
    const holder = spawn(process.execPath, ['-e', `
      const fs = require('fs');
      fs.mkdirSync(${JSON.stringify(dir)}, { recursive: true });
      fs.writeFileSync(${JSON.stringify(path.join(dir, 'slot-0'))}, process.pid + ' ' + (Date.now() + 60000), { flag: 'wx' });
      process.stdout.write('held\\n');
      setTimeout(() => fs.rmSync(${JSON.stringify(path.join(dir, 'slot-0'))}), 1200);
    `]);
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    const started = Date.now();
    let waits = 0;
    const slot = await takeTurnSlot({ dir, count: 1 }, 60_000, undefined, () => waits++);
    assert.ok(slot);
    assert.equal(waits, 1, 'says once that it waits');
    assert.ok(Date.now() - started >= 900, `waited ${Date.now() - started} ms for the holder`);
    assert.ok(slot.queuedMs >= 900, `queuedMs ${slot.queuedMs}`);
    assert.match(fs.readFileSync(path.join(dir, 'slot-0'), 'utf8'), new RegExp(`^${process.pid} \\d+$`));
    slot.release();
    assert.ok(!fs.existsSync(path.join(dir, 'slot-0')), 'released');
  });

  it('with two slots, two turns run at once and the third waits', async () => {
    const dir = scratchDir('slots');
    const a = await takeTurnSlot({ dir, count: 2 }, 60_000);
    const b = await takeTurnSlot({ dir, count: 2 }, 60_000);
    assert.ok(a && b && a.queuedMs < 500 && b.queuedMs < 500);
    let started = false;
    const pending = takeTurnSlot({ dir, count: 2 }, 60_000).then((s) => {
      started = true;
      return s;
    });
    await new Promise((r) => setTimeout(r, 400));
    assert.equal(started, false, 'the third turn started beside two');
    b.release();
    const third = await pending;
    assert.ok(third && third.queuedMs >= 300);
    a.release();
    third.release();
    assert.deepEqual(fs.readdirSync(dir), ['queue']);
    assert.deepEqual(fs.readdirSync(path.join(dir, 'queue')), []);
  });

  it('takes over a slot whose holder died, and one held past the time it announced', async () => {
    const dir = scratchDir('slots');
    const pid = deadPid();
    await exited(pid);
    fs.writeFileSync(path.join(dir, 'slot-0'), `${pid} ${Date.now() + 600_000}`);
    const s1 = await takeTurnSlot({ dir, count: 1 }, 60_000);
    assert.ok(s1 && s1.queuedMs < 1000, 'a dead holder\'s slot is taken at once');
    s1.release();
    // This process is alive, but its announced time is over (a pid reused by another process looks the same).
    fs.writeFileSync(path.join(dir, 'slot-0'), `${process.ppid} ${Date.now() - 1}`);
    const s2 = await takeTurnSlot({ dir, count: 1 }, 60_000);
    assert.ok(s2 && s2.queuedMs < 1000, 'an expired slot is taken at once');
    s2.release();
  });

  it('serves waiters in the order they came, and a dead waiter ahead in line blocks nobody', async () => {
    const dir = scratchDir('slots');
    const holder = await takeTurnSlot({ dir, count: 1 }, 60_000);
    // A line ticket of a process that died while it waited, older than everyone.
    const pid = deadPid();
    await exited(pid);
    fs.mkdirSync(path.join(dir, 'queue'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'queue', `${'1'.padStart(15, '0')}-${String(pid).padStart(10, '0')}-000000`), '');
    const order: string[] = [];
    const waiters = ['a', 'b', 'c'].map(async (name, i) => {
      await new Promise((r) => setTimeout(r, i * 60));
      const slot = await takeTurnSlot({ dir, count: 1 }, 60_000);
      order.push(name);
      await new Promise((r) => setTimeout(r, 50));
      slot?.release();
    });
    await new Promise((r) => setTimeout(r, 400));
    holder?.release();
    await Promise.all(waiters);
    assert.deepEqual(order, ['a', 'b', 'c']);
    assert.deepEqual(fs.readdirSync(path.join(dir, 'queue')), [], 'every ticket, the dead one\'s too, left the line');
  });

  it('stops waiting when cancelled', async () => {
    const dir = scratchDir('slots');
    const held = await takeTurnSlot({ dir, count: 1 }, 60_000);
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 300);
    const started = Date.now();
    const none = await takeTurnSlot({ dir, count: 1 }, 60_000, abort.signal);
    assert.equal(none, undefined);
    assert.ok(Date.now() - started < 2000);
    held?.release();
  });

  it('a folder that cannot be made bounds nothing: the turn runs', async () => {
    const file = path.join(scratchDir('slots'), 'a-file');
    fs.writeFileSync(file, 'x');
    const slot = await takeTurnSlot({ dir: path.join(file, 'slots'), count: 1 }, 1000);
    assert.ok(slot);
    assert.equal(slot.queuedMs, 0);
    slot.release();
  });

  it('reads TSI_TURN_SLOTS when it is a whole number from 1 to 64, else the machine\'s parallelism', () => {
    const machine = turnSlotCount({});
    assert.ok(machine >= 1);
    assert.equal(turnSlotCount({ TSI_TURN_SLOTS: '3' }), 3);
    for (const bad of ['0', '-1', '65', 'two', '1.5', '']) {
      assert.equal(turnSlotCount({ TSI_TURN_SLOTS: bad }), machine, bad);
    }
  });
});
