import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type { CaptureReport } from '../../../src/core/capture/capture';
import { checkCapture, checkLines } from '../../../src/core/capture/captureCheck';
import { predictTurns } from '../../../src/core/capture/turnPrediction';
import { PreviewAssembler, previewBaseOf } from '../../../src/core/modes/preview';
import { parseSnapshotArg } from '../../../src/core/sources/mcpSnapshot';
import { OpenWorkspace } from '../../../src/core/workspace';
import { finishedView, startedView } from '../../../src/extension/preview/captureView';
import { toPreviewView } from '../../../src/extension/preview/previewView';
import { openclawRequestContext } from '../../../src/core/prompt/openclawContext';
import { scratchDir } from '../../helpers/scratch';
import { parseHostMessage } from '../../../src/webview/shared/previewProtocol';

/**
 * Issue 41, part 3: what a capture is compared with counts only what a real
 * run can have. The demo's offline GitHub snapshot and its client tools are
 * the inspector's: no real OpenClaw run has them, so they are left out of the
 * turn's prediction and listed as "not in a real run". Before, they were
 * predicted and every capture of the demo "differed" by them.
 */
const DEMO = path.join(__dirname, '..', '..', '..', 'examples', 'demo');

describe('a capture\'s prediction leaves out the inspector-only sources, and says so', () => {
  it('the demo with its GitHub snapshot and client tools: predicted without them, listed beside, and a real request without them matches', async () => {
    const ws = new OpenWorkspace({ workspace: DEMO, noUserConfig: true, env: {}, liveMcp: () => undefined, mode: 'direct', snapshots: [parseSnapshotArg(`github=${path.join(DEMO, 'snapshots', 'github')}`, DEMO)] });
    try {
      const catalog = await ws.buildCatalog();
      const github = catalog.tools.filter((t) => t.source === 'mcp' && t.sourceName === 'github' && t.status !== 'excluded');
      const client = catalog.tools.filter((t) => t.source === 'client' && t.status !== 'excluded');
      // The demo's notes plugin sits under .openclaw/extensions: a capture's scratch agent workspace has no such folder.
      const notes = catalog.tools.filter((t) => t.source === 'openclaw' && t.sourceName === 'notes' && t.status !== 'excluded');
      assert.ok(notes.length > 0, 'the demo\'s workspace extension');
      assert.ok(github.length > 0 && client.length > 0, 'the demo has both inspector-only sources');
      const base = previewBaseOf(catalog, ws, { isolation: { ok: true } });
      const headline = new PreviewAssembler(base).assemble('hi', ['direct']).modes.direct;
      const paths = { agentWorkspace: '/scratch/ws', stateDir: '/scratch/state', home: '/scratch/home' };
      const report: CaptureReport = {
        openclaw: { version: ws.openclaw.model.version, packageDir: '/p', node: '/n' },
        prompt: 'hi',
        provider: { id: 'p', model: 'm' },
        concurrency: 1,
        wallMs: 1,
        ok: true,
        modes: { direct: { mode: 'direct', outcome: 'ok', exitCode: 0, signal: null, wallMs: 1, requests: [], droppedRequests: 0, networkRefused: [], paths } },
      };
      const predicted = predictTurns(report, { base, config: ws.configValue, configDir: ws.configDir }, 'hi');
      const side = predicted.direct;
      assert.ok(side, 'a prediction');
      const names = ((side.body as { tools?: { function: { name: string } }[] }).tools ?? []).map((t) => t.function.name);
      for (const t of [...github, ...client, ...notes]) {
        assert.ok(!names.includes(t.name), `${t.name} is not predicted for a real run`);
      }
      assert.deepEqual(new Set(side.inspectorOnly?.map((t) => t.name)), new Set([...github, ...client, ...notes].map((t) => t.name)));
      assert.ok((headline?.visibleTools.length ?? 0) > names.length, 'the preview itself still shows them');
      // A real request equal to that prediction matches, and the check names what was left out.
      const body = side.body;
      report.modes.direct = { ...report.modes.direct!, requests: [{ seq: 1, atMs: 1, method: 'POST', path: '/v1/chat/completions', headers: [], bytes: JSON.stringify(body).length, body }], first: { seq: 1, bytes: 1, toolNames: names, toolsCount: names.length, toolsBytes: 1, systemPromptChars: 1, messageCount: 2, roles: ['system', 'user'] } };
      const check = checkCapture(report, predicted, ws.openclaw.model.version, { tokens: false });
      assert.equal(check.modes.direct?.matched, true);
      const line = checkLines(check)[0] ?? '';
      assert.match(line, /^direct: the prediction equals the real request \(after normalization\); not in a real run \(left out of the prediction\): /);
      assert.match(line, new RegExp(`${github.length} tools of the offline MCP snapshot github`));
      assert.match(line, new RegExp(`${client.length} tools? of client tools \\(no client in a real run\\)`));
      assert.match(line, new RegExp(`${notes.length} tools of the workspace extension notes`));
      // Mode Preview's Real request tab says it on the mode's card.
      const view = finishedView(startedView(['direct'], ws.openclaw.model.version, ws.openclaw.model.version, 'hi'), check, { direct: report.modes.direct }, 1, false);
      assert.match(view.modes[0]?.inspectorOnly ?? '', /tools of the offline MCP snapshot github/);
      assert.ok(parseHostMessage({ type: 'capture', view }), 'the protocol carries it');
    } finally {
      await ws.dispose();
    }
  });

  it("one number per thing: the Modes table's whole request counts only what a real run has, and lists the rest beside it", async () => {
    const ws = new OpenWorkspace({ workspace: DEMO, noUserConfig: true, env: {}, liveMcp: () => undefined, snapshots: [parseSnapshotArg(`github=${path.join(DEMO, 'snapshots', 'github')}`, DEMO)] });
    try {
      const catalog = await ws.buildCatalog();
      const home = scratchDir('inspector-only-home');
      const ctxWith = (env: Record<string, string>) => openclawRequestContext({ config: ws.configValue, configDir: ws.configDir, env, home, version: ws.openclaw.model.version, workspaceFolder: DEMO });
      const of = (env: Record<string, string>) => new PreviewAssembler({ ...previewBaseOf(catalog, ws, { isolation: { ok: true } }), openclaw: ctxWith(env) }).assemble('hi', ['direct']).modes.direct!;
      const inspectorOnly = (k: string) => catalog.tools.filter((t) => t.status !== 'excluded' && (k === 'github' ? t.source === 'mcp' && t.sourceName === 'github' : k === 'client' ? t.source === 'client' : t.sourceName === 'notes'));
      const github = inspectorOnly('github');
      const client = inspectorOnly('client');
      const notes = inspectorOnly('notes');

      // The agent workspace is elsewhere (OpenClaw's default under HOME): the folder's .openclaw/extensions is not the run's either.
      const p = of({});
      const sent = ((p.openclaw?.request.tools ?? []) as { function: { name: string } }[]).map((t) => t.function.name);
      for (const t of [...github, ...client, ...notes]) assert.ok(!sent.includes(t.name), `${t.name} is not in what OpenClaw sends`);
      assert.deepEqual(new Set(p.openclaw?.inspectorOnly?.map((t) => t.name)), new Set([...github, ...client, ...notes].map((t) => t.name)));
      for (const t of [...github, ...client, ...notes]) assert.ok(p.visibleTools.includes(t.name), `the inspector's own surface still has ${t.name}`);
      const view = toPreviewView(new PreviewAssembler({ ...previewBaseOf(catalog, ws, { isolation: { ok: true } }), openclaw: ctxWith({}) }).assemble('hi'), catalog, { workspaceName: 'demo', cause: 'open' });
      const direct = view.modes.find((m) => m.mode === 'direct')?.openclaw;
      assert.equal(direct?.tools, sent.length);
      assert.equal(direct?.inspectorOnly?.tools, github.length + client.length + notes.length);
      assert.match(direct?.inspectorOnly?.text ?? '', new RegExp(`${github.length} tools of the offline MCP snapshot github`));
      assert.ok(parseHostMessage({ type: 'preview', view }), 'the protocol carries it');

      // The agent workspace is the folder itself: its workspace extension is the run's, so it is counted.
      const inFolder = of({ OPENCLAW_WORKSPACE_DIR: DEMO });
      const sentHere = ((inFolder.openclaw?.request.tools ?? []) as { function: { name: string } }[]).map((t) => t.function.name);
      for (const t of notes) assert.ok(sentHere.includes(t.name), `${t.name} is the run's when the folder is its agent workspace`);
      assert.ok(!inFolder.openclaw?.inspectorOnly?.some((t) => t.kind === 'workspace-extension'));
    } finally {
      await ws.dispose();
    }
  });
});
