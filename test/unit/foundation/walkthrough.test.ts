// The first-run walkthrough in the manifest (issue 44): each step is completed
// by doing it (a contributed command run, or the workspace trusted), its
// buttons run commands that exist, and its pictures go into the .vsix.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

interface Step { id: string; title: string; description: string; media?: { image?: string; markdown?: string }; completionEvents?: string[] }
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { contributes: { commands: { command: string }[]; walkthroughs?: { id: string; title: string; steps: Step[] }[] } };

describe('the first-run walkthrough (contributes.walkthroughs)', () => {
  const walkthrough = manifest.contributes.walkthroughs?.[0];
  const commands = new Set(manifest.contributes.commands.map((c) => c.command));

  it('walks through the six first-run jobs in order', () => {
    assert.ok(walkthrough, 'package.json contributes a walkthrough');
    assert.deepEqual(walkthrough.steps.map((s) => s.id), ['openConfig', 'trust', 'modePreview', 'runSnippet', 'explain', 'capture']);
  });

  it('each step is completed by doing it: one of its own commands run, or the folder trusted', () => {
    for (const s of walkthrough?.steps ?? []) {
      const events = s.completionEvents ?? [];
      assert.ok(events.length > 0, `${s.id} has a completion event (else a click on it completes it)`);
      for (const e of events) {
        if (e.startsWith('onCommand:')) {
          const id = e.slice('onCommand:'.length);
          assert.ok(commands.has(id), `${s.id}: ${id} is a contributed command`);
          assert.ok(s.description.includes(`(command:${id})`), `${s.id}: its button runs the command that completes it`);
        } else {
          assert.equal(e, 'onContext:isWorkspaceTrusted', `${s.id}: ${e}`);
        }
      }
    }
  });

  it("its buttons run commands that exist, and its pictures exist and are packaged", () => {
    const ignore = fs.readFileSync(path.join(ROOT, '.vscodeignore'), 'utf8');
    for (const s of walkthrough?.steps ?? []) {
      for (const m of s.description.matchAll(/\(command:([\w.]+)\)/g)) {
        const id = m[1] ?? '';
        assert.ok(commands.has(id) || id.startsWith('workbench.'), `${s.id}: ${id}`);
      }
      const image = s.media?.image;
      assert.ok(image && fs.existsSync(path.join(ROOT, image)), `${s.id}: ${image}`);
      assert.ok(ignore.includes(`!${path.posix.dirname(image)}/*.png`), `${s.id}: ${image} is in the .vsix (.vscodeignore)`);
    }
  });
});
