import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findCaptureLayer, isCaptureLayer } from '../../../src/core/capture/captureLayer';
import { scratchDir } from '../../helpers/scratch';

/**
 * The capture turn's OS layer (issue 43), exercised with a real Node program
 * in place of OpenClaw: what a hostile workspace plugin would try from inside
 * a turn. This machine (Linux, unprivileged user namespaces) offers it; set
 * TSI_EXPECT_CAPTURE_LAYER=0 where it does not.
 */
describe('capture OS layer: a turn writes only its scratch folder and sees none of the host\'s processes', () => {
  const layer = findCaptureLayer();

  it('is offered here, and says what holds', function () {
    if (process.env.TSI_EXPECT_CAPTURE_LAYER === '0') {
      this.skip();
    }
    assert.ok(isCaptureLayer(layer), 'none' in layer ? layer.none : '');
    assert.match(layer.describe, /own user, mount and PID namespaces/);
  });

  it('a program inside writes its scratch folder; a write elsewhere, a remount, a signal to the host and a clean-environment child\'s write are refused', function () {
    if (!isCaptureLayer(layer)) {
      this.skip();
    }
    const root = scratchDir('tsi-layer-');
    const scratch = path.join(root, 'scratch');
    const outside = path.join(root, 'outside');
    fs.mkdirSync(scratch);
    fs.mkdirSync(outside);
    const program = `
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');
const out = {};
const tryIt = (k, f) => { try { f(); out[k] = 'done'; } catch (e) { out[k] = e.code || String(e.message).slice(0, 80); } };
tryIt('inside', () => fs.writeFileSync(${JSON.stringify(path.join(scratch, 'in.txt'))}, 'x'));
tryIt('outside', () => fs.writeFileSync(${JSON.stringify(path.join(outside, 'out.txt'))}, 'x'));
tryIt('signal', () => process.kill(${process.pid}, 0));
const child = spawnSync(process.execPath, ['-e', ${JSON.stringify(`require('fs').writeFileSync(${JSON.stringify(path.join(outside, 'child.txt'))}, 'x')`)}], { env: {} });
out.child = child.status;
const remount = spawnSync('mount', ['-o', 'remount,bind,rw', '/'], { encoding: 'utf8' });
out.remount = remount.status;
process.stdout.write(JSON.stringify(out));
`;
    const r = spawnSync(layer.command, layer.args([scratch], [process.execPath, '-e', program]), { encoding: 'utf8', timeout: 30_000 });
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    assert.equal(out.inside, 'done');
    assert.equal(out.outside, 'EROFS');
    assert.equal(out.signal, 'ESRCH', 'the host\'s process is not in the turn\'s view');
    assert.notEqual(out.child, 0, 'the clean-environment child wrote outside scratch');
    assert.notEqual(out.remount, 0, 'the turn could remount / writable');
    assert.deepEqual(fs.readdirSync(outside), []);
    assert.deepEqual(fs.readdirSync(scratch), ['in.txt']);
  });

  it('passes the program\'s exit code through', function () {
    if (!isCaptureLayer(layer)) {
      this.skip();
    }
    const scratch = scratchDir('tsi-layer-exit-');
    const r = spawnSync(layer.command, layer.args([scratch], [process.execPath, '-e', 'process.exit(7)']), { timeout: 30_000 });
    assert.equal(r.status, 7);
  });
});
