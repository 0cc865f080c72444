// scripts/lib/epochFiles.mjs: which epoch files `npm run openclaw:epochs <version>` may replace.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.join(__dirname, '..', '..', '..');

interface EpochFile {
  file: string;
  releases: string[];
}
interface Lib {
  planEpochFiles(existing: readonly EpochFile[], measured: readonly string[]): { remove: string[]; keep: EpochFile[]; refuse: string[] };
  versionCompare(a: string, b: string): number;
}

async function lib(): Promise<Lib> {
  return (await import(pathToFileURL(path.join(ROOT, 'scripts', 'lib', 'epochFiles.mjs')).href)) as Lib;
}

/** The epoch files shipped today, as the script reads them. */
function shipped(): EpochFile[] {
  const dir = path.join(ROOT, 'src', 'core', 'policy', 'epochs');
  return fs.readdirSync(dir).filter((f) => /^openclaw-.*\.json$/.test(f)).map((file) => ({ file, releases: (JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { releases: string[] }).releases }));
}

describe('openclaw:epochs never deletes another release\'s data (scripts/lib/epochFiles.mjs)', () => {
  it('measuring one release replaces only its own epoch file and keeps every other', async () => {
    const { planEpochFiles } = await lib();
    const files = shipped();
    const single = files.find((f) => f.releases.length === 1);
    assert.ok(single, 'a shipped epoch measured on one release');
    const plan = planEpochFiles(files, single.releases);
    assert.deepEqual(plan.remove, [single.file]);
    assert.deepEqual(plan.keep.map((f) => f.file).sort(), files.filter((f) => f !== single).map((f) => f.file).sort());
    assert.deepEqual(plan.refuse, []);
  });

  it('a new release keeps every shipped epoch; one that would lose a release it did not measure is refused', async () => {
    const { planEpochFiles } = await lib();
    const files = shipped();
    assert.equal(planEpochFiles(files, ['2099.1.1']).keep.length, files.length);
    const shared = files.find((f) => f.releases.length > 1);
    assert.ok(shared, 'a shipped epoch measured on several releases');
    const plan = planEpochFiles(files, [shared.releases[0] ?? '']);
    assert.deepEqual(plan.remove, []);
    assert.equal(plan.refuse.length, 1);
    assert.match(plan.refuse[0] ?? '', new RegExp(`measure ${(shared.releases[1] ?? '').replace(/\./g, '\\.')}`));
  });

  it('orders versions by number, not text', async () => {
    const { versionCompare } = await lib();
    assert.deepEqual(['2026.10.0', '2026.9.6', '2026.1.30'].sort(versionCompare), ['2026.1.30', '2026.9.6', '2026.10.0']);
  });
});
