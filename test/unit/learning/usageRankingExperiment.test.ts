import * as assert from 'node:assert/strict';
import { UsageRankingExperiment } from '../../../src/core/learning/usageRankingExperiment';
import { ToolIndex } from '../../../src/core/search/toolIndex';
import type { CatalogTool } from '../../../src/core/types';

function tool(name: string, description: string): CatalogTool {
  return { id: `mcp:demo:${name}`, source: 'mcp', sourceName: 'demo', name: `demo__${name}`, rawName: name, description, status: 'cataloged', decisions: [], groups: [] };
}

const TOOLS = [
  tool('weather_forecast', 'Weather forecast for a city.'),
  tool('city_guide', 'Guide to a city: sights, weather and food.'),
  tool('city_map', 'Map of a city.'),
  tool('umbrella_shop', 'Buy an umbrella.'),
];

describe('learning: the opt-in usage-field experiment (not the product ranking)', () => {
  it('lifts logged tools for their words but keeps the catalog ranking\'s picks within twice their rank', () => {
    const index = new ToolIndex(TOOLS);
    const exp = new UsageRankingExperiment(index, TOOLS, [{ query: 'will it rain in the city', tool: 'mcp:demo:weather_forecast', count: 3, foundInHits: 0 }]);
    const query = 'rain in the city';
    const catalogOnly = index.rank(query, 4).map((r) => r.tool.id);
    const got = exp.rank(query, 4);
    assert.equal(catalogOnly.indexOf('mcp:demo:weather_forecast'), 2, catalogOnly.join(','));
    assert.equal(got.indexOf('mcp:demo:weather_forecast'), 1, got.join(','));
    catalogOnly.forEach((id, r) => {
      const at = got.indexOf(id);
      assert.ok(at >= 0 && at <= 2 * r + 1, `${id}: catalog rank ${r + 1}, interleaved ${at + 1}`);
    });
    assert.equal(got[0], catalogOnly[0], 'the catalog ranking picks first');
    assert.equal(new Set(got).size, got.length);
  });
});
