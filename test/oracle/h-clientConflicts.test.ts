// (h) client tools whose names conflict with OpenClaw, plugin or MCP tools, or with each other.
import * as fc from 'fast-check';
import { compareClientConflicts } from '../../src/core/oracle/compareNames';
import { differential, oracle } from './harness';
import { catalogSpec, toolName } from './arbitraries';

describe('oracle (h): client tool conflicts', () => {
  it('finds the same conflicting client tool names', async () => {
    const { oracle: o } = await oracle();
    const arb = catalogSpec({ maxPerSource: 4, client: false }).chain((spec) => {
      const existing = [...spec.core.map((c) => c.name), ...spec.plugins.flatMap((p) => p.tools.map((t) => t.name)), ...spec.mcp.flatMap((s) => s.tools.map((t) => `${s.server}__${t.name}`))];
      const taken = existing.length > 0 ? fc.constantFrom(...existing) : toolName;
      const clientName = fc.oneof(toolName, taken, taken.map((n) => n.toUpperCase()), fc.constantFrom('bash', 'Bash', 'apply-patch', 'Exec', ' read '));
      return fc.record({ spec: fc.constant(spec), client: fc.array(clientName, { minLength: 1, maxLength: 4 }) });
    });
    await differential(arb, ({ spec, client }) => compareClientConflicts(o, spec, client));
  });
});
