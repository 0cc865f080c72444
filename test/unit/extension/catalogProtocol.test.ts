import * as assert from 'node:assert/strict';
import { makeNonce, webviewHtml } from '../../../src/extension/panels/webviewHtml';
import { parseHostMessage, parsePanelState, parseWebviewMessage } from '../../../src/webview/shared/catalogProtocol';

describe('catalog panel protocol and page', () => {
  it('accepts only the exact webview message shapes', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(parseWebviewMessage({ type: 'explain', toolId: 'openclaw:core:read', extra: 1 }), { type: 'explain', toolId: 'openclaw:core:read' });
    for (const bad of [null, 'ready', { type: 'explain' }, { type: 'explain', toolId: 42 }, { type: 'explain', toolId: 'x'.repeat(600) }, { type: 'runShell', cmd: 'rm' }, [{ type: 'ready' }]]) {
      assert.equal(parseWebviewMessage(bad), undefined, JSON.stringify(bad));
    }
    assert.equal(parseHostMessage({ type: 'catalog', snapshot: { tools: 'x' } }), undefined);
    assert.deepEqual(parsePanelState({ filter: 3 }), { filter: '', snapshot: undefined });
  });

  it('the page has a strict CSP: nothing by default, scripts only by a fresh nonce', () => {
    const nonce = makeNonce();
    assert.notEqual(nonce, makeNonce());
    assert.ok(Buffer.from(nonce, 'base64').length >= 16);
    const html = webviewHtml({ title: 'T', cspSource: 'https://x.vscode-cdn.net', nonce, scriptUri: 'https://x/a.js', styleUri: 'https://x/a.css' });
    const csp = /content="([^"]+)"/.exec(html)?.[1] ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, new RegExp(`script-src 'nonce-${nonce.replace(/[+/=]/g, (c) => `\\${c}`)}'`));
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    assert.equal(scripts.length, 1);
    assert.ok(scripts[0]?.includes(`nonce="${nonce}"`));
  });
});
