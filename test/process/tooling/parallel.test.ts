// `npm test` runs typecheck and lint side by side (scripts/parallel.mjs): both run to
// the end, both outputs are shown whole, and the step fails if either fails.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scratchDir } from '../../helpers/scratch';

const REPO = path.resolve(__dirname, '..', '..', '..');
const PARALLEL = path.join(REPO, 'scripts', 'parallel.mjs');

function runIn(scripts: Record<string, string>, names: string[]): { status: number | null; out: string } {
  const dir = scratchDir('parallel-');
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'p', private: true, scripts }));
  const env: NodeJS.ProcessEnv = { ...process.env, TSI_HEARTBEAT_MS: '60000' };
  delete env.npm_execpath;
  const r = spawnSync(process.execPath, [PARALLEL, ...names], { cwd: dir, encoding: 'utf8', env, timeout: 60_000 });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('tooling: scripts/parallel.mjs (typecheck and lint side by side)', function () {
  this.timeout(90_000);

  it('runs every script to the end, shows each output whole with its time, and fails if one fails', () => {
    const r = runIn({
      slow: 'node -e "setTimeout(() => console.log(\'slow-output\'), 700)"',
      bad: 'node -e "console.error(\'bad-output\'); process.exit(3)"',
    }, ['slow', 'bad']);
    assert.equal(r.status, 1, r.out);
    assert.match(r.out, /slow-output/);
    assert.match(r.out, /bad-output/);
    assert.match(r.out, /\[parallel\] slow {2}ok in \d+\.\d s/);
    assert.match(r.out, /\[parallel\] bad {3}FAILED in \d+\.\d s \(exit 3\)/);
    assert.match(r.out, /\[parallel\] bad failed in/);
  });

  it('exits 0 when all pass', () => {
    const r = runIn({ a: 'node -e "console.log(1)"', b: 'node -e "console.log(2)"' }, ['a', 'b']);
    assert.equal(r.status, 0, r.out);
    assert.match(r.out, /\[parallel\] all passed in/);
  });

  it('is what `npm test` runs for typecheck and lint, and typecheck is one `tsc -b` over tsconfig.json', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    assert.match(pkg.scripts.test ?? '', /node scripts\/parallel\.mjs typecheck lint/);
    assert.equal(pkg.scripts.typecheck, 'tsc -b');
  });
});
