import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import type { Catalog } from '../../../src/core/catalog/catalog';
import { ALL_MODES, buildPreview, LazyIndex, PreviewAssembler, previewBaseOf, previewDeltas, type PreviewBase } from '../../../src/core/modes/preview';
import { payloadTokens } from '../../../src/core/provider/payloadSize';
import { ToolIndex } from '../../../src/core/search/toolIndex';
import { OpenWorkspace } from '../../../src/core/workspace';
import { directoryLines, modeTokensView, toPreviewView } from '../../../src/extension/preview/previewView';
import { DEMO } from '../gateway/fixtures';

const PROMPT = 'call fake plugin tool 17 with marker abc';

describe('preview assembly (one for the CLI and the panel)', () => {
  let ws: OpenWorkspace;
  let catalog: Catalog;
  let base: PreviewBase;
  // Likely schemas are the seed's directory-mode design; OpenClaw 2026.9.6 hydrates none, so they are shown modelling 2026.1.30.
  let seedWs: OpenWorkspace;
  let seedCatalog: Catalog;
  let seedBase: PreviewBase;
  before(async () => {
    ws = new OpenWorkspace({ workspace: DEMO, noUserConfig: true, env: {}, snapshots: [{ name: 'github', path: path.join(DEMO, 'snapshots', 'github') }] });
    catalog = await ws.buildCatalog();
    base = previewBaseOf(catalog, ws, { isolation: { ok: true } });
    seedWs = new OpenWorkspace({ workspace: DEMO, noUserConfig: true, env: {}, openclawVersion: '2026.1.30', snapshots: [{ name: 'github', path: path.join(DEMO, 'snapshots', 'github') }] });
    seedCatalog = await seedWs.buildCatalog();
    seedBase = previewBaseOf(seedCatalog, seedWs, { isolation: { ok: true } });
  });
  after(async () => {
    await ws.dispose();
    await seedWs.dispose();
  });

  it('hydrates no likely schema modelling 2026.9.6, whose directory mode has none', () => {
    const d = new PreviewAssembler(base).assemble(PROMPT).modes.directory;
    assert.deepEqual(d?.likely ?? [], []);
  });

  it('assembles every mode exactly as buildPreview does, with counts of the whole body', () => {
    const a = new PreviewAssembler(base).assemble(PROMPT);
    assert.equal(a.configuredMode, 'code');
    for (const mode of ALL_MODES) {
      const got = a.modes[mode];
      const want = buildPreview({ ...base, index: ToolIndex.fromCatalog(catalog), mode, prompt: PROMPT });
      assert.ok(got);
      assert.deepEqual(got.request, want.request, mode);
      assert.deepEqual(got.bytes, want.bytes, mode);
      assert.deepEqual(got.tokens, payloadTokens(got.request), mode);
      const t = got.split?.tokens;
      assert.ok(t);
      assert.equal(t.tools + t.system + t.messages + t.framing, got.tokens?.total);
      assert.deepEqual(got.windows?.map((w) => w.tokens), [128000, 200000]);
    }
  });

  it('hydrates the tool the prompt names in directory mode and says which words matched', () => {
    const d = new PreviewAssembler(seedBase).assemble(PROMPT).modes.directory;
    assert.ok(d?.likely?.some((v) => v.name === 'fake_plugin_tool_17'));
    const why = d?.likelyWhy?.find((l) => l.name === 'fake_plugin_tool_17');
    assert.ok(why?.terms.includes('17') || why?.terms.includes('fake'), JSON.stringify(why));
    assert.ok(!d?.directory?.text.includes('- fake_plugin_tool_17 '), 'a hydrated tool is no longer a directory row');
  });

  it('on a prompt edit tokenizes only what changed, and reuses the prompt-free surfaces', () => {
    const asm = new PreviewAssembler(base);
    const first = asm.assemble('');
    const before = asm.counter.stats.tokenizedChars;
    const edit = asm.assemble(PROMPT);
    const directJson = JSON.stringify(edit.modes.direct?.request.tools).length;
    assert.equal(edit.timing.tokenizedChars, asm.counter.stats.tokenizedChars - before);
    // The first render tokenized direct mode's tools array; the edit does not do it again.
    assert.ok(edit.timing.tokenizedChars < first.timing.tokenizedChars - 0.9 * directJson, `edit ${edit.timing.tokenizedChars}, first ${first.timing.tokenizedChars}, direct tools ${directJson}`);
    assert.equal(edit.modes.direct?.tokens?.total, payloadTokens(edit.modes.direct?.request ?? { model: '', messages: [] }).total);
  });

  it('defers direct mode\'s tokens when asked: bytes everywhere, tokens for the rest, the same counts once counted', () => {
    const whole = new PreviewAssembler(base).assemble(PROMPT);
    const asm = new PreviewAssembler(base);
    const first = asm.assemble(PROMPT, ALL_MODES, { deferTokens: ['direct'] });
    assert.deepEqual(first.pendingTokens, ['direct']);
    const direct = first.modes.direct;
    assert.ok(direct);
    assert.equal(direct.tokens, undefined);
    assert.equal(direct.split?.tokens, undefined);
    assert.deepEqual(direct.bytes, whole.modes.direct?.bytes);
    for (const mode of ['code', 'tools', 'directory'] as const) {
      assert.deepEqual(first.modes[mode]?.tokens, whole.modes[mode]?.tokens, mode);
    }
    // Direct mode's tools array was not tokenized for the first view.
    const directTools = JSON.stringify(direct.request.tools).length;
    assert.ok(first.timing.tokenizedChars < whole.timing.tokenizedChars - 0.9 * directTools, `${first.timing.tokenizedChars} characters tokenized, ${whole.timing.tokenizedChars} without deferring, direct tools ${directTools}`);

    const full = asm.countPending(first);
    assert.deepEqual(full.pendingTokens, []);
    assert.deepEqual(full.modes.direct?.tokens, whole.modes.direct?.tokens);
    assert.deepEqual(full.modes.direct?.tokens, payloadTokens(direct.request));
    assert.deepEqual(full.modes.direct?.split, whole.modes.direct?.split);
    assert.deepEqual(full.modes.direct?.windows, whole.modes.direct?.windows);
    assert.equal(full.modes.code, first.modes.code, 'modes already counted are kept as they were');
    assert.ok(full.timing.tokenizedChars >= directTools);

    // Counted once, never deferred again: a prompt edit has every count at once.
    const edit = asm.assemble('', ALL_MODES, { deferTokens: ['direct'] });
    assert.deepEqual(edit.pendingTokens, []);
    assert.equal(edit.modes.direct?.tokens?.total, payloadTokens(edit.modes.direct?.request ?? direct.request).total);
    assert.deepEqual(new PreviewAssembler(base).assemble(PROMPT).pendingTokens, [], 'nothing is deferred unless asked (the CLI)');
  });

  it('marks deferred tokens as pending in the view and sends them later for the same render', () => {
    const asm = new PreviewAssembler(base);
    const first = asm.assemble('', ALL_MODES, { deferTokens: ['direct'] });
    const view = toPreviewView(first, catalog, { workspaceName: 'demo', cause: 'open', seq: 7 });
    assert.equal(view.seq, 7);
    const direct = view.modes.find((m) => m.mode === 'direct');
    assert.equal(direct?.tokensPending, true);
    assert.equal(direct?.tokens, undefined);
    assert.deepEqual(direct?.windows, []);
    assert.ok((direct?.bytes.total ?? 0) > 0);
    for (const m of view.modes.filter((x) => x.mode !== 'direct')) {
      assert.equal(m.tokensPending, undefined, m.mode);
      assert.ok(m.tokens && m.tokens.total > 0, m.mode);
    }
    const p = first.modes.direct;
    assert.ok(p);
    assert.equal(modeTokensView(p, 7, 1), undefined, 'nothing to send before counting');
    const counted = asm.countPending(first).modes.direct;
    assert.ok(counted);
    const late = modeTokensView(counted, 7, 12.34);
    assert.deepEqual(late, { mode: 'direct', seq: 7, tokens: { ...counted.split?.tokens, total: counted.tokens?.total }, windows: counted.windows, ms: 12.3 });
    const whole = toPreviewView(new PreviewAssembler(base).assemble(''), catalog, { workspaceName: 'demo', cause: 'open' });
    assert.deepEqual(late?.tokens, whole.modes.find((m) => m.mode === 'direct')?.tokens);
  });

  it('lists the largest direct-mode schemas first, with their ids and tokens', () => {
    const top = new PreviewAssembler(base).assemble('').topTools;
    assert.ok(top.length > 0 && top.length <= 15);
    for (let i = 1; i < top.length; i++) {
      assert.ok((top[i - 1]?.bytes ?? 0) >= (top[i]?.bytes ?? 0));
    }
    const sizes = buildPreview({ ...base, mode: 'direct', perTool: true }).perTool ?? [];
    const largest = Math.max(...sizes.map((s) => s.bytes));
    assert.equal(top[0]?.bytes, largest);
    assert.ok(top.every((t) => t.id && t.tokens && t.tokens > 0));
  });

  it('builds the search index only when a prompt needs it', () => {
    const lazy = new LazyIndex(seedCatalog);
    const asm = new PreviewAssembler({ ...seedBase, index: lazy });
    asm.assemble('');
    assert.equal(lazy.built, false);
    asm.assemble(PROMPT);
    assert.equal(lazy.built, true);
  });

  it('reports per-mode deltas: schemas added and removed, bytes and tokens', () => {
    const asm = new PreviewAssembler(seedBase);
    const a = asm.assemble('');
    const b = asm.assemble(PROMPT);
    const deltas = previewDeltas(a, b);
    const dir = deltas.find((d) => d.mode === 'directory');
    assert.ok(dir?.added.includes('fake_plugin_tool_17'));
    assert.deepEqual(dir?.removed, []);
    const direct = deltas.find((d) => d.mode === 'direct');
    assert.deepEqual(direct?.added, []);
    assert.equal(direct?.tokens, (b.modes.direct?.tokens?.total ?? 0) - (a.modes.direct?.tokens?.total ?? 0));
    assert.deepEqual(previewDeltas(b, asm.assemble(PROMPT)), [], 'nothing changed');
  });

  it('turns the assembly into the panel view: configured mode, directory lines with shortened rows, deltas', () => {
    const asm = new PreviewAssembler(seedBase);
    const first = asm.assemble('');
    const view = toPreviewView(asm.assemble(PROMPT), seedCatalog, { workspaceName: 'demo', cause: 'prompt', previous: first });
    assert.equal(view.configuredMode, 'code');
    assert.deepEqual(view.modes.map((m) => m.mode), [...ALL_MODES]);
    const direct = view.modes.find((m) => m.mode === 'direct');
    assert.equal(direct?.schemaCount, first.modes.direct?.visible.length);
    assert.ok((direct?.schemas.length ?? 0) <= 300);
    assert.ok(view.likely.some((l) => l.name === 'fake_plugin_tool_17'));
    assert.ok(view.deltas?.some((d) => d.mode === 'directory'));
    const d = first.modes.directory?.directory;
    assert.ok(d);
    const lines = directoryLines(d, catalog);
    assert.equal(lines.map((l) => l.text).join('\n'), d.text);
    for (const l of lines.filter((x) => x.shortenedFrom !== undefined)) {
      assert.ok(d.shortened.includes(l.tool ?? ''));
      assert.ok((l.shortenedFrom ?? 0) > d.descriptionLimit);
    }
    assert.equal(lines.filter((l) => l.shortenedFrom !== undefined).length, d.shortened.length);
  });
});
