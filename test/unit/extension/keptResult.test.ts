// Issue 41, part 5: a panel's last result is kept per folder across a
// reopen and a reload, with the config it was made against: restored as it
// was while the config is the same, marked stale once it changed, and never
// trusted when read back.
import * as assert from 'node:assert/strict';
import { keepResult, restoreResult, type KeptStore } from '../../../src/extension/keptResult';

class MemoryStore implements KeptStore {
  readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  update(key: string, value: unknown): PromiseLike<void> {
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, JSON.parse(JSON.stringify(value)));
    return Promise.resolve();
  }
}

const isView = (v: unknown): v is { n: number } => typeof v === 'object' && v !== null && typeof (v as { n?: unknown }).n === 'number';

describe('kept results (a panel\'s last result per folder)', () => {
  it('comes back as it was with the same config, stale with another, per folder and kind', async () => {
    const store = new MemoryStore();
    assert.equal(await keepResult(store, 'compare', '/w', 'k1', { n: 1 }, 1000), true);
    assert.deepEqual(restoreResult(store, 'compare', '/w', 'k1', isView), { value: { n: 1 }, stale: false });
    assert.deepEqual(restoreResult(store, 'compare', '/w', 'k2', isView), { value: { n: 1 }, stale: true });
    assert.equal(restoreResult(store, 'compare', '/other', 'k1', isView), undefined, 'another folder has its own');
    assert.equal(restoreResult(store, 'capture', '/w', 'k1', isView), undefined, 'another kind has its own');
  });

  it('drops a result too large to keep, and refuses what does not have the shape asked for', async () => {
    const store = new MemoryStore();
    await keepResult(store, 'compare', '/w', 'k1', { n: 1 }, 1000);
    assert.equal(await keepResult(store, 'compare', '/w', 'k1', { n: 2, big: 'x'.repeat(2000) }, 1000), false);
    assert.equal(restoreResult(store, 'compare', '/w', 'k1', isView), undefined, 'the older one is not shown as the last either');
    store.values.set('toolSearchInspector.last.compare:/w', { configKey: 'k1', value: { n: 'not a number' } });
    assert.equal(restoreResult(store, 'compare', '/w', 'k1', isView), undefined);
    store.values.set('toolSearchInspector.last.compare:/w', 'garbage');
    assert.equal(restoreResult(store, 'compare', '/w', 'k1', isView), undefined);
  });
});
