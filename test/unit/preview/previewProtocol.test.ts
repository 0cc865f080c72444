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
    const view = { configuredMode: 'code', catalogSize: 3, seq: 2, prompt: '', modes: [{ mode: 'code', bytes: {}, schemaCount: 1, schemas: [], windows: [] }], likely: [], topTools: [], failedServers: [], required: [], missingRequired: [] };
    assert.equal(parseHostMessage({ type: 'preview', view })?.type, 'preview');
    assert.equal(parseHostMessage({ type: 'preview', view: { ...view, modes: [{ ...view.modes[0], mode: 'bogus' }] } }), undefined);
    assert.equal(parseHostMessage({ type: 'preview', view: { ...view, seq: undefined } }), undefined, 'a view without its render number');
  });

  it('passes late tokens only in their exact shape, copying no extra fields', () => {
    const tokens = { tools: 900, system: 40, messages: 10, framing: 50, total: 1000 };
    const msg = { type: 'tokens', mode: 'direct', seq: 3, tokens, windows: [{ tokens: 128000, share: 1000 / 128000 }], ms: 640.5 };
    assert.deepEqual(parseHostMessage({ ...msg, extra: 1, tokens: { ...tokens, evil: '<script>' } }), msg);
    for (const bad of [
      { ...msg, mode: 'all' }, { ...msg, seq: -1 }, { ...msg, seq: 1.5 }, { ...msg, seq: '3' }, { ...msg, ms: Number.NaN }, { ...msg, ms: -2 },
      { ...msg, tokens: { ...tokens, total: -1 } }, { ...msg, tokens: { ...tokens, tools: '900' } }, { ...msg, tokens: { tools: 1, total: 1 } },
      { ...msg, windows: [{ tokens: 0, share: 0 }] }, { ...msg, windows: {} }, { ...msg, tokens: undefined },
    ]) {
      assert.equal(parseHostMessage(bad), undefined, JSON.stringify(bad));
    }
  });

  it('restores saved state defensively', () => {
    assert.deepEqual(parsePanelState(undefined), { prompt: '', tab: 'modes', rawMode: 'directory' });
    assert.deepEqual(parsePanelState({ prompt: 'p', tab: 'raw', rawMode: 'direct', view: { nope: 1 } }), { prompt: 'p', tab: 'raw', rawMode: 'direct' });
    assert.deepEqual(parsePanelState({ prompt: 7, tab: 'evil', rawMode: 'x' }), { prompt: '', tab: 'modes', rawMode: 'directory' });
  });
});
