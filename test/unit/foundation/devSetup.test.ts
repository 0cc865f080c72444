// The contributor setup in .vscode/ must point at things that exist: F5 is the
// first thing a new contributor tries, and a stale path fails only in a
// desktop VS Code that CI does not run.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseJson5 } from '../../../src/core/config/json5Document';

const ROOT = path.resolve(__dirname, '..', '..', '..');

function readJsonc<T>(rel: string): T {
  const file = path.join(ROOT, rel);
  const doc = parseJson5(rel, fs.readFileSync(file, 'utf8'));
  assert.deepEqual(doc.diagnostics, [], `${rel} must parse`);
  return doc.value as T;
}

interface LaunchConfig {
  name: string;
  type: string;
  request: string;
  args: string[];
  outFiles?: string[];
  preLaunchTask?: string;
}
interface Task {
  label: string;
  type: string;
  script?: string;
  command?: string;
  isBackground?: boolean;
  group?: { kind: string; isDefault?: boolean };
  problemMatcher?: string | {
    pattern: { regexp: string; message?: number; file?: number; line?: number; column?: number }[];
    background: { beginsPattern: string; endsPattern: string };
  };
}

const launch = readJsonc<{ configurations: LaunchConfig[] }>('.vscode/launch.json');
const tasks = readJsonc<{ tasks: Task[] }>('.vscode/tasks.json');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { main: string; scripts: Record<string, string> };

const expand = (arg: string): string => arg.replace('${workspaceFolder}', ROOT);
function flag(cfg: LaunchConfig, name: string): string | undefined {
  const a = cfg.args.find((x) => x.startsWith(`--${name}=`));
  return a === undefined ? undefined : expand(a.slice(name.length + 3));
}
function config(name: string): LaunchConfig {
  const c = launch.configurations.find((x) => x.name === name);
  assert.ok(c, `launch.json has "${name}"`);
  return c;
}
function task(label: string): Task {
  const t = tasks.tasks.find((x) => x.label === label);
  assert.ok(t, `tasks.json has a task "${label}"`);
  return t;
}

describe('contributor setup (.vscode)', () => {
  it('"Run Extension" starts an Extension Development Host on examples/demo after a build', () => {
    const c = config('Run Extension');
    assert.equal(c.type, 'extensionHost');
    assert.equal(c.request, 'launch');
    assert.equal(flag(c, 'extensionDevelopmentPath'), ROOT);
    assert.ok(fs.existsSync(path.join(ROOT, 'src', 'extension', 'extension.ts')));
    assert.equal(pkg.main, './dist/extension.js', 'outFiles cover the bundle package.json loads');
    const folder = c.args.filter((a) => !a.startsWith('--')).map(expand);
    assert.deepEqual(folder, [path.join(ROOT, 'examples', 'demo')]);
    assert.ok(fs.existsSync(path.join(folder[0] ?? '', 'openclaw.json')), 'the demo folder has its config');
    assert.ok(c.preLaunchTask);
    const t = task(c.preLaunchTask);
    assert.equal(t.type, 'npm');
    assert.ok(t.script && pkg.scripts[t.script]?.includes('--watch'), 'the pre-launch task is the esbuild watch');
    assert.equal(t.isBackground, true);
    assert.deepEqual(t.group, { kind: 'build', isDefault: true });
  });

  it('"Extension Tests" runs the same extensionTestsPath suite the real-VS-Code runner builds', () => {
    const c = config('Extension Tests');
    assert.equal(c.type, 'extensionHost');
    assert.equal(flag(c, 'extensionDevelopmentPath'), ROOT);
    const testsPath = flag(c, 'extensionTestsPath');
    assert.equal(testsPath, path.join(ROOT, 'out', 'test', 'integration', 'run'));
    assert.ok(fs.existsSync(path.join(ROOT, 'test', 'integration', 'run.ts')), 'the entry it is built from');
    const builder = fs.readFileSync(path.join(ROOT, 'scripts', 'build-tests.mjs'), 'utf8');
    assert.match(builder, /path\.join\(root, 'out', 'test', 'integration'\)/, 'build-tests.mjs writes where launch.json looks');
    assert.ok(c.preLaunchTask);
    const t = task(c.preLaunchTask);
    assert.match(t.command ?? '', /scripts\/build-tests\.mjs/);
  });

  it('every npm task names a script that exists', () => {
    for (const t of tasks.tasks.filter((x) => x.type === 'npm')) {
      assert.ok(t.script && pkg.scripts[t.script], `npm script "${t.script}" of task "${t.label}"`);
    }
  });

  it("the watch task's problem matcher reads what the watch reporter prints", async () => {
    const m = task('watch').problemMatcher;
    assert.ok(m && typeof m === 'object');
    const lines: string[] = [];
    const { createWatchReporter } = (await import(pathToFileURL(path.join(ROOT, 'scripts', 'lib', 'watchReporter.mjs')).href)) as {
      createWatchReporter(io: { out: (l: string) => void; err: (l: string) => void }): { setup(build: FakeBuild): void };
    };
    type Hook<T> = (arg: T) => void;
    interface FakeBuild { onStart(f: Hook<void>): void; onEnd(f: Hook<{ errors: { text: string; location?: { file: string; line: number; column: number } }[] }>): void }
    const starts: Hook<void>[] = [];
    const ends: Hook<{ errors: { text: string; location?: { file: string; line: number; column: number } }[] }>[] = [];
    const reporter = createWatchReporter({ out: (l) => lines.push(l), err: (l) => lines.push(l) });
    for (let i = 0; i < 2; i++) reporter.setup({ onStart: (f) => starts.push(f), onEnd: (f) => ends.push(f) });
    starts.forEach((f) => f());
    ends[0]?.({ errors: [{ text: 'Could not resolve "nope"', location: { file: 'src/core/types.ts', line: 3, column: 20 } }] });
    ends[1]?.({ errors: [] });

    const begins = new RegExp(m.background.beginsPattern);
    const endsRe = new RegExp(m.background.endsPattern);
    assert.equal(lines.filter((l) => begins.test(l)).length, 1, 'one begin for two bundles');
    assert.equal(lines.filter((l) => endsRe.test(l)).length, 1, 'one end, after the last bundle');
    assert.ok(endsRe.test(lines[lines.length - 1] ?? ''));
    const [first, second] = m.pattern;
    const at = lines.findIndex((l) => new RegExp(first?.regexp ?? '^$').test(l));
    assert.ok(at >= 0, 'the error line matches');
    assert.equal(new RegExp(first?.regexp ?? '').exec(lines[at] ?? '')?.[first?.message ?? 0], 'Could not resolve "nope"');
    const loc = new RegExp(second?.regexp ?? '').exec(lines[at + 1] ?? '');
    assert.ok(loc, 'the location line matches');
    assert.deepEqual([loc[second?.file ?? 0], loc[second?.line ?? 0], loc[second?.column ?? 0]], ['src/core/types.ts', '3', '20']);
  });

  it('recommends the ESLint extension', () => {
    const rec = readJsonc<{ recommendations: string[] }>('.vscode/extensions.json');
    assert.ok(rec.recommendations.includes('dbaeumer.vscode-eslint'));
  });

  it('ships LICENSE and CHANGELOG.md, which the .vsix allow-list names', () => {
    const ignore = fs.readFileSync(path.join(ROOT, '.vscodeignore'), 'utf8');
    for (const f of ['LICENSE', 'CHANGELOG.md']) {
      assert.ok(fs.existsSync(path.join(ROOT, f)), f);
      assert.ok(ignore.split('\n').includes(`!${f}`), `.vscodeignore keeps ${f}`);
    }
    assert.match(fs.readFileSync(path.join(ROOT, 'LICENSE'), 'utf8'), /^MIT License/);
  });

  it('ships the bundles the extension starts as separate processes (the oracle child, the capture network guard)', () => {
    const ignore = fs.readFileSync(path.join(ROOT, '.vscodeignore'), 'utf8').split('\n');
    // Capture the Real Request preloads dist/networkGuard.mjs into every OpenClaw process it starts.
    for (const f of ['dist/openclawChild.mjs', 'dist/networkGuard.mjs']) {
      assert.ok(ignore.includes(`!${f}`), `.vscodeignore keeps ${f}`);
    }
  });
});
