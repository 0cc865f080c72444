// (g) model-facing MCP tool names for generated server and tool names.
import * as fc from 'fast-check';
import { diffMcpNamesWithOracle } from '../../src/core/oracle/diffNames';
import { differential, oracle } from './harness';
import { toolName, word } from './arbitraries';

const odd = fc.constantFrom('12306', 'vigil:harbor', 'a b', 'ünïcode', 'GitHub', 'github', '-lead', '_x', 'x'.repeat(40), 'mcp', 'tool', '2024-query', 'a:b', 'a-b', 'x'.repeat(70));
const fragment = fc.oneof({ weight: 3, arbitrary: word }, { weight: 2, arbitrary: toolName }, { weight: 2, arbitrary: odd }, { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) });

describe('oracle (g): MCP model-facing names', () => {
  it('names every generated server tool as OpenClaw does', async () => {
    // Our side models the release being run (its name sanitizing: 4.1 - 4.8 keep a leading digit).
    const { oracle: o, openclaw } = await oracle();
    const servers = fc.uniqueArray(fc.record({ server: fragment, tools: fc.uniqueArray(fragment, { minLength: 1, maxLength: 5 }) }), { minLength: 1, maxLength: 3, selector: (s) => s.server });
    await differential(servers, (s) => diffMcpNamesWithOracle(o, s, openclaw.model));
  });
});
