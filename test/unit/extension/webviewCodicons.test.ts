import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

// Every codicon a webview names exists in the codicon font the panels ship
// (@vscode/codicons, copied to media/codicons by the build): an unknown name
// draws nothing, and the text after it starts with a stray space. Issue 30's
// walk-through found the description-cut note's "scissors", which the font lacks.
const root = path.resolve(__dirname, '..', '..', '..');

function webviewSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? webviewSources(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

describe('webview codicons', () => {
  it('every icon(\'name\') in src/webview is a codicon of the shipped font', () => {
    const css = fs.readFileSync(path.join(root, 'node_modules', '@vscode', 'codicons', 'dist', 'codicon.css'), 'utf8');
    const known = new Set([...css.matchAll(/\.codicon-([a-z0-9-]+):before/g)].map((m) => m[1]));
    assert.ok(known.size > 300, `read ${known.size} codicons`);
    const used = new Map<string, string>();
    for (const file of webviewSources(path.join(root, 'src', 'webview'))) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/\bicon\('([a-z0-9-]+)(?:~[a-z]+)?'\)/g)) {
        used.set(m[1] as string, path.relative(root, file));
      }
    }
    assert.ok(used.size > 20, `found ${used.size} icon names`);
    assert.deepEqual([...used].filter(([name]) => !known.has(name)).map(([name, file]) => `${name} (${file})`), []);
  });
});
