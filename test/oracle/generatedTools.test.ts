// The generated tool data is what the pinned OpenClaw composes today: the
// generator (scripts/extract-openclaw-tools.mjs) runs again against the
// installed package into a scratch file, which must equal the committed one
// byte for byte. A package change, or a hand edit of the data, fails here.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { openclawLocation, REPO } from './harness';

const run = promisify(execFile);

describe('oracle: generated tool definitions are current', function () {
  this.timeout(300_000);

  it('regenerating from the installed OpenClaw gives the committed file', async () => {
    const location = await openclawLocation();
    const committed = path.join(REPO, 'src', 'core', 'sources', 'versions', `openclaw-${location.version}.tools.json`);
    assert.ok(fs.existsSync(committed), `no generated tools for OpenClaw ${location.version}`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-tools-'));
    try {
      const out = path.join(dir, 'tools.json');
      await run(location.node, [path.join(REPO, 'scripts', 'extract-openclaw-tools.mjs'), location.packageDir, '--out', out], { cwd: REPO, maxBuffer: 16 * 1024 * 1024 });
      const fresh = fs.readFileSync(out, 'utf8');
      const kept = fs.readFileSync(committed, 'utf8');
      if (fresh !== kept) {
        let i = 0;
        while (i < fresh.length && fresh[i] === kept[i]) i++;
        assert.fail(`first difference at line ${fresh.slice(0, i).split('\n').length}:\n  regenerated: ${JSON.stringify(fresh.slice(i, i + 120))}\n  committed:   ${JSON.stringify(kept.slice(i, i + 120))}`);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
