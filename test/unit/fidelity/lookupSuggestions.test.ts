import * as assert from 'node:assert/strict';
import { suggestTools } from '../../../src/core/catalog/lookup';
import { openClawId } from '../../../src/core/search/entryText';
import type { CatalogTool } from '../../../src/core/types';

// The oracle's lookup suite (seed 47573837, stop 52's CI): OpenClaw scores a
// miss's suggestions on its own ids, where an MCP tool's owner is the safe
// server name cut at 30 characters; ours kept the raw server name, so a
// needle found only there suggested tools OpenClaw does not.
const mcp = (name: string, description: string): CatalogTool =>
  ({ id: `mcp:a-very-long-server-name-that-goes-past-thirty:${name}`, name: `a-very-long-server-name-that-g__${name}`, source: 'mcp', sourceName: 'a-very-long-server-name-that-goes-past-thirty', description, status: 'cataloged' }) as CatalogTool;

describe('lookup suggestions score OpenClaw\'s ids', () => {
  const tools = [mcp('interpret', 'Tool from MCP server a-very-long-server-name-that-goes-past-thirty'), mcp('click_youtube', 'lines')];
  it('a needle only in the raw server name of our id suggests nothing by it', () => {
    assert.deepEqual(suggestTools('past', tools, (t) => openClawId(t)), ['a-very-long-server-name-that-g__interpret']);
  });
  it('scored on our ids, both would be suggested (the difference the suite found)', () => {
    assert.deepEqual(suggestTools('past', tools).sort(), ['a-very-long-server-name-that-g__click_youtube', 'a-very-long-server-name-that-g__interpret']);
  });
});
