// (h) client tools whose names conflict with OpenClaw, plugin or MCP tools, or with each other.
import * as fc from 'fast-check';
import { diffClientConflictsWithOracle } from '../../src/core/oracle/diffNames';
import type { CatalogSpec } from '../../src/core/oracle/oracleCatalog';
import { differential, oracle } from './harness';
import { OUR_CORE_NAMES, toolName } from './arbitraries';

/** Names only: schemas play no part in a conflict, and small cases shrink well. */
const existing: fc.Arbitrary<Omit<CatalogSpec, 'client'>> = fc.record({
  core: fc.subarray([...OUR_CORE_NAMES]).map((ns) => ns.map((name) => ({ name, description: name }))),
  plugins: fc.uniqueArray(toolName, { maxLength: 4 }).map((ns) => (ns.length > 0 ? [{ id: 'fake-plugin', tools: ns.map((name) => ({ name, description: name })) }] : [])),
  mcp: fc.uniqueArray(toolName, { maxLength: 3 }).map((ns) => (ns.length > 0 ? [{ server: 'github', tools: ns.map((name) => ({ name, inputSchema: { type: 'object' } })) }] : [])),
});

/** A client name: fresh, or taken from an existing tool (as is, upper-cased, padded), or an alias. */
const pick = fc.record({ kind: fc.constantFrom('fresh', 'taken', 'upper', 'padded', 'alias'), index: fc.nat(), fresh: toolName, alias: fc.constantFrom('bash', 'Bash', 'apply-patch', 'Exec', 'automations') });

function existingNames(spec: Omit<CatalogSpec, 'client'>): string[] {
  return [...spec.core.map((c) => c.name), ...spec.plugins.flatMap((p) => p.tools.map((t) => t.name)), ...spec.mcp.flatMap((s) => s.tools.map((t) => `${s.server}__${t.name}`))];
}

describe('oracle (h): client tool conflicts', () => {
  it('finds the same conflicting client tool names', async () => {
    // Our side models the release being run (its aliases normalize client names).
    const { oracle: o, openclaw } = await oracle();
    const arb = fc.record({ spec: existing, picks: fc.array(pick, { minLength: 1, maxLength: 4 }) }).map(({ spec, picks }) => {
      const names = existingNames(spec);
      const client = picks.map((p) => {
        const taken = names.length > 0 ? (names[p.index % names.length] as string) : p.fresh;
        return p.kind === 'fresh' ? p.fresh : p.kind === 'taken' ? taken : p.kind === 'upper' ? taken.toUpperCase() : p.kind === 'padded' ? ` ${taken} ` : p.alias;
      });
      return { spec, client };
    });
    await differential(arb, ({ spec, client }) => diffClientConflictsWithOracle(o, spec, client, openclaw.model));
  });
});
