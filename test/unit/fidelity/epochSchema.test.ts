import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EPOCH_FORMAT, parseEpoch } from '../../../src/core/policy/epochSchema';

const DIR = path.resolve(__dirname, '../../../src/core/policy/epochs');
const files = fs.readdirSync(DIR).filter((f) => /^openclaw-.*\.json$/.test(f));
const read = (f: string): Record<string, unknown> => JSON.parse(fs.readFileSync(path.join(DIR, f), 'utf8')) as Record<string, unknown>;

describe('epoch files: a format version, checked on load', () => {
  it(`every shipped epoch file is format ${EPOCH_FORMAT} and parses as the epoch its name says`, () => {
    assert.ok(files.length >= 12);
    for (const f of files) {
      assert.equal(read(f).format, EPOCH_FORMAT, f);
      assert.equal(`openclaw-${parseEpoch(read(f), f).epoch}.json`, f);
    }
  });

  it('refuses another format, a missing fact, a wrong type, and a file holding another epoch, naming the file and the place', () => {
    const f = 'openclaw-2026.9.6.json';
    const good = read(f);
    assert.throws(() => parseEpoch({ ...good, format: EPOCH_FORMAT + 1 }, f), /openclaw-2026\.9\.6\.json: not an epoch file of format 1 \(format: /);
    const { policy, ...noPolicy } = good;
    assert.ok(policy);
    assert.throws(() => parseEpoch(noPolicy, f), /\(policy: /);
    assert.throws(() => parseEpoch({ ...good, policy: { ...(policy as object), stripsPluginOnlyAllowlist: 'yes' } }, f), /policy\.stripsPluginOnlyAllowlist/);
    assert.throws(() => parseEpoch(good, 'openclaw-2026.9.5.json'), /openclaw-2026\.9\.5\.json: holds epoch 2026\.9\.6/);
  });
});
