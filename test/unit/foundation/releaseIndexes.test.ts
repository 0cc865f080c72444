// scripts/lib/releaseIndexes.mjs: the imports of every per-release data folder are generated, not hand-kept.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { scratchDir } from '../../helpers/scratch';

const ROOT = path.join(__dirname, '..', '..', '..');

interface Lib {
  releaseIndexes(repo: string): Map<string, string>;
}

async function lib(): Promise<Lib> {
  return (await import(pathToFileURL(path.join(ROOT, 'scripts', 'lib', 'releaseIndexes.mjs')).href)) as Lib;
}

const FOLDERS = ['src/core/sources/versions', 'src/core/prompt/versions', 'src/core/policy/versions', 'src/core/config/schema', 'src/core/config/doctor'];

describe('release data indexes (issue 42): generated from the files, no hand-kept list of versions', () => {
  it('every committed index is what the generator writes from the files on disk', async () => {
    const { releaseIndexes } = await lib();
    for (const [rel, text] of releaseIndexes(ROOT)) {
      assert.equal(fs.readFileSync(path.join(ROOT, rel), 'utf8'), text, `${rel} is stale: run npm run openclaw:release (or node -e "import('./scripts/lib/releaseIndexes.mjs').then((m) => m.writeReleaseIndexes('.'))")`);
    }
  });

  it("a new release's files alone make it the newest everywhere: tools, prompt, tables and schema", async () => {
    const { releaseIndexes } = await lib();
    const repo = scratchDir('tsi-indexes-');
    try {
      for (const f of FOLDERS) {
        fs.cpSync(path.join(ROOT, f), path.join(repo, f), { recursive: true });
      }
      const next = '2026.10.1';
      fs.writeFileSync(path.join(repo, 'src/core/sources/versions', `openclaw-${next}.tools.json`), '{}');
      fs.writeFileSync(path.join(repo, 'src/core/prompt/versions', `openclaw-${next}.json`), '{}');
      fs.writeFileSync(path.join(repo, 'src/core/prompt/versions', `openclaw-${next}.runFacts.json`), '{}');
      fs.writeFileSync(path.join(repo, 'src/core/policy/versions', `openclaw-${next}.json`), '{}');
      fs.writeFileSync(path.join(repo, 'src/core/config/schema', `openclaw-${next}.json`), '{}');
      fs.writeFileSync(path.join(repo, 'src/core/config/doctor', `openclaw-${next}.json`), '{}');
      const out = releaseIndexes(repo);
      const last = (rel: string): string => {
        const entries = [...(out.get(rel) ?? '').matchAll(/version: '([\d.]+)'/g)].map((m) => m[1]);
        return entries.at(-1) ?? '';
      };
      for (const rel of ['src/core/sources/versions/index.ts', 'src/core/prompt/versions/index.ts', 'src/core/config/doctor/index.ts', 'src/core/config/schema/index.ts']) {
        // Ordered by version, not by name: 2026.10.1 after 2026.9.6.
        assert.equal(last(rel), next, rel);
      }
      assert.match(out.get('src/core/sources/versions/index.ts') ?? '', /\{ version: '2026\.10\.1', load: \(\): unknown => require\('\.\/openclaw-2026\.10\.1\.tools\.json'\) \}/);
      assert.match(out.get('src/core/prompt/versions/runFacts.ts') ?? '', /openclaw-2026\.10\.1\.runFacts\.json/);
      assert.match(out.get('src/core/policy/versions/index.ts') ?? '', /import newest from '\.\/openclaw-2026\.10\.1\.json'/);
      assert.match(out.get('src/core/policy/versions/index.ts') ?? '', /import seed from '\.\/openclaw-2026\.1\.30\.json'/);
      assert.match(out.get('src/core/config/schema/newest.ts') ?? '', /openclaw-2026\.10\.1\.json/);
    } finally {
      fs.rmSync(repo, { recursive: true, force: true });
    }
  });
});
