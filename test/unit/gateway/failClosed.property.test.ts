import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { ApprovalPolicy } from '../../../src/core/gateway/approvals';
import { ToolGateway } from '../../../src/core/gateway/gateway';
import { composeToolSearchApi } from '../../../src/core/gateway/toolSearchApi';
import { ToolApiError } from '../../../src/core/toolApi';
import { ALL_MODES, buildPreview } from '../../../src/core/modes/preview';
import { ToolPolicy, type PolicyLayer } from '../../../src/core/policy/policyEngine';
import { ToolIndex } from '../../../src/core/search/toolIndex';
import type { CatalogTool, ToolDefinition } from '../../../src/core/types';
import { RecordingSource, catalogFrom, def, layer } from './fixtures';

const WORDS = ['alpha', 'beta', 'issue', 'note', 'file', 'invoice', 'search', 'create'];
const OWNERS: Record<ToolDefinition['source'], string[]> = { openclaw: ['p1', 'p2'], mcp: ['s1', 's2'], client: ['client'] };

const toolArb = fc.record({
  source: fc.constantFrom<ToolDefinition['source']>('openclaw', 'mcp', 'client'),
  owner: fc.nat(1),
  a: fc.constantFrom(...WORDS),
  b: fc.constantFrom(...WORDS),
  directOnly: fc.boolean(),
});

const patternArb = (names: string[]) =>
  fc.oneof(
    fc.constantFrom(...names),
    fc.constantFrom(...WORDS).map((w) => `*${w}*`),
    fc.constantFrom(...WORDS).map((w) => `${w}_*`),
    fc.constantFrom('bundle-mcp', 'group:plugins', 'group:client', 'group:fs', 'group:runtime', 'p1', 's1__*', 'mcp:s2:*', '*', 'read', 'message'),
  );

const layerArb = (names: string[]) =>
  fc.record({
    deny: fc.array(patternArb(names), { maxLength: 3 }),
    allow: fc.oneof(fc.constant([] as string[]), fc.array(patternArb(names), { maxLength: 3 })),
    alsoAllow: fc.array(patternArb(names), { maxLength: 2 }),
    profile: fc.option(fc.constantFrom<'minimal' | 'coding' | 'messaging' | 'full'>('minimal', 'coding', 'messaging', 'full'), { nil: undefined }),
  });

function policyOf(layers: { deny: string[]; allow: string[]; alsoAllow: string[]; profile?: 'minimal' | 'coding' | 'messaging' | 'full' }[], prefix: string): PolicyLayer[] {
  return layers.map((l, i) => layer(`${prefix}${i}`, l));
}

const caseArb = fc
  .array(toolArb, { minLength: 1, maxLength: 10 })
  .chain((tools) => {
    const names = tools.map((t) => `${t.a}_${t.b}`);
    return fc.record({
      tools: fc.constant(tools),
      built: fc.array(layerArb(names), { maxLength: 2 }),
      // The policy may tighten after the catalog was built: the live one adds layers.
      later: fc.array(layerArb(names), { maxLength: 1 }),
      core: fc.boolean(),
      prompt: fc.constantFrom(...names, 'create an issue', 'search notes'),
    });
  });

function allows(policy: ToolPolicy, t: CatalogTool): boolean {
  return policy.evaluate({ name: t.name, source: t.source, owner: t.sourceName, groups: t.groups, id: t.id }).allowed;
}

describe('fail closed (property)', () => {
  it('a denied tool never appears in search, describe, directory, preview or call (1,000 random policies and catalogs)', async function () {
    this.timeout(120000);
    let deniedSeen = 0;
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const sources = new Map<string, RecordingSource>();
        const defs = new Map<string, ToolDefinition[]>();
        c.tools.forEach((t) => {
          const owner = OWNERS[t.source][t.owner % OWNERS[t.source].length] ?? 'client';
          const key = `${t.source}:${owner}`;
          const list = defs.get(key) ?? [];
          list.push(def(t.source, owner, `${t.a}_${t.b}`, `Works with ${t.a} and ${t.b}`, t.directOnly ? { catalogMode: 'direct-only' } : {}));
          defs.set(key, list);
        });
        for (const [key, list] of defs) {
          sources.set(key, new RecordingSource(key, list));
        }
        const builtPolicy = new ToolPolicy(policyOf(c.built, 'built'));
        const live = new ToolPolicy([...policyOf(c.built, 'built'), ...policyOf(c.later, 'later')]);
        const catalog = await catalogFrom([...sources.values()], builtPolicy, { core: c.core });
        const index = ToolIndex.fromCatalog(catalog);
        const gateway = new ToolGateway({ catalog: () => catalog, policy: () => live, approvals: new ApprovalPolicy([]) });
        const api = composeToolSearchApi({ index, gateway, catalog: () => catalog, policy: () => live });

        const permitted = catalog.tools.filter((t) => t.status !== 'excluded' && allows(live, t));
        const permittedIds = new Set(permitted.map((t) => t.id));
        const permittedNames = new Set(permitted.map((t) => t.name.toLowerCase()));
        const denied = catalog.tools.filter((t) => !permittedIds.has(t.id));
        deniedSeen += denied.length;

        const previews = ALL_MODES.map((mode) => buildPreview({ catalog, mode, isolation: { ok: true }, index, prompt: c.prompt, policy: live, tokens: false, requiredTools: denied.map((t) => t.name) }));
        for (const p of previews) {
          for (const v of p.visible) {
            assert.ok(v.id === undefined || permittedIds.has(v.id), `${p.mode} shows ${v.id}`);
          }
          for (const r of p.directory?.text.split('\n').slice(1) ?? []) {
            const name = /^- (\S+) \(/.exec(r)?.[1];
            assert.ok(name === undefined || permittedNames.has(name.toLowerCase()), `directory lists ${name}`);
          }
        }
        // Probes: every denied tool's name, id and description would find it if anything leaked (a sample keeps the run short).
        const probe = denied.filter((t) => t.source !== 'openclaw' || t.sourceName !== 'core').concat(denied.filter((t) => t.sourceName === 'core').slice(0, 3));
        const queries = [...new Set([c.prompt, ...probe.flatMap((t) => [t.name, t.id, t.description])])];
        for (const q of queries) {
          for (const h of api.search(q, { limit: 50 }).hits) {
            assert.ok(permittedIds.has(h.id), `search "${q}" returned ${h.id}`);
          }
        }
        for (const t of probe) {
          for (const q of [t.id, t.name]) {
            try {
              const d = api.describe(q);
              assert.ok(permittedIds.has(d.id), `describe ${q} returned ${d.id}`);
            } catch (err) {
              assert.ok(err instanceof ToolApiError, String(err));
            }
            const out = await api.call(q, { q: 'x' }, { callId: 'prop', approved: true });
            assert.ok(!out.ok || (out.tool !== undefined && permittedIds.has(out.tool.id)), `call ${q} ran ${out.tool?.id}`);
          }
        }
        for (const s of sources.values()) {
          for (const e of s.executed) {
            assert.ok(permittedIds.has(e.id), `a source executed denied ${e.id}`);
          }
        }
      }),
      { numRuns: 1000, seed: 20261130 },
    );
    assert.ok(deniedSeen > 1000, `the generator must produce denied tools (${deniedSeen})`);
  });
});
