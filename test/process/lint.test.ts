import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const REPO = path.resolve(__dirname, '../..');
const FIXTURES = path.join(REPO, 'test/fixtures/lint');

/** Copies fixtures into the source tree (where the lint zones apply), runs `npm run lint` on them, removes them. */
function lintWith(files: Record<string, string>): { code: number | null; out: string } {
  const written: string[] = [];
  try {
    for (const [target, fixture] of Object.entries(files)) {
      const dest = path.join(REPO, target);
      fs.copyFileSync(path.join(FIXTURES, fixture), dest);
      written.push(dest);
    }
    // The eslint and config that `npm run lint` runs, on the fixtures alone.
    const r = spawnSync('npx', ['eslint', ...written], { cwd: REPO, encoding: 'utf8' });
    return { code: r.status, out: `${r.stdout}${r.stderr}` };
  } finally {
    for (const f of written) {
      fs.rmSync(f, { force: true });
    }
  }
}

describe('lint holds the layer order and refuses cycles', function () {
  this.timeout(120000);

  it('fails on a core module that imports a later tier', () => {
    const r = lintWith({ 'src/core/config/__lintFixtureOrder.ts': 'breaksOrder.ts.txt' });
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /src\/core\/config is in tier 2 of the core order.*import-x\/no-restricted-paths/);
  });

  it('fails on two modules that import each other', () => {
    const r = lintWith({ 'src/core/util/__lintFixtureCycleA.ts': 'cycleA.ts.txt', 'src/core/util/__lintFixtureCycleB.ts': 'cycleB.ts.txt' });
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /Dependency cycle detected\s+import-x\/no-cycle/);
  });

  it("fails on a panel's browser code that imports another panel's folder", () => {
    const r = lintWith({ 'src/webview/tracePanel/__lintFixtureCrossPanel.ts': 'webviewCrossPanel.ts.txt' });
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /src\/webview\/tracePanel may import its own folder and src\/webview\/shared.*import-x\/no-restricted-paths/);
  });

  it("fails on extension code that imports a panel's browser code (explainPanel included)", () => {
    const r = lintWith({ 'src/extension/__lintFixtureWebview.ts': 'extensionImportsWebview.ts.txt' });
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /The extension imports src\/core, vscode and the webview protocols in src\/webview\/shared.*import-x\/no-restricted-paths/);
  });

  it('fails on src/oracle importing anything but a Node built-in', () => {
    const r = lintWith({ 'src/oracle/__lintFixtureImports.mts': 'oracleImports.mts.txt' });
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /'openai' import is restricted.*Node built-ins only.*no-restricted-imports/);
    assert.doesNotMatch(r.out, /'node:fs' import is restricted/);
  });

  it('gives .mts files the TypeScript rules (no-floating-promises, no-console)', () => {
    const r = lintWith({ 'src/oracle/__lintFixtureRules.mts': 'oracleRules.mts.txt' });
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /@typescript-eslint\/no-floating-promises/);
    assert.match(r.out, /no-console/);
  });

  it('fails on a function in src over 100 lines', () => {
    const r = lintWith({ 'src/core/util/__lintFixtureLong.ts': 'longFunction.ts.txt' });
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /Function 'tooLong' has too many lines \(101\)\. Maximum allowed is 100\s+max-lines-per-function/);
  });

  it('passes on the tree as it is (the same files without a fixture)', () => {
    const r = spawnSync('npx', ['eslint', 'src/core/config/toolSearchSettings.ts', 'src/core/util/errors.ts', 'src/oracle', 'src/webview/tracePanel', 'src/extension/commandIds.ts'], { cwd: REPO, encoding: 'utf8' });
    assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
  });
});
