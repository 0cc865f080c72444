import * as assert from 'node:assert/strict';
import { MAX_PROMPT, parseHostMessage, parsePanelState, parseWebviewMessage } from '../../../src/webview/shared/previewProtocol';

describe('Mode Preview protocol validators', () => {
  it('passes exactly the webview messages of the protocol', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'ready', prompt: 'hi' }), { type: 'ready', prompt: 'hi' });
    assert.deepEqual(parseWebviewMessage({ type: 'prompt', prompt: '', extra: 1 }), { type: 'prompt', prompt: '' });
    assert.deepEqual(parseWebviewMessage({ type: 'raw', mode: 'direct' }), { type: 'raw', mode: 'direct' });
    assert.deepEqual(parseWebviewMessage({ type: 'copyRaw', mode: 'tools' }), { type: 'copyRaw', mode: 'tools' });
    assert.deepEqual(parseWebviewMessage({ type: 'openDefinition', toolId: 'mcp:github:create_issue' }), { type: 'openDefinition', toolId: 'mcp:github:create_issue' });
    assert.deepEqual(parseWebviewMessage({ type: 'rendered', cause: 'prompt', ms: 12.5 }), { type: 'rendered', cause: 'prompt', ms: 12.5 });
  });

  it('refuses anything else: unknown types, bad modes, long prompts, odd numbers', () => {
    for (const bad of [
      null, 'ready', [], { type: 'eval' }, { type: 'ready' }, { type: 'prompt', prompt: 'x'.repeat(MAX_PROMPT + 1) },
      { type: 'raw', mode: 'all' }, { type: 'raw', mode: '__proto__' }, { type: 'openDefinition', toolId: '' }, { type: 'openDefinition', toolId: 'x'.repeat(513) },
      { type: 'rendered', cause: 'prompt', ms: Number.NaN }, { type: 'rendered', cause: 'prompt', ms: -1 }, { type: 'prompt', prompt: 42 },
    ]) {
      assert.equal(parseWebviewMessage(bad), undefined, JSON.stringify(bad));
    }
  });

  it('checks host messages before the webview draws them', () => {
    assert.deepEqual(parseHostMessage({ type: 'loading' }), { type: 'loading' });
    assert.equal(parseHostMessage({ type: 'preview', view: { configuredMode: 'code' } }), undefined);
    assert.equal(parseHostMessage({ type: 'raw', mode: 'code' }), undefined);
    const view = { configuredMode: 'code', catalogSize: 3, prompt: '', modes: [{ mode: 'code', bytes: {}, schemaCount: 1, schemas: [], windows: [] }], likely: [], topTools: [], failedServers: [], required: [], missingRequired: [] };
    assert.equal(parseHostMessage({ type: 'preview', view })?.type, 'preview');
    assert.equal(parseHostMessage({ type: 'preview', view: { ...view, modes: [{ ...view.modes[0], mode: 'bogus' }] } }), undefined);
  });

  it('restores saved state defensively', () => {
    assert.deepEqual(parsePanelState(undefined), { prompt: '', tab: 'modes', rawMode: 'directory' });
    assert.deepEqual(parsePanelState({ prompt: 'p', tab: 'raw', rawMode: 'direct', view: { nope: 1 } }), { prompt: 'p', tab: 'raw', rawMode: 'direct' });
    assert.deepEqual(parsePanelState({ prompt: 7, tab: 'evil', rawMode: 'x' }), { prompt: '', tab: 'modes', rawMode: 'directory' });
  });
});
