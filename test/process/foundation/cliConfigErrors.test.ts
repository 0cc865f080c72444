import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCliCaptured } from '../../helpers/cliCapture';
import { scratchDir } from '../../helpers/scratch';

const DEMO = path.resolve(__dirname, '..', '..', '..', 'examples', 'demo');

describe('CLI: an unusable config is a config error, and eval survives long queries', function () {
  this.timeout(60000);
  let ws: string;

  before(() => {
    ws = scratchDir('tsi-config-errors-');
  });
  after(() => fs.rmSync(ws, { recursive: true, force: true }));

  // A missing `]` on line 3: the parser stops at line 4, column 3.
  const BROKEN = '{\n  tools: {\n    deny: ["gateway"\n  },\n}\n';

  it('a JSON5 syntax error exits 2 with file:line:column on one stderr line, and nothing on stdout', async () => {
    fs.writeFileSync(path.join(ws, 'openclaw.json'), BROKEN);
    for (const command of [['catalog'], ['search', 'read a file'], ['explain', 'read'], ['preview']]) {
      const r = await runCliCaptured([...command, '--workspace', ws, '--no-user-config'], ws);
      assert.equal(r.code, 2, `${command[0]}: ${r.err}`);
      assert.equal(r.out, '');
      assert.match(r.err.trim(), /^openclaw\.json:4:3: JSON5 syntax error: .+$/);
      assert.equal(r.err.trim().split('\n').length, 1);
    }
  });

  it('with --json the JSON and its diagnostics still go to stdout, and the exit is still 2', async () => {
    fs.writeFileSync(path.join(ws, 'openclaw.json'), BROKEN);
    const r = await runCliCaptured(['catalog', '--json', '--workspace', ws, '--no-user-config'], ws);
    assert.equal(r.code, 2);
    const j = JSON.parse(r.out) as { diagnostics: { file: string; line: number; column: number; severity: string; message: string }[] };
    assert.deepEqual(
      j.diagnostics.map((d) => [d.file, d.line, d.column, d.severity]),
      [['openclaw.json', 4, 3, 'error']],
    );
    assert.match(r.err.trim(), /^openclaw\.json:4:3: JSON5 syntax error/);
  });

  it('a config whose top level is not an object is unusable too', async () => {
    fs.writeFileSync(path.join(ws, 'openclaw.json'), '[1, 2]\n');
    const r = await runCliCaptured(['catalog', '--workspace', ws, '--no-user-config'], ws);
    assert.equal(r.code, 2);
    assert.match(r.err.trim(), /^openclaw\.json:1(:\d+)?: the config must be a JSON5 object/);
  });

  it('a valid config with warnings still exits 0', async () => {
    fs.writeFileSync(path.join(ws, 'openclaw.json'), '{ tools: { toolSearch: { maxSearchLimit: 500 } } }\n');
    const r = await runCliCaptured(['catalog', '--workspace', ws, '--no-user-config'], ws);
    assert.equal(r.code, 0, r.err);
  });

  it('eval scores an over-long query cut to the search bound and says how many were cut', async () => {
    const file = path.join(ws, 'queries.json');
    fs.writeFileSync(
      file,
      JSON.stringify([
        { query: `read a file ${'padding '.repeat(100)}`, expected: ['read'] },
        { query: 'run a shell command', expected: ['exec'] },
      ]),
    );
    fs.rmSync(path.join(ws, 'openclaw.json'), { force: true });
    const r = await runCliCaptured(['eval', '--queries', file, '--json', '--workspace', DEMO, '--no-user-config'], ws);
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out) as { n: number; cutQueries: number };
    assert.equal(j.n, 2, 'both queries were scored');
    assert.equal(j.cutQueries, 1);
    const human = await runCliCaptured(['eval', '--queries', file, '--workspace', DEMO, '--no-user-config'], ws);
    assert.equal(human.code, 0, human.err);
    assert.match(human.out, /1 query was longer than 512 characters and scored cut to that bound/);
  });
});
