import type { PolicyContext, PolicyDecision, CatalogTool } from '../types';
import { classify, type Difference } from './differences';
import type { OpenClawOracle } from './openclawOracle';
import { oracleSpecsOf } from './oracleCatalog';

/** The layers both pipelines have, named alike so a blocking rule can be matched to a blocking step. */
export type PolicyStep = 'profile' | 'providerProfile' | 'global' | 'globalProvider' | 'agent' | 'agentProvider' | 'sandbox' | 'other';

/** OpenClaw's step label (`tools.profile (coding)`, `agents.main.tools.allow`, ...) as a step. */
export function openclawStep(label: string): PolicyStep {
  if (label.startsWith('tools.profile')) return 'profile';
  if (label.startsWith('tools.byProvider.profile')) return 'providerProfile';
  if (label === 'tools.allow') return 'global';
  if (label === 'tools.byProvider.allow') return 'globalProvider';
  if (/^(agents\..+\.|agent )tools\.byProvider\.allow$/.test(label)) return 'agentProvider';
  if (/^(agents\..+\.|agent )tools\.allow$/.test(label)) return 'agent';
  if (label === 'sandbox tools.allow') return 'sandbox';
  return 'other';
}

/**
 * Our decision as a step, by the layer it names (the list that decided:
 * `tools.deny`, `agents.main.tools.allow`, ...; the rule text is ours to
 * word). A profile layer is the profile step whoever set it: OpenClaw has one
 * profile (an agent's replaces the global one) and one provider profile.
 */
export function ourStep(d: PolicyDecision): PolicyStep {
  const layer = d.layer;
  if (layer.startsWith('session')) return 'other';
  if (layer.startsWith('tools.sandbox')) return 'sandbox';
  if (/^tools\.byProvider\.profile\b/.test(layer)) return 'providerProfile';
  if (/^tools\.profile\b/.test(layer)) return 'profile';
  if (layer.startsWith('agents.')) return /\.byProvider\./.test(layer) ? 'agentProvider' : 'agent';
  if (layer.startsWith('tools.byProvider.')) return 'globalProvider';
  if (/^tools\.(allow|alsoAllow|deny)$/.test(layer)) return 'global';
  return openclawStep(layer);
}

export interface PolicyComparisonInput {
  /** The whole OpenClaw config (JSON value). */
  config: unknown;
  context: PolicyContext;
  /** Our catalog tools, any status; client tools are skipped (no tool policy applies to them). */
  tools: readonly CatalogTool[];
  /** The modelled version's bundled plugins: their tools reach OpenClaw's pipeline as plugin tools, as it builds them. */
  bundledPluginTools?: Readonly<Record<string, { tools: readonly string[] }>>;
}

type OpenClawPolicyAnswer =
  | { agentId: string | null; tools: { key: string; name: string; allowed: boolean; blockedBy?: string }[]; warnings: string[] }
  | { error: string };

export interface PolicyComparison {
  rows: PolicyRow[];
  /** OpenClaw resolved no policy at all (e.g. several agents and none named); rows are then empty. */
  openclawError?: string;
}

export interface PolicyRow {
  id: string;
  name: string;
  ours: { allowed: boolean; rule?: string; step?: PolicyStep };
  openclaw: { allowed: boolean; name: string; blockedBy?: string; step?: PolicyStep };
}

/**
 * Per tool: allowed or not on both sides, OpenClaw's blocking step, and our
 * blocking rule: the one in the same step when our chain has one there.
 */
export async function policyRows(oracle: OpenClawOracle, input: PolicyComparisonInput): Promise<PolicyComparison> {
  const tools = input.tools.filter((t) => t.source !== 'client');
  const [provider, ...model] = (input.context.provider ?? '').split('/');
  const answer = await oracle.recipe<OpenClawPolicyAnswer>('policy', {
    config: input.config,
    ...(input.context.agent ? { agentId: input.context.agent } : {}),
    ...(provider ? { provider } : {}),
    ...(model.length > 0 ? { model: model.join('/') } : {}),
    sandboxed: input.context.sandboxed === true,
    tools: oracleSpecsOf(tools, input.bundledPluginTools),
  });
  if ('error' in answer) {
    return { rows: [], openclawError: answer.error };
  }
  const byKey = new Map(answer.tools.map((t) => [t.key, t]));
  const rows = tools.map((t): PolicyRow => {
    const denies = t.decisions.filter((d) => d.effect === 'deny');
    const theirs = byKey.get(t.id);
    const theirStep = theirs?.blockedBy ? openclawStep(theirs.blockedBy) : undefined;
    // Our chain may block in several layers; the one to show is the one OpenClaw's pipeline also blocked on.
    const deny = denies.find((d) => ourStep(d) === theirStep) ?? denies[0];
    return {
      id: t.id,
      name: t.name,
      ours: { allowed: deny === undefined, ...(deny ? { rule: `${deny.layer}: ${deny.rule}`, step: ourStep(deny) } : {}) },
      openclaw: {
        allowed: theirs?.allowed ?? false,
        name: theirs?.name ?? t.name,
        ...(theirs?.blockedBy ? { blockedBy: theirs.blockedBy, step: openclawStep(theirs.blockedBy) } : {}),
      },
    };
  });
  return { rows };
}

/** Differences: a tool allowed on one side only, or blocked by different steps. */
export function policyDifferences(comparison: PolicyComparison, context: PolicyContext): Difference[] {
  const out: Difference[] = [];
  if (comparison.openclawError !== undefined) {
    out.push(classify({
      suite: 'policy',
      subject: `agent ${context.agent ?? '(none given)'}`,
      field: 'resolution',
      ours: context.agent ? `agent ${context.agent}` : 'no agent layer',
      openclaw: { error: comparison.openclawError },
    }));
  }
  for (const r of comparison.rows) {
    const detail = `ours: ${r.ours.rule ?? 'allowed'}; openclaw: ${r.openclaw.blockedBy ?? 'allowed'}`;
    if (r.ours.allowed !== r.openclaw.allowed) {
      out.push(classify({ suite: 'policy', subject: r.id, field: 'allowed', ours: r.ours.allowed, openclaw: r.openclaw.allowed, detail, facts: { rule: r.ours.rule, step: r.openclaw.blockedBy } }));
    } else if (!r.ours.allowed && r.ours.step !== r.openclaw.step) {
      out.push(classify({ suite: 'policy', subject: r.id, field: 'rule', ours: r.ours.rule, openclaw: r.openclaw.blockedBy, detail, facts: { ourStep: r.ours.step, openclawStep: r.openclaw.step } }));
    }
  }
  return out;
}

export async function diffPolicyWithOracle(oracle: OpenClawOracle, input: PolicyComparisonInput): Promise<Difference[]> {
  return policyDifferences(await policyRows(oracle, input), input.context);
}
