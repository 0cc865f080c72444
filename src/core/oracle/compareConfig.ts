import { parseOpenClawConfig } from '../config/openclawConfig';
import type { ToolSearchSettings } from '../types';
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

/** Our settings for a whole config value, read the way a workspace reads its config file. */
export function ourToolSearchSettings(config: unknown): ToolSearchSettings {
  return parseOpenClawConfig('openclaw.json', JSON.stringify(config)).settings;
}

/**
 * `tools.toolSearch` resolution for one config. Mode is compared only when
 * both sides enable Tool Search: disabled, we say `direct` where OpenClaw
 * keeps the mode it would use.
 */
export async function compareToolSearchConfig(oracle: OpenClawOracle, config: unknown, subject = JSON.stringify(config)): Promise<Difference[]> {
  const ours = ourToolSearchSettings(config);
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
