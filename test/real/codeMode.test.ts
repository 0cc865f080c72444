// `npm run test:real`, Code Mode: real OpenClaw turns on variants of the QA
// workspace whose tools.codeMode (or model flag) decides the run's surface,
// each captured as configured (the capture keeps the workspace's own Code Mode
// settings when they give the surface asked for) and compared, whole request
// part by part, with the product's prediction of that surface. The product
// must also name the surface itself (`configuredMode`), so a wrong decision
// fails here even when both requests were built for the same surface.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CaptureReport } from '../../src/core/capture/capture';
import { parseJson5 } from '../../src/core/config/json5Document';
import type { PreviewJson } from '../../src/core/modes/preview';
import { firstDifference, REQUEST_PARTS as PARTS, requestParts } from '../../src/core/prompt/requestDiff';
import { normalizeRequest } from '../../src/core/prompt/volatile';
import type { ToolSearchModeName } from '../../src/core/types';
import { runCliCaptured } from '../helpers/cliCapture';
import { scratchDir } from '../helpers/scratch';
import { previewInTurn } from './previewInTurn';
import { openclawLocation, openclawSpec, REPO } from '../oracle/harness';

const QA = path.join(REPO, 'test', 'fixtures', 'capture', 'qa-workspace');
const PROMPT = 'Call fake_plugin_tool_17 with marker QA-17.';
const MODEL_KEY = 'tsi-capture/capture-model';
const TURN_TIMEOUT_MS = 360_000;

type Json = Record<string, unknown>;

interface Variant {
  name: string;
  /** The surface OpenClaw gives the run, as its docs and code say. */
  surface: ToolSearchModeName;
  edit: (cfg: Json) => void;
}

const tools = (cfg: Json): Json => cfg.tools as Json;
const setCompat = (cfg: Json, compat: Json): void => {
  const models = (((cfg.models as Json).providers as Json)['tsi-capture'] as Json).models as Json[];
  const [m] = models;
  assert.ok(m, 'the QA workspace lists its model');
  m.compat = compat;
};

const VARIANTS: readonly Variant[] = [
  { name: 'engaged globally (tools.codeMode: true, beside tools.toolSearch mode code)', surface: 'code-mode', edit: (c) => void (tools(c).codeMode = true) },
  { name: 'engaged by a catalog-preferred model, tools.codeMode absent', surface: 'code-mode', edit: (c) => setCompat(c, { codeMode: 'preferred' }) },
  {
    name: 'engaged by a defaults model override',
    surface: 'code-mode',
    edit: (c) => {
      (c.agents as Json).defaults = { ...((c.agents as Json).defaults as Json), models: { [MODEL_KEY]: { codeMode: true } } };
    },
  },
  { name: 'engaged with the QuickJS executor and custom limits', surface: 'code-mode', edit: (c) => void (tools(c).codeMode = { enabled: true, executor: 'quickjs', timeoutMs: 4321, maxOutputBytes: 32768, memoryLimitBytes: 8388608 }) },
  {
    name: 'engaged beside tools.toolSearch directory mode',
    surface: 'code-mode',
    edit: (c) => {
      tools(c).toolSearch = { mode: 'directory' };
      tools(c).codeMode = true;
    },
  },
  {
    name: 'kept off by an agent override of a catalog-preferred model',
    surface: 'code',
    edit: (c) => {
      setCompat(c, { codeMode: 'preferred' });
      (c.agents as Json).list = [{ id: 'main', default: true, tools: { codeMode: false } }];
    },
  },
  { name: 'kept off by an authored object without enabled', surface: 'code', edit: (c) => void (tools(c).codeMode = { timeoutMs: 5000 }) },
];

/** The QA workspace with the variant's edit, in a scratch folder: its plugin copied, its MCP server by absolute path. */
function workspaceOf(v: Variant, i: number): string {
  const dir = scratchDir(`tsi-real-code-mode-${i}-`);
  fs.cpSync(path.join(QA, 'plugins'), path.join(dir, 'plugins'), { recursive: true });
  const text = fs.readFileSync(path.join(QA, 'openclaw.json'), 'utf8');
  const server = path.join(REPO, 'test', 'fixtures', 'calendar', 'server.mjs');
  assert.ok(text.includes('"../../calendar/server.mjs"'), 'the QA workspace names its calendar server relatively');
  const cfg = parseJson5('openclaw.json', text.replace('"../../calendar/server.mjs"', JSON.stringify(server))).value as Json;
  v.edit(cfg);
  fs.writeFileSync(path.join(dir, 'openclaw.json'), JSON.stringify(cfg, null, 2));
  return dir;
}

interface Run {
  capture?: CaptureReport;
  configured?: ToolSearchModeName;
  preview?: PreviewJson;
  error?: string;
}

async function runVariant(v: Variant, i: number): Promise<Run> {
  const dir = workspaceOf(v, i);
  // The product's own decision first: the surface it names for this run.
  const decided = await runCliCaptured(['preview', '--workspace', dir, '--no-user-config', '--json', '--mode', 'all', '--prompt', PROMPT], REPO, { ...process.env });
  assert.equal(decided.code, 0, `${v.name}: preview exit ${decided.code}: ${decided.err}`);
  const configured = (JSON.parse(decided.out) as { configuredMode: ToolSearchModeName }).configuredMode;
  const r = await runCliCaptured(
    ['capture', '--workspace', dir, '--no-user-config', '--json', '--openclaw', openclawSpec(), '--timeout', String(TURN_TIMEOUT_MS), '--mode', v.surface, '--prompt', PROMPT, '--provider', MODEL_KEY],
    REPO,
    { ...process.env },
  );
  if (r.code !== 0 && r.code !== 1) {
    return { configured, error: `capture exit ${r.code}: ${r.err}` };
  }
  const capture = JSON.parse(r.out) as CaptureReport;
  const c = capture.modes[v.surface];
  if (!c?.first || !c.paths) {
    return { capture, configured };
  }
  return { capture, configured, preview: await previewInTurn(dir, v.surface, c, PROMPT, v.surface) };
}

describe('real: Code Mode, decided and predicted as OpenClaw 2026.9.6 runs it', function () {
  this.timeout(900_000);
  const runs = new Map<string, Run>();

  before(async () => {
    await openclawLocation();
    const started = Date.now();
    // Three turns at a time on two cores.
    const queue = VARIANTS.map((v, i) => [v, i] as const);
    const workers = Array.from({ length: 3 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [v, i] = next;
        runs.set(v.name, await runVariant(v, i).catch((err: unknown) => ({ error: err instanceof Error ? err.message : String(err) })));
      }
    });
    await Promise.all(workers);
    console.log(`      captured ${VARIANTS.length} Code Mode variants in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  for (const v of VARIANTS) {
    describe(v.name, () => {
      const run = (): Run => {
        const r = runs.get(v.name);
        assert.ok(r && !r.error, `${v.name}: ${r?.error ?? 'no run'}`);
        return r;
      };
      it(`the product names the run's surface ${v.surface}`, () => {
        assert.equal(run().configured, v.surface);
      });
      it('the real turn sent its request on that surface', () => {
        const c = run().capture?.modes[v.surface];
        assert.ok(c?.first, `${v.name}: no request (${c?.outcome ?? 'not captured'}): ${c?.error ?? ''}\n${c?.stderrTail ?? ''}`);
        const body = c.requests.find((q) => q.seq === c.first?.seq)?.body as { tools?: { function: { name: string } }[] } | undefined;
        const names = (body?.tools ?? []).map((t) => t.function.name);
        assert.equal(names.includes('wait') && names.includes('exec'), v.surface === 'code-mode', `tools sent: ${names.join(', ')}`);
      });
      for (const part of PARTS) {
        it(`${part} is byte-equal after normalization`, () => {
          const r = run();
          const c = r.capture?.modes[v.surface];
          const first = c?.requests.find((q) => q.seq === c.first?.seq);
          assert.ok(first && c?.paths && r.capture, `${v.name}: no captured request`);
          assert.ok(r.preview?.openclaw, `${v.name}: the preview predicts no OpenClaw request`);
          const real = normalizeRequest(first.body, { workspaceDir: c.paths.agentWorkspace, stateDir: c.paths.stateDir, openclawDir: r.capture.openclaw.packageDir });
          const predicted = normalizeRequest(r.preview.openclaw.request, r.preview.openclaw.volatile);
          const diff = firstDifference(requestParts(real)[part], requestParts(predicted)[part]);
          assert.ok(diff === undefined, `${v.name} ${part}: ${diff ?? ''}`);
        });
      }
    });
  }
});
