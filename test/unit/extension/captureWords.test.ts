import * as assert from 'node:assert/strict';
import { locateOpenClaw, OpenClawUnavailableError } from '../../../src/core/oracle/openclawLocation';
import { editorWords, OPENCLAW_SETTING } from '../../../src/extension/preview/captureWords';
import { scratchDir } from '../../helpers/scratch';

// Issue 41, part 4: with no OpenClaw to run, the editor names its setting and
// an install the user can do, never the CLI's flag or this repository's script.
describe('capture without an OpenClaw: the editor\'s words', () => {
  it("rewrites core's message for a missing pinned install: the setting and npm install, no script, no flag", () => {
    let message = '';
    try {
      locateOpenClaw(undefined, { env: { TSI_TOOLING_CACHE: scratchDir('no-openclaw') }, homeDir: scratchDir('no-home') });
    } catch (err) {
      assert.ok(err instanceof OpenClawUnavailableError);
      message = err.message;
    }
    assert.match(message, /scripts\/lib\/openclawTooling\.mjs/, 'core still says what a CLI user of this repository runs');
    const said = editorWords(message);
    assert.doesNotMatch(said, /openclawTooling|--openclaw|scripts\//);
    assert.match(said, /npm install -g openclaw@2026\.9\.6/);
    assert.ok(said.includes(OPENCLAW_SETTING), said);
  });

  it('names Node 24 on PATH where only the runtime is missing, and leaves other messages alone', () => {
    const said = editorWords('OpenClaw needs Node >= 24; tried node (v20). Set TSI_OPENCLAW_NODE or install the pinned one with node scripts/lib/openclawTooling.mjs');
    assert.match(said, /Install Node 24 or newer on PATH/);
    assert.doesNotMatch(said, /openclawTooling/);
    assert.equal(editorWords('/x is neither an openclaw package folder nor a folder with node_modules/openclaw'), '/x is neither an openclaw package folder nor a folder with node_modules/openclaw');
  });
});
