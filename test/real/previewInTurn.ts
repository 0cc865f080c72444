import * as assert from 'node:assert/strict';
import type { ModeCapture } from '../../src/core/capture/capture';
import type { PreviewJson } from '../../src/core/modes/preview';
import type { ToolSearchModeName } from '../../src/core/types';
import { runCliCaptured } from '../helpers/cliCapture';
import { scratchDir } from '../helpers/scratch';
import { openclawLocation, REPO } from '../oracle/harness';

/**
 * The prediction for one captured turn, made in the environment that turn ran
 * in: OpenClaw's state folder and agent workspace are the turn's scratch
 * folders (gone by now: the agent workspace counts as new, as it was). The
 * paths are volatile parts, but OpenClaw shortens skill descriptions and
 * bounds max_completion_tokens by lengths that include them.
 */
export async function previewInTurn(dir: string, mode: ToolSearchModeName, c: ModeCapture, prompt: string, label: string): Promise<PreviewJson> {
  assert.ok(c.paths, `${label}: the capture names no scratch paths`);
  const env: Record<string, string | undefined> = { ...process.env, HOME: scratchDir('tsi-real-home-'), OPENCLAW_STATE_DIR: c.paths.stateDir, OPENCLAW_WORKSPACE_DIR: c.paths.agentWorkspace };
  delete env.OPENCLAW_CONFIG_PATH;
  // The package folder itself: the prompt cites it, and its length counts as the paths' do.
  const r = await runCliCaptured(['preview', '--workspace', dir, '--no-user-config', '--json', '--mode', mode, '--openclaw', (await openclawLocation()).packageDir, '--prompt', prompt], REPO, env);
  assert.equal(r.code, 0, `${label}: preview exit ${r.code}: ${r.err}`);
  return JSON.parse(r.out) as PreviewJson;
}
