import * as assert from 'node:assert/strict';
import { toolSearchEffect } from '../../../src/core/authoring/toolSearchEffect';
import { ConfigReader } from '../../../src/core/config/configReader';
import { parseJson5 } from '../../../src/core/config/json5Document';
import { resolveToolSearchSettings, withReleaseToolSearch } from '../../../src/core/config/toolSearchSettings';
import { NEWEST_OPENCLAW_VERSION, type OpenClawModel } from '../../../src/core/policy/openclawVersions';
import { release } from '../../../src/core/sources/release';
import { nextRelease } from '../../helpers/nextRelease';

/** The newest's next release with other Tool Search limits, as a release may generate them. */
function releaseWithLimits(): OpenClawModel {
  const { model } = nextRelease();
  const ts = model.toolSearch;
  assert.ok(ts);
  return { ...model, toolSearch: { ...ts, defaults: { codeTimeoutMs: 5000, searchDefaultLimit: 4, maxSearchLimit: 10 }, min: { codeTimeoutMs: 500, maxSearchLimit: 2 }, max: { codeTimeoutMs: 30000, maxSearchLimit: 30 } } };
}

function resolved(text: string, model: OpenClawModel) {
  const reader = new ConfigReader(parseJson5('openclaw.json', text));
  return withReleaseToolSearch(resolveToolSearchSettings(reader), model, reader);
}

describe("tools.toolSearch's defaults and clamps come from the modelled release", () => {
  it('a release with other limits defaults and clamps by its own (generated) facts, not the product constants', () => {
    const model = releaseWithLimits();
    const unset = resolved('{ tools: { toolSearch: { mode: "tools" } } }', model);
    assert.deepEqual([unset.codeTimeoutMs, unset.searchDefaultLimit, unset.maxSearchLimit], [5000, 4, 10]);
    const over = resolved('{ tools: { toolSearch: { mode: "tools", maxSearchLimit: 45, codeTimeoutMs: 100 } } }', model);
    assert.deepEqual([over.maxSearchLimit, over.codeTimeoutMs], [30, 500]);
    const hover = toolSearchEffect('openclaw.json', '{ tools: { toolSearch: { maxSearchLimit: 45 } } }', 'maxSearchLimit', model);
    assert.deepEqual(hover?.range, { min: 2, max: 30 });
    assert.equal(hover?.defaultValue, 10);
  });

  it('the newest shipped release resolves as before (its generated limits are the ones the diagnostics quote)', () => {
    const newest = release(NEWEST_OPENCLAW_VERSION)?.model;
    assert.ok(newest?.toolSearch);
    const over = resolved('{ tools: { toolSearch: { mode: "tools", maxSearchLimit: 75 } } }', newest);
    assert.equal(over.maxSearchLimit, newest.toolSearch.max.maxSearchLimit);
    assert.equal(over.searchDefaultLimit, newest.toolSearch.defaults.searchDefaultLimit);
  });
});
