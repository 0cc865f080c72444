import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { DEFAULT_CAPTURE_PROMPT } from '../../../src/core/capture/captureConfig';
import { OpenWorkspace } from '../../../src/core/workspace';

/** Issue 41, part 8: the default capture prompt is neutral: it names no tool of the demo (or of any workspace). */
describe('the default capture prompt', () => {
  it('names no tool the demo catalogs, and no QA marker', async () => {
    const ws = new OpenWorkspace({ workspace: path.join(__dirname, '..', '..', '..', 'examples', 'demo'), noUserConfig: true, env: {}, liveMcp: () => undefined });
    try {
      const catalog = await ws.buildCatalog();
      const words = new Set(DEFAULT_CAPTURE_PROMPT.toLowerCase().split(/[^a-z0-9_]+/));
      assert.deepEqual(catalog.tools.filter((t) => words.has(t.name.toLowerCase())).map((t) => t.name), []);
      assert.doesNotMatch(DEFAULT_CAPTURE_PROMPT, /QA-\d+|fake_plugin/);
      assert.ok(DEFAULT_CAPTURE_PROMPT.trim().length > 0, 'a turn needs a message');
    } finally {
      await ws.dispose();
    }
  });
});
