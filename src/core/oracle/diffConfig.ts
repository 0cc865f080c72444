import { parseOpenClawConfig } from '../config/openclawConfig';
import { resolveModelledVersion, type ModelledVersion } from '../policy/openclawVersions';
import type { ToolSearchSettings } from '../types';
import { workspaceSettings } from '../workspace';
import { classify, jsonEqual, type Difference } from './differences';
import type { OpenClawOracle } from './openclawOracle';

/** OpenClaw's `resolveToolSearchConfig` result. */
export interface OpenClawToolSearchConfig {
  enabled: boolean;
  mode: string;
  codeTimeoutMs: number;
  searchDefaultLimit: number;
  maxSearchLimit: number;
}

/**
 * Our side models the OpenClaw version being run (as `verify` does):
 * comparing 2026.9.6 with another version's tables would report the tables'
 * changes as our mistakes.
 */
export function modelledAs(openclawVersion: string): ModelledVersion {
  return resolveModelledVersion({ override: openclawVersion });
}

/** Our settings for a whole config value, resolved the way a workspace resolves them. */
export function ourToolSearchSettings(config: unknown, openclaw: ModelledVersion): ToolSearchSettings {
  return workspaceSettings(parseOpenClawConfig('openclaw.json', JSON.stringify(config)), openclaw);
}

/**
 * `tools.toolSearch` resolution for one config. Mode is compared only when
 * both sides enable Tool Search: disabled, we say `direct` where OpenClaw
 * keeps the mode it would use.
 */
export async function diffToolSearchConfigWithOracle(
  oracle: OpenClawOracle,
  config: unknown,
  opts: { subject?: string; ours?: ToolSearchSettings } = {},
): Promise<Difference[]> {
  const subject = opts.subject ?? JSON.stringify(config);
  const ours = opts.ours ?? ourToolSearchSettings(config, modelledAs(oracle.version));
  const theirs = await oracle.call<OpenClawToolSearchConfig>('resolveToolSearchConfig', config);
  const out: Difference[] = [];
  const fields: (keyof OpenClawToolSearchConfig)[] = ['enabled', 'codeTimeoutMs', 'searchDefaultLimit', 'maxSearchLimit'];
  if (ours.enabled && theirs.enabled) {
    fields.push('mode');
  }
  for (const f of fields) {
    if (!jsonEqual(ours[f], theirs[f])) {
      out.push(classify({ suite: 'config', subject, field: f, ours: ours[f], openclaw: theirs[f] }));
    }
  }
  return out;
}
