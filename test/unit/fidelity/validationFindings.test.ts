import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { validationFindings, verdictsAgree } from '../../../src/core/oracle/validationFindings';
import { OpenWorkspace } from '../../../src/core/workspace';
import { scratchDir } from '../../helpers/scratch';

/**
 * Issue 41, part 2: what OpenClaw's own `config validate` adds to the
 * inspector's verdict, shared by `check` and the editor's Problems: keys only
 * it refuses at their lines, keys both refuse once (the inspector's, with
 * the doctor's fix), a disagreement said as a fidelity gap, and a verdict of
 * another release than the one modelled never called the model's fault.
 */
describe('OpenClaw\'s validation findings beside the inspector\'s verdict', () => {
  let dir: string;
  beforeEach(() => {
    dir = scratchDir('tsi-findings-');
  });
  const open = (text: string, openclawVersion?: string): OpenWorkspace => {
    fs.writeFileSync(path.join(dir, 'openclaw.json'), text);
    return new OpenWorkspace({ workspace: dir, configPath: path.join(dir, 'openclaw.json'), noUserConfig: true, env: {}, liveMcp: () => undefined, ...(openclawVersion ? { openclawVersion } : {}) });
  };

  it('a key only OpenClaw refuses is a finding at its line, and the two verdicts disagreeing is one more', () => {
    const ws = open('{\n  agents: {\n    defaults: { timeoutSeconds: -5 },\n  },\n}\n');
    const v = { version: ws.openclaw.model.version, valid: false, issues: [{ path: 'agents.defaults.timeoutSeconds', message: 'Too small' }], warnings: [] };
    assert.equal(verdictsAgree(v, ws), false);
    const f = validationFindings(v, path.join(dir, 'openclaw.json'), ws);
    assert.deepEqual(
      f.map((x) => [x.file, x.line, x.key]),
      [
        ['openclaw.json', 3, 'agents.defaults.timeoutSeconds'],
        ['openclaw.json', 1, undefined],
      ],
    );
    assert.match(f[0]!.message, /own validation \(openclaw config validate\) refuses agents\.defaults\.timeoutSeconds: Too small/);
    assert.match(f[1]!.message, /refuses this config, but the inspector's model of it does not: a fidelity gap/);
  });

  it('a key both refuse is no finding (the inspector already names it), and agreeing verdicts add nothing', () => {
    const ws = open('{\n  env: { TEAM_NAME: "crew" },\n}\n');
    assert.ok(ws.verdict?.refuses, 'the inspector refuses env.TEAM_NAME');
    const v = { version: ws.openclaw.model.version, valid: false, issues: [{ path: 'env', message: 'Unrecognized key: "TEAM_NAME"' }], warnings: [] };
    assert.equal(verdictsAgree(v, ws), true);
    assert.deepEqual(validationFindings(v, path.join(dir, 'openclaw.json'), ws), []);
  });

  it('another release than the one modelled: the difference is said as two releases, not as a fidelity gap', () => {
    const ws = open('{\n  tools: { profile: "coding" },\n}\n', '2026.1.30');
    const v = { version: '2026.9.6', valid: false, issues: [{ path: 'tools.profile', message: 'x' }], warnings: [] };
    const f = validationFindings(v, path.join(dir, 'openclaw.json'), ws);
    const last = f[f.length - 1]!;
    assert.doesNotMatch(last.message, /fidelity gap/);
    assert.match(last.message, /the inspector models OpenClaw 2026\.1\.30, which accepts it \(model 2026\.9\.6 to compare the same release\)/);
  });
});
