// What Mode Preview says a prompt does comes from the modelled release
// (issue 44: the prompt box said "directory mode hydrates the schemas it most
// likely needs" while modelling 2026.9.6, which hydrates none). The words are
// held to what buildSurface really does for the same catalog.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Catalog } from '../../../src/core/catalog/catalog';
import { buildSurface } from '../../../src/core/modes/surface';
import { promptEffect } from '../../../src/core/modes/promptEffect';
import { PreviewAssembler, previewBaseOf } from '../../../src/core/modes/preview';
import { ToolIndex } from '../../../src/core/search/toolIndex';
import { OpenWorkspace } from '../../../src/core/workspace';
import { toPreviewView } from '../../../src/extension/preview/previewView';
import { DEMO } from '../gateway/fixtures';

const PROMPT = 'call fake plugin tool 17 with marker abc';

async function catalogOf(openclawVersion?: string): Promise<{ ws: OpenWorkspace; catalog: Catalog }> {
  const ws = new OpenWorkspace({ workspace: DEMO, noUserConfig: true, env: {}, ...(openclawVersion ? { openclawVersion } : {}), snapshots: [{ name: 'github', path: path.join(DEMO, 'snapshots', 'github') }] });
  return { ws, catalog: await ws.buildCatalog() };
}

describe("Mode Preview's prompt texts follow the modelled release", () => {
  const opened: OpenWorkspace[] = [];
  after(async () => {
    await Promise.all(opened.map((w) => w.dispose()));
  });

  for (const version of [undefined, '2026.1.30']) {
    it(`modelling ${version ?? 'the default release'}: the texts say what directory mode does with a prompt`, async () => {
      const { ws, catalog } = await catalogOf(version);
      opened.push(ws);
      const surface = buildSurface({ catalog, mode: 'directory', index: ToolIndex.fromCatalog(catalog), prompt: PROMPT });
      const hydratesReally = (surface.likely?.length ?? 0) > 0;
      const effect = promptEffect(catalog);
      assert.equal(effect.hydrates, hydratesReally, `modelling ${catalog.openclaw?.model.version}`);

      const view = toPreviewView(new PreviewAssembler(previewBaseOf(catalog, ws, { isolation: { ok: true } })).assemble(''), catalog, { workspaceName: 'demo', cause: 'open' });
      assert.deepEqual(view.promptEffect, effect);
      const promised = /hydrates the schemas|sends the schemas of the first-party tools it most likely needs/;
      for (const text of [effect.placeholder, effect.beforePrompt]) {
        if (hydratesReally) assert.match(text, promised);
        else {
          assert.doesNotMatch(text, promised);
          assert.ok(text.includes(catalog.openclaw?.model.version ?? '?'), text);
        }
      }
    });
  }

  it('the panel writes no claim of its own about what a prompt hydrates', () => {
    const panel = fs.readFileSync(path.resolve(__dirname, '../../../src/webview/previewPanel/main.ts'), 'utf8');
    assert.doesNotMatch(panel, /hydrates the schemas|most likely needs/);
  });
});
