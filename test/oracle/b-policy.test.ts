// (b) policy: generated configs over core, plugin and MCP tools -> the same
// allowed set, and when both block a tool, our blocking rule belongs to the
// step OpenClaw's pipeline blocked it at.
import { diffPolicyWithOracle } from '../../src/core/oracle/diffPolicy';
import { catalogOf } from '../../src/core/oracle/oracleCatalog';
import { parseOpenClawConfig } from '../../src/core/config/openclawConfig';
import { ToolPolicy } from '../../src/core/policy/policyEngine';
import { schemaPathExists } from '../../src/core/config/configSchema';
import { configSchemaFor } from '../../src/core/policy/startupCheck';
import { workspaceSettings } from '../../src/core/workspace';
import type { ModelledVersion } from '../../src/core/policy/openclawVersions';
import { differential, oracle } from './harness';
import { policyCase, type PolicyCase } from './arbitraries';

/**
 * Our verdicts for a case: the config read as a workspace reads it, the
 * catalog built under its policy, with the tables of the version being run.
 */
export async function ourPolicyCatalog(c: PolicyCase, openclaw: ModelledVersion) {
  const loaded = parseOpenClawConfig('openclaw.json', JSON.stringify(c.config));
  const policy = ToolPolicy.fromConfig(loaded.reader, c.context, undefined, openclaw.model);
  return catalogOf(c.spec, policy, workspaceSettings(loaded, openclaw), openclaw.model);
}

describe('oracle (b): tool policy', () => {
  it('allows and blocks the same core, plugin and MCP tools, blocked at the same step', async () => {
    const { oracle: o, openclaw } = await oracle();
    // OpenClaw's own core tool ids (its profile tables) join ours, so tools only one side knows are generated too.
    const tables = await o.recipe<{ profiles: Record<string, { allow?: string[] } | null> }>('tables', {});
    const theirCore = Object.values(tables.profiles).flatMap((p) => p?.allow ?? []).filter((n) => n !== '*' && n !== 'bundle-mcp');
    // From 2026.8.1 the release reads the keyed roster `agents.entries` too: cases write agents either way.
    const keyed = schemaPathExists(['agents', 'entries'], configSchemaFor(openclaw.model.version));
    await differential(policyCase(theirCore, keyed), async (c) => diffPolicyWithOracle(o, { config: c.config, context: c.context, tools: (await ourPolicyCatalog(c, openclaw)).tools, bundledPluginTools: openclaw.model.bundledPluginTools }));
  });
});
