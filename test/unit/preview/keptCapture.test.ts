import * as assert from 'node:assert/strict';
import type { CaptureCheck } from '../../../src/core/capture/captureCheck';
import { keepCapture, restoreCapture, STALE_MESSAGE } from '../../../src/extension/preview/keptCapture';
import { configKeyOf, type KeptStore } from '../../../src/extension/keptResult';
import type { CaptureView } from '../../../src/webview/shared/previewProtocol';

/** Issue 41, part 5: the last capture survives a panel reopen and a window reload, and is stale once the config changes. */
function memento(): KeptStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: <T>(k: string) => data.get(k) as T | undefined,
    update: (k: string, v: unknown) => {
      if (v === undefined) data.delete(k);
      else data.set(k, JSON.parse(JSON.stringify(v)) as unknown);
      return Promise.resolve();
    },
  };
}

const VIEW: CaptureView = { status: 'done', openclaw: '2026.9.6', modelled: '2026.9.6', prompt: 'hi', modes: [{ mode: 'direct', status: 'ok', matched: true }] };
const CHECK: CaptureCheck = { modelled: '2026.9.6', captured: '2026.9.6', matched: true, modes: { direct: { mode: 'direct', matched: true } } };

describe('Mode Preview keeps the folder\'s last capture', () => {
  const config = { tools: { toolSearch: { mode: 'code' } } };
  const key = configKeyOf({ file: '/ws/openclaw.json', value: config, agent: 'coder', release: '2026.9.6' });

  it('comes back as it was for the same config (a reopen, a reload: the store is the workspace\'s)', async () => {
    const store = memento();
    assert.equal(await keepCapture(store, 'file:///ws', key, VIEW, CHECK), true);
    const back = restoreCapture(store, 'file:///ws', key);
    assert.deepEqual(back, { view: VIEW, check: CHECK, stale: false });
    assert.equal(restoreCapture(store, 'file:///other', key), undefined, 'per folder');
  });

  it('is stale once the config, the agent or the modelled release changed: shown so, with no verdict for the header', async () => {
    const store = memento();
    await keepCapture(store, 'file:///ws', key, VIEW, CHECK);
    for (const changed of [
      configKeyOf({ file: '/ws/openclaw.json', value: { tools: { toolSearch: { mode: 'tools' } } }, agent: 'coder', release: '2026.9.6' }),
      configKeyOf({ file: '/ws/openclaw.json', value: config, agent: 'helper', release: '2026.9.6' }),
      configKeyOf({ file: '/ws/openclaw.json', value: config, agent: 'coder', release: '2026.9.5' }),
    ]) {
      const back = restoreCapture(store, 'file:///ws', changed);
      assert.equal(back?.stale, true);
      assert.equal(back?.check, undefined);
      assert.equal(back?.view.message, STALE_MESSAGE);
    }
  });

  it('keeps nothing too large, and reads nothing malformed', async () => {
    const store = memento();
    const huge: CaptureView = { ...VIEW, prompt: 'x'.repeat(2_100_000) };
    assert.equal(await keepCapture(store, 'file:///ws', key, huge, CHECK), false);
    assert.equal(store.data.size, 0);
    await store.update('toolSearchInspector.lastCapture:file:///ws', { configKey: key, view: 'nope' });
    assert.equal(restoreCapture(store, 'file:///ws', key), undefined);
  });
});
