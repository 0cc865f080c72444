import * as assert from 'node:assert/strict';
import { locateOpenClaw, OpenClawNotInstalledError, OpenClawUnavailableError } from '../../../src/core/oracle/openclawLocation';
import { editorWords, notInstalledWords, OPENCLAW_SETTING } from '../../../src/extension/preview/captureWords';
import { isCaptureView, parseWebviewMessage } from '../../../src/webview/shared/previewProtocol';
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

  it("the editor's own installs are looked for, never the tooling cache: none there is 'not installed', with the version to install", () => {
    const cache = scratchDir('tooling-cache');
    let caught: unknown;
    try {
      // Even with a tooling cache named in the environment, the editor's roots are the only ones looked at.
      locateOpenClaw('2026.9.6', { env: { TSI_TOOLING_CACHE: cache }, installRoots: [scratchDir('global-storage')] });
    } catch (err) {
      caught = err;
    }
    assert.ok(caught instanceof OpenClawNotInstalledError);
    assert.equal(caught.version, '2026.9.6');
    assert.doesNotMatch(caught.message, new RegExp(cache.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 'the message names no folder of this machine');
    const said = notInstalledWords(caught.version);
    assert.match(said, /^OpenClaw 2026\.9\.6 is not installed for capture\. Install it here \(one click/);
    assert.match(said, /npm install -g openclaw@2026\.9\.6/);
    assert.ok(said.includes(OPENCLAW_SETTING));
    assert.doesNotMatch(said, /openclawTooling|--openclaw|scripts\//);
  });

  it("Mode Preview's protocol: the Install button's message, and a refusal's version only when it is one", () => {
    assert.deepEqual(parseWebviewMessage({ type: 'installOpenclaw' }), { type: 'installOpenclaw' });
    assert.equal(isCaptureView({ status: 'refused', message: 'x', modes: [], install: '2026.9.6' }), true);
    assert.equal(isCaptureView({ status: 'installing', modes: [] }), true);
    assert.equal(isCaptureView({ status: 'refused', modes: [], install: '../../etc' }), false);
    assert.equal(isCaptureView({ status: 'refused', modes: [], install: 7 }), false);
  });
});
