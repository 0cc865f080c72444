import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCliCaptured } from '../../helpers/cliCapture';
import { scratchDir } from '../../helpers/scratch';

// `explain NAME --fix` and `--dry-run` on a temp copy of a multi-agent config
// (issue 30): the plan lifts every layer that blocks the tool for the run,
// is written with the file's comments kept, and a tool that no edit admits is
// exit 1 with every blocking layer's file:line on stderr.

// The unit tests' case (test/unit/explain/fixPlan.test.ts): global profile coding, main on full, qa denying web_search.
const CONFIG = fs.readFileSync(path.resolve(__dirname, '..', '..', 'fixtures', 'fix-plan', 'multi-agent.openclaw.json5'), 'utf8');

const OFF = `{
  meta: { lastTouchedVersion: "2026.9.6" },
  tools: {
    profile: "minimal",
    web: { search: { enabled: false } }, // no search provider here
  },
  agents: { list: [{ id: "qa", default: true, tools: { deny: ["web_search"] } }] },
}
`;

function copy(text: string): string {
  const dir = scratchDir('explain-fix-');
  fs.writeFileSync(path.join(dir, 'openclaw.json'), text);
  return dir;
}

const cli = (dir: string, ...argv: string[]) => runCliCaptured([...argv, '--workspace', dir, '--no-user-config'], dir);

interface FixJson {
  matches: { id: string; status: string; fix?: { kind: string }; fixPlan?: { admits: boolean; scope?: string; widens: unknown[]; blockers: { layer: string; at?: { line?: number }; edit?: string }[]; remaining: { layer: string }[]; plan?: { edits: { kind: string; title: string }[] } } }[];
  fixResult?: { written: boolean; dryRun: boolean; admits?: boolean; text?: string; file?: string };
}

describe('CLI explain --fix and --dry-run (issue 30)', function () {
  this.timeout(60000);

  it('explain --json carries the plan as data: every blocking layer, the edits, their scope', async () => {
    const dir = copy(CONFIG);
    const r = await cli(dir, 'explain', 'web_search', '--agent', 'qa', '--json');
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out) as FixJson;
    const p = j.matches[0]?.fixPlan;
    assert.equal(p?.admits, true);
    assert.equal(p?.scope, 'agent');
    assert.deepEqual(p?.widens, []);
    assert.deepEqual(p?.blockers.map((b) => [b.layer, b.at?.line]), [['tools.profile (coding)', 5], ['agents.qa.tools.deny', 14]]);
    assert.equal(j.matches[0]?.fix?.kind, 'edit-set');
    assert.equal(fs.readFileSync(path.join(dir, 'openclaw.json'), 'utf8'), CONFIG, 'explain alone writes nothing');
  });

  it('--dry-run prints the change as a unified diff and writes nothing; --fix writes it, comments kept, and the tool is then cataloged for qa only', async () => {
    const dir = copy(CONFIG);
    const dry = await cli(dir, 'explain', 'web_search', '--agent', 'qa', '--dry-run');
    assert.equal(dry.code, 0, dry.err);
    assert.equal(fs.readFileSync(path.join(dir, 'openclaw.json'), 'utf8'), CONFIG);
    // A diff (issue 44), not the whole edited file: headers, hunks, the changed lines marked.
    const lines = dry.out.replace(/\n$/, '').split('\n');
    assert.deepEqual(lines.slice(0, 2), ['--- a/openclaw.json', '+++ b/openclaw.json']);
    assert.match(lines[2] ?? '', /^@@ -\d+(,\d+)? \+\d+(,\d+)? @@$/);
    assert.ok(lines.some((l) => /^\+.*tools: \{ alsoAllow: \["cron", "web_search"\], deny: \["browser"\] \},/.test(l)), dry.out);
    assert.ok(lines.some((l) => l.startsWith('-') && !l.startsWith('---')), dry.out);
    assert.ok(lines.every((l, i) => i < 2 || /^[-+ @]/.test(l)), dry.out);
    assert.ok(lines.length < CONFIG.split('\n').length + 4, 'shorter than the file and its diff headers');

    const fix = await cli(dir, 'explain', 'web_search', '--agent', 'qa', '--fix');
    assert.equal(fix.code, 0, fix.err);
    assert.match(fix.out, /^Wrote openclaw\.json: Let "web_search" through for agent qa/);
    const written = fs.readFileSync(path.join(dir, 'openclaw.json'), 'utf8');
    // What --dry-run printed is what --fix wrote: the diff's + and context lines are the written file's, in order.
    const kept = lines.slice(2).filter((l) => !l.startsWith('@@') && !l.startsWith('-')).map((l) => l.slice(1));
    const writtenLines = written.split('\n');
    let at = 0;
    for (const l of kept) {
      at = writtenLines.indexOf(l, at);
      assert.ok(at >= 0, `the written file lacks ${l}`);
      at++;
    }
    assert.match(written, /profile: "coding", \/\/ every agent codes/);

    const after = await cli(dir, 'explain', 'web_search', '--agent', 'qa', '--json');
    assert.equal((JSON.parse(after.out) as FixJson).matches[0]?.status, 'cataloged');
    const main = await cli(dir, 'catalog', '--all', '--json');
    const tools = (JSON.parse(main.out) as { tools: { name: string; status: string }[] }).tools;
    assert.equal(tools.find((t) => t.name === 'web_search')?.status, 'cataloged', 'main (profile full) had it before and still has it');
    const again = await cli(dir, 'explain', 'web_search', '--agent', 'qa', '--fix');
    assert.equal(again.code, 0);
    assert.match(again.out, /cataloged: nothing to fix/);
  });

  it('--dry-run --json gives the edited text in fixResult', async () => {
    const dir = copy(CONFIG);
    const r = await cli(dir, 'explain', 'web_search', '--agent', 'qa', '--dry-run', '--json');
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out) as FixJson;
    assert.equal(j.fixResult?.written, false);
    assert.equal(j.fixResult?.dryRun, true);
    assert.match(j.fixResult?.text ?? '', /alsoAllow: \["cron", "web_search"\]/);
  });

  it('no plan admits the tool: exit 1, nothing written, every blocking layer with file:line on stderr', async () => {
    const dir = copy(OFF);
    const r = await cli(dir, 'explain', 'web_search', '--fix');
    assert.equal(r.code, 1);
    assert.equal(r.out, '');
    assert.equal(fs.readFileSync(path.join(dir, 'openclaw.json'), 'utf8'), OFF);
    const lines = r.err.trim().split('\n');
    assert.match(lines[0] ?? '', /^explain --fix: no edit of the tool policy admits web_search: blocked by OpenClaw core \(openclaw\.json:5:31 tools\.web\.search\.enabled\)$/);
    assert.equal(lines[1], 'blocking layers:');
    assert.match(lines[2] ?? '', /^ {2}openclaw\.json:5:31 tools\.web\.search\.enabled: OpenClaw core: .*\(no edit admits it\)$/);
    assert.match(lines[3] ?? '', /^ {2}openclaw\.json:4:14 tools\.profile: tools\.profile \(minimal\): /);
    assert.match(lines[4] ?? '', /^ {2}openclaw\.json:7:63 agents\.list\[0\]\.tools\.deny\[0\]: /);
    const j = await cli(dir, 'explain', 'web_search', '--fix', '--json');
    assert.equal(j.code, 1);
    const parsed = JSON.parse(j.out) as FixJson;
    assert.equal(parsed.fixResult?.admits, false);
    assert.deepEqual(parsed.matches[0]?.fixPlan?.remaining.map((b) => b.layer), ['OpenClaw core']);
    assert.equal(parsed.matches[0]?.fix, undefined);
  });

  it('an unknown tool is a lookup miss (exit 1)', async () => {
    const dir = copy(CONFIG);
    const r = await cli(dir, 'explain', 'no_such_tool', '--agent', 'qa', '--fix');
    assert.equal(r.code, 1);
    assert.match(r.err, /^explain --fix: no source offers a tool named "no_such_tool"/);
  });
});
