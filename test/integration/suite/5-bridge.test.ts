import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SnippetRunResult } from '../../../src/extension/bridge/runSnippetCommand';
import type { PreviewResult } from '../../../src/extension/preview/previewCommand';
import type { PreviewJson } from '../../../src/core/modes/preview';
import { activateExtension, eventually } from './helpers';

const DEMO_SNIPPET = [
  'const found = await openclaw.tools.search("fake plugin tool 17");',
  'console.log("hits", found.length);',
  'const d = await openclaw.tools.describe("fake_plugin_tool_17");',
  'return openclaw.tools.call(d.id, { marker: "from-the-editor" });',
].join('\n');

describe('Run Bridge Snippet and Preview Model Payload', () => {
  afterEach(async () => {
    // Untitled snippets are dirty: revert them so closing never asks to save.
    for (const doc of vscode.workspace.textDocuments.filter((d) => d.isUntitled && d.isDirty)) {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('runs the active untitled editor through the isolated bridge: search -> describe -> call', async () => {
    const { api } = await activateExtension();
    const doc = await vscode.workspace.openTextDocument({ language: 'javascript', content: DEMO_SNIPPET });
    await vscode.window.showTextDocument(doc);
    const r = await vscode.commands.executeCommand<SnippetRunResult>('toolSearchInspector.runBridgeSnippet');
    assert.ok(r, 'the command returns the run');
    assert.equal(r.report.ok, true, r.report.error);
    assert.equal(r.report.isolation.ok, true, 'ran in an isolated child');
    const ops = r.report.trace.filter((t) => t.op !== 'log').map((t) => t.op);
    assert.deepEqual(ops, ['search', 'describe', 'call']);
    assert.ok(r.report.trace.some((t) => t.op === 'log' && /^hits \d+/.test(t.text)), 'console lines are in the trace');
    assert.match(JSON.stringify(r.report.value), /FAKE_PLUGIN_OK fake_plugin_tool_17 from-the-editor/);
    // The seed's contract: `call` resolves to `{ tool, result }`, the value under `result.details`.
    const value = r.report.value as { tool: { id: string; input: string }; result: { details: unknown } };
    assert.equal(value.tool.id, 'openclaw:fake-plugin:fake_plugin_tool_17');
    assert.equal(typeof value.tool.input, 'string');
    assert.equal(value.result.details, 'FAKE_PLUGIN_OK fake_plugin_tool_17 from-the-editor');
    assert.deepEqual([r.report.telemetry.searchCount, r.report.telemetry.describeCount, r.report.telemetry.callCount], [1, 1, 1]);
    // What the panel shows: the same run, values as text.
    assert.equal(r.view.trace.length, r.report.trace.length);
    assert.match(r.view.value ?? '', /FAKE_PLUGIN_OK/);
    assert.deepEqual(r.view.isolation.containment.map((c) => c.capability), ['file system', 'network', 'child process', 'worker', 'environment']);
    await eventually(async () => (api.isTracePanelOpen() ? true : undefined), 'the Bridge Trace panel');
  });

  it('runs only the selection when there is one', async () => {
    await activateExtension();
    // A fresh untitled name: an anonymous untitled document can come back with an earlier window's backed-up
    // content (a cold CI run once ran the Bridge Trace UI test's snippet here instead of these two lines).
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.parse(`untitled:selection-${Date.now()}-${Math.random().toString(36).slice(2)}.js`));
    const editor = await vscode.window.showTextDocument(doc);
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), `throw new Error("not this line");\nreturn 6 * 7;\n`));
    editor.selection = new vscode.Selection(1, 0, 1, 13);
    const r = await vscode.commands.executeCommand<SnippetRunResult>('toolSearchInspector.runBridgeSnippet');
    assert.equal(r?.report.ok, true, `${r?.report.error ?? ''} (ran: ${r?.view.source ?? 'nothing'}; document ${JSON.stringify(doc.getText())}; selection ${JSON.stringify(doc.getText(editor.selection))})`);
    assert.equal(r?.report.value, 42);
    assert.match(r?.view.source ?? '', /^selection of untitled/);
  });

  it('a call to a tool the policy denies fails closed, and the trace says so', async () => {
    await activateExtension();
    const r = await vscode.commands.executeCommand<SnippetRunResult>('toolSearchInspector.runBridgeSnippet', {
      code: 'return await openclaw.tools.call("fake_plugin_tool_36", { marker: "m" });',
      source: 'denied.js',
    });
    assert.ok(r);
    assert.equal(r.report.ok, false);
    const call = r.report.trace.find((t) => t.op === 'call');
    assert.ok(call && !call.ok, 'the call entry failed');
    assert.match(call.error ?? '', /fake_plugin_tool_36/);
    assert.equal(call.result, undefined, 'the denied tool never ran');
    assert.equal(r.report.telemetry.callCount, 1);
  });

  it('a call that needs approval is refused when nobody allows it (the modal is the only way through)', async () => {
    await activateExtension();
    const config = vscode.workspace.getConfiguration('toolSearchInspector');
    await config.update('approvals.tools', ['fake_plugin_tool_17'], vscode.ConfigurationTarget.Global);
    try {
      // The test host refuses every modal dialog: the same as a user who closes it.
      const r = await vscode.commands.executeCommand<SnippetRunResult>('toolSearchInspector.runBridgeSnippet', { code: DEMO_SNIPPET, source: 'needs-approval.js' });
      assert.ok(r);
      assert.equal(r.report.ok, false);
      const call = r.report.trace.find((t) => t.op === 'call');
      assert.ok(call && !call.ok, 'the call entry failed');
      assert.match(call.error ?? '', /approval|approvals\.tools/);
      assert.match(r.report.error ?? '', /blocked by approval/);
      assert.equal(call.result, undefined, 'the tool never ran');
      assert.equal(r.report.value, undefined);
    } finally {
      await config.update('approvals.tools', undefined, vscode.ConfigurationTarget.Global);
    }
    const again = await vscode.commands.executeCommand<SnippetRunResult>('toolSearchInspector.runBridgeSnippet', { code: DEMO_SNIPPET, source: 'no-approval.js' });
    assert.equal(again?.report.ok, true, 'without the rule the same call runs');
  });

  it('previews a code-mode payload smaller than direct mode, in a read-only document', async () => {
    await activateExtension();
    const all = await vscode.commands.executeCommand<PreviewResult>('toolSearchInspector.previewPayload', { mode: 'all', prompt: 'open a GitHub issue' });
    assert.ok(all && 'modes' in all, 'all modes were previewed');
    const code = all.modes.code as PreviewJson;
    const direct = all.modes.direct as PreviewJson;
    assert.equal(code.effectiveMode, 'code', code.fallbackReason);
    assert.ok(code.visibleTools.includes('tool_search_code'));
    assert.ok(code.bytes.total < direct.bytes.total, `code ${code.bytes.total} B vs direct ${direct.bytes.total} B`);
    assert.ok((code.tokens?.total ?? Infinity) < (direct.tokens?.total ?? 0));

    const one = await vscode.commands.executeCommand<PreviewResult>('toolSearchInspector.previewPayload', { mode: 'directory', prompt: '' });
    assert.ok(one && !('modes' in one) && one.mode === 'directory');
    const doc = await eventually(async () => {
      const d = vscode.window.activeTextEditor?.document;
      return d?.uri.scheme === 'tool-search-preview' ? d : undefined;
    }, 'the preview document');
    const [header] = doc.getText().split('\n');
    assert.match(header ?? '', /^\/\/ directory: \d+ schemas, .* tokens/);
    assert.match(doc.getText(), /"directory": \{/);
    assert.equal(doc.isDirty, false);
  });
});
