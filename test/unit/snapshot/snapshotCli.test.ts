import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SnapshotDiff } from '../../../src/core/snapshot/diff';
import type { CatalogSnapshot } from '../../../src/core/snapshot/snapshot';
import { cli, cliWorkspace } from '../../helpers/cliWorkspace';

function readSnapshot(file: string): CatalogSnapshot {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as CatalogSnapshot;
}

/** Every object's keys in sorted order, at every depth. */
function keysSorted(v: unknown): boolean {
  if (Array.isArray(v)) {
    return v.every(keysSorted);
  }
  if (typeof v === 'object' && v !== null) {
    const keys = Object.keys(v);
    return keys.every((k, i) => i === 0 || (keys[i - 1] ?? '') < k) && Object.values(v).every(keysSorted);
  }
  return true;
}

/** The workspace with one more deny rule (the Done-when case). */
function withDeny(ws: string, name: string): void {
  const file = path.join(ws, 'openclaw.json');
  const text = fs.readFileSync(file, 'utf8');
  const changed = text.replace('deny: ["gateway", "fake_plugin_tool_36"]', `deny: ["gateway", "fake_plugin_tool_36", "${name}"]`);
  assert.notEqual(changed, text, 'the fixture config has the deny list this test edits');
  fs.writeFileSync(file, changed);
}

/** Client tools whose schemas add roughly `count` x 2 KB to every direct-mode request. */
function withBigClientTools(ws: string, count: number): void {
  fs.mkdirSync(path.join(ws, '.openclaw'), { recursive: true });
  const tools = Array.from({ length: count }, (_, i) => ({
    name: `bulky_report_${i}`,
    description: `Builds report ${i}. ${'Every column of the quarterly ledger is described here at length. '.repeat(30)}`,
    parameters: { type: 'object', properties: { quarter: { type: 'string', description: 'Quarter, e.g. 2026-Q3' } } },
  }));
  fs.writeFileSync(path.join(ws, '.openclaw', 'client-tools.json'), JSON.stringify(tools));
}

describe('CLI snapshot, diff and check', function () {
  this.timeout(60000);

  it('snapshot writes the same bytes twice, with sorted keys, hashes and no timestamp unless asked', async () => {
    const ws = cliWorkspace();
    const other = cliWorkspace();
    const runs = [
      await cli(ws, 'snapshot', '--out', 'a.json'),
      await cli(ws, 'snapshot', '--out', 'b.json'),
      // The same config in another folder: no machine path may leak into the file.
      await cli(other, 'snapshot', '--out', 'c.json'),
    ];
    for (const r of runs) {
      assert.equal(r.code, 0, r.err);
    }
    const a = fs.readFileSync(path.join(ws, 'a.json'));
    assert.ok(a.equals(fs.readFileSync(path.join(ws, 'b.json'))), 'two snapshots of one workspace are byte-identical');
    assert.ok(a.equals(fs.readFileSync(path.join(other, 'c.json'))), 'the workspace folder is not in the snapshot');
    assert.ok(!a.toString().includes(ws), 'no absolute workspace path');
    const snap = readSnapshot(path.join(ws, 'a.json'));
    assert.ok(keysSorted(snap));
    assert.equal(snap.takenAt, undefined);
    assert.equal(snap.format, 'tool-search-inspector/catalog-snapshot');
    assert.equal(snap.config, 'openclaw.json');
    assert.deepEqual(snap.tools.map((t) => t.id), [...snap.tools.map((t) => t.id)].sort());
    const gateway = snap.tools.find((t) => t.id === 'openclaw:core:gateway');
    assert.equal(gateway?.status, 'excluded');
    assert.equal(gateway?.reasonKind, 'policy');
    assert.deepEqual(gateway?.rule, { layer: 'tools.deny', rule: 'deny "gateway"', file: 'openclaw.json', line: 5 });
    assert.ok(snap.tools.every((t) => /^[0-9a-f]{16}$/.test(t.schemaHash) && /^[0-9a-f]{16}$/.test(t.descriptionHash)));
    assert.equal(snap.isolation.probed, false);

    const stamped = await cli(ws, 'snapshot', '--timestamp');
    assert.equal(stamped.code, 0, stamped.err);
    assert.match((JSON.parse(stamped.out) as CatalogSnapshot).takenAt ?? '', /^\d{4}-\d\d-\d\dT/);
  });

  it('snapshot per-mode figures are the preview assembly figures of the same workspace', async () => {
    const ws = cliWorkspace();
    const snap = JSON.parse((await cli(ws, 'snapshot')).out) as CatalogSnapshot;
    const preview = await cli(ws, 'preview', '--mode', 'all', '--json');
    assert.equal(preview.code, 0, preview.err);
    const modes = (JSON.parse(preview.out) as { modes: Record<string, { visibleTools: string[]; bytes: { total: number }; tokens: { total: number }; directory?: { chars: number } }> }).modes;
    for (const mode of ['direct', 'tools', 'directory'] as const) {
      assert.deepEqual(snap.modes[mode].visibleTools, modes[mode]?.visibleTools, mode);
      assert.equal(snap.modes[mode].bytes.total, modes[mode]?.bytes.total, mode);
      assert.equal(snap.modes[mode].tokens.total, modes[mode]?.tokens.total, mode);
    }
    assert.equal(snap.modes.directory.directory?.chars, modes.directory?.directory?.chars);
    assert.equal(snap.modes.direct.visibleTools.length, snap.counts.cataloged + snap.counts.directOnly);
  });

  it('diff of the workspace against a copy with one deny rule names the tool and the rule', async () => {
    const ws = cliWorkspace();
    assert.equal((await cli(ws, 'snapshot', '--out', 'before.json')).code, 0);
    withDeny(ws, 'fake_plugin_tool_07');
    // B is the live workspace (the default).
    const r = await cli(ws, 'diff', 'before.json', '--json');
    assert.equal(r.code, 0, r.err);
    const d = JSON.parse(r.out) as SnapshotDiff;
    assert.equal(d.same, false);
    assert.deepEqual(d.added, []);
    assert.deepEqual(d.removed, []);
    assert.deepEqual(d.excluded.map((t) => [t.id, t.from, t.to, t.reasonKind]), [['openclaw:fake-plugin:fake_plugin_tool_07', 'cataloged', 'excluded', 'policy']]);
    assert.deepEqual(d.excluded[0]?.rule, { layer: 'tools.deny', rule: 'deny "fake_plugin_tool_07"', file: 'openclaw.json', line: 5 });
    const direct = d.modes.find((m) => m.mode === 'direct');
    assert.deepEqual(direct?.visibleRemoved, ['fake_plugin_tool_07']);
    assert.ok((direct?.bytes.delta ?? 0) < 0 && (direct?.tokens.delta ?? 0) < 0);
    assert.deepEqual(d.modes.find((m) => m.mode === 'code')?.visibleAdded, []);

    const human = await cli(ws, 'diff', 'before.json');
    assert.match(human.out, /excluded\s+openclaw:fake-plugin:fake_plugin_tool_07\s+cataloged -> excluded\s+tools\.deny: deny "fake_plugin_tool_07" \(openclaw\.json:5\)/);
    const md = await cli(ws, 'diff', 'before.json', '--markdown');
    assert.match(md.out, /### Newly excluded \(1\)/);
    assert.match(md.out, /\| `openclaw:fake-plugin:fake_plugin_tool_07` \| cataloged → excluded \| tools\.deny: deny "fake_plugin_tool_07" \(openclaw\.json:5\) \|/);

    // The other way round the tool is re-admitted, with the rule that had excluded it.
    assert.equal((await cli(ws, 'snapshot', '--out', 'after.json')).code, 0);
    const back = JSON.parse((await cli(ws, 'diff', 'after.json', 'before.json', '--json')).out) as SnapshotDiff;
    assert.deepEqual(back.readmitted.map((t) => [t.id, t.to, t.rule?.rule]), [['openclaw:fake-plugin:fake_plugin_tool_07', 'cataloged', 'deny "fake_plugin_tool_07"']]);
    assert.equal((await cli(ws, 'diff', 'after.json', 'after.json', '--exit-code')).code, 0);
    assert.equal((await cli(ws, 'diff', 'after.json', 'before.json', '--exit-code')).code, 1);
  });

  it('diff takes a workspace folder on either side, live', async () => {
    const a = cliWorkspace();
    const b = cliWorkspace();
    withBigClientTools(b, 3);
    const r = await cli(a, 'diff', a, b, '--json');
    assert.equal(r.code, 0, r.err);
    const d = JSON.parse(r.out) as SnapshotDiff;
    assert.deepEqual(d.added.map((t) => t.id), ['client:client:bulky_report_0', 'client:client:bulky_report_1', 'client:client:bulky_report_2']);
    assert.ok((d.modes.find((m) => m.mode === 'direct')?.tokens.delta ?? 0) > 3 * 300);
  });

  it('check exits 0 within budget and 1 with file:line breaches when the direct payload grows past it', async () => {
    const ws = cliWorkspace();
    // The inspector's own approvals.tools is a key OpenClaw rejects (issue 41: check fails on a config it refuses; below).
    const cfgFile = path.join(ws, 'openclaw.json');
    const withApprovals = fs.readFileSync(cfgFile, 'utf8');
    fs.writeFileSync(cfgFile, withApprovals.replace(/approvals: \{[^\n]*\n/, ''));
    const base = JSON.parse((await cli(ws, 'snapshot')).out) as CatalogSnapshot;
    const limit = base.modes.direct.tokens.total + 500;
    fs.writeFileSync(
      path.join(ws, 'budget.json5'),
      `{
  // o200k tokens per request
  maxTokens: {
    direct: ${limit},
    tools: 5000,
  },
  mustBeCataloged: ["fake_plugin_tool_07"],
  neverCataloged: ["*delete_repo*"],
}
`,
    );
    const ok = await cli(ws, 'check', '--budget', 'budget.json5');
    assert.equal(ok.code, 0, ok.out + ok.err);
    assert.match(ok.out, /within budget/);

    withBigClientTools(ws, 4);
    const grown = await cli(ws, 'check', '--budget', 'budget.json5');
    assert.equal(grown.code, 1, grown.err);
    const all = grown.out.trim().split('\n');
    const lines = all.filter((l) => /^[^\s:]+:\d+: /.test(l));
    assert.equal(lines.length, 1, grown.out);
    // The inspector-only tools the budget counted are said apart, on a line no annotator reads as a breach (issue 41, part 3).
    assert.ok(all.includes('counted with 4 tools of client tools (no client in a real run), 9 tools of the offline MCP snapshot github, not in a real run (OpenClaw sends without them: preview\'s openclaw.request)'), grown.out);
    assert.match(lines[0] ?? '', new RegExp(`^budget\\.json5:4: direct mode sends \\d+ o200k tokens per request, over the budget of ${limit} \\(\\+\\d+\\)$`));

    withDeny(ws, 'fake_plugin_tool_07');
    const json = await cli(ws, 'check', '--budget', 'budget.json5', '--json');
    assert.equal(json.code, 1);
    const report = JSON.parse(json.out) as { ok: boolean; breaches: { line: number; key: string; message: string }[] };
    assert.equal(report.ok, false);
    assert.deepEqual(report.breaches.map((b) => [b.line, b.key]), [[4, 'maxTokens.direct'], [7, 'mustBeCataloged[0]']]);
    assert.match(report.breaches[1]?.message ?? '', /excluded \(tools\.deny: deny "fake_plugin_tool_07" \(openclaw\.json:5\)\)/);

    // Issue 41: a config the modelled release refuses fails check first, at the key, with its doctor's fix.
    fs.writeFileSync(cfgFile, fs.readFileSync(cfgFile, 'utf8').replace('plugins: {', 'approvals: { tools: ["fake_plugin_tool_2*"] },\n  plugins: {'));
    const refused = await cli(ws, 'check', '--budget', 'budget.json5');
    assert.equal(refused.code, 1);
    assert.match(refused.out.split('\n')[0] ?? '', /^openclaw\.json:\d+: OpenClaw 2026\.9\.6 would not start with this config: approvals\.tools \(line \d+\): removes approvals\.tools/);
    const snap = JSON.parse((await cli(ws, 'snapshot')).out) as CatalogSnapshot;
    assert.equal(snap.refused?.release, '2026.9.6');
    assert.deepEqual(snap.refused?.keys.map((k) => k.path), ['approvals.tools']);
  });

  it('check reports an unreadable budget as an input error at its line (exit 2)', async () => {
    const ws = cliWorkspace();
    fs.writeFileSync(path.join(ws, 'budget.json5'), '{\n  maxTokens: { direct: 10 },\n  maxToken: 5,\n}\n');
    const r = await cli(ws, 'check', '--budget', 'budget.json5');
    assert.equal(r.code, 2);
    assert.match(r.err, /^budget\.json5:3: unknown budget key "maxToken"/);
  });

  it('diff refuses a file that is not a snapshot (exit 2, one line)', async () => {
    const ws = cliWorkspace();
    const r = await cli(ws, 'diff', 'openclaw.json', ws);
    assert.equal(r.code, 2);
    assert.match(r.err, /openclaw\.json: not JSON|not a catalog snapshot/);
  });
});
