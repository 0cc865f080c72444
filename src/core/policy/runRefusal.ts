import type { Diagnostic } from '../types';
import { factAtOrBefore } from '../util/releaseOrder';
import type { PolicyLayer, ToolPolicy } from './policyEngine';
import { normalizeToolName } from './toolPattern';
import guards from './runGuards.json';

/**
 * A run OpenClaw refuses before any request: explicit tool allowlists leave it
 * no callable tool (its `buildEmptyExplicitToolAllowlistError`). The guard's
 * presence per release and its message are generated from the packages
 * (scripts/extract-openclaw-run-guards.mjs, `runGuards.json`); a release
 * between two measured ones follows the earlier.
 */
export interface RunRefusal {
  release: string;
  /** "OpenClaw 2026.9.6 refuses this agent's runs before any request": one sentence for every surface. */
  headline: string;
  /** OpenClaw's own message for the refused run, as it prints it. */
  message: string;
  /** The first allowlist written at a known line (else the first): where the refusal points. */
  at?: { file?: string; line?: number; column?: number };
  /** The explicit allowlists, with OpenClaw's labels and where they are written. */
  sources: { label: string; entries: string[]; file?: string; line?: number; column?: number }[];
}

interface GuardText {
  prefix: string;
  separator: string;
  noRegisteredToolMatched: string;
  advice: string;
}

const RELEASES = (guards as { releases: Record<string, { emptyExplicitAllowlist: GuardText | null }> }).releases;

/** The guard of a release: the newest measured release at or before it. */
export function emptyAllowlistGuard(version: string): GuardText | undefined {
  return factAtOrBefore(RELEASES, version)?.emptyExplicitAllowlist ?? undefined;
}

/** OpenClaw's labels of the explicit allowlist sources (`collectAttemptExplicitToolAllowlistSources`), by the policy layer they are. */
function sourceLabel(layer: PolicyLayer): string | undefined {
  if (layer.kind === 'sandbox') {
    return 'sandbox tools.allow';
  }
  if (layer.kind !== 'list') {
    return undefined;
  }
  // The policy's layer names are OpenClaw's labels: tools.allow, tools.byProvider.allow, agents.<id>.tools(.byProvider).allow.
  return /^(tools\.allow|tools\.byProvider\.allow|agents\.[^.]*\.tools\.allow|agents\.[^.]*\.tools\.byProvider\.allow)$/.test(layer.name) ? layer.name : undefined;
}

/**
 * The refusal of a run whose policy leaves `callable` tools (every source,
 * before Tool Search or Code Mode compaction), or undefined when the release
 * would run it. The control tools a mode adds do not count, as in OpenClaw.
 */
export function runRefusal(policy: Pick<ToolPolicy, 'layers' | 'model'>, callable: number): RunRefusal | undefined {
  const version = policy.model.version;
  const guard = emptyAllowlistGuard(version);
  if (!guard || callable > 0) {
    return undefined;
  }
  const sources = policy.layers.flatMap((layer) => {
    const label = sourceLabel(layer);
    const entries = layer.allow.filter((r) => r.origin !== 'implicit' || layer.kind === 'sandbox').map((r) => r.pattern.trim()).filter((p) => p.length > 0);
    if (!label || entries.length === 0) {
      return [];
    }
    return [{ label, entries, ...(layer.allowAt?.file !== undefined ? { file: layer.allowAt.file } : {}), ...(layer.allowAt?.line !== undefined ? { line: layer.allowAt.line } : {}), ...(layer.allowAt?.column !== undefined ? { column: layer.allowAt.column } : {}) }];
  });
  if (sources.length === 0) {
    return undefined;
  }
  const requested = sources.map((s) => `${s.label}: ${s.entries.map((e) => normalizeToolName(e, policy.model)).join(', ')}`).join('; ');
  const at = sources.find((x) => x.line !== undefined) ?? sources[0];
  return {
    release: version,
    headline: `OpenClaw ${version} refuses this agent's runs before any request`,
    message: `${guard.prefix}${requested}${guard.separator}${guard.noRegisteredToolMatched}${guard.advice}`,
    ...(at ? { at: { file: at.file, line: at.line, column: at.column } } : {}),
    sources,
  };
}

/** The refusal as the error that stands above the catalog: at the first allowlist, OpenClaw's own words. */
export function runRefusalDiagnostic(r: RunRefusal): Diagnostic {
  const at = r.at;
  return {
    file: at?.file ?? 'openclaw.json',
    ...(at?.line !== undefined ? { line: at.line } : {}),
    ...(at?.column !== undefined ? { column: at.column } : {}),
    severity: 'error',
    message: `${r.headline}: "${r.message}"`,
  };
}

/**
 * A run the release does not refuse (`refused`: `runRefusal` said so) but that gets no tool at all (a profile
 * or deny lists exclude every one): one warning, at the first policy layer
 * written in the config, so an agent with zero tools is said to have none.
 */
export function noToolsDiagnostic(policy: Pick<ToolPolicy, 'layers' | 'model'>, callable: number, excluded: number, refused: boolean): Diagnostic | undefined {
  if (callable > 0 || excluded === 0 || refused) {
    return undefined;
  }
  const placed = policy.layers
    .map((l) => ({ name: l.name, at: l.profile?.file !== undefined ? l.profile : (l.deny.find((r) => r.file !== undefined) ?? l.allowAt) }))
    .find((x) => x.at?.file !== undefined);
  const layers = policy.layers.map((l) => l.name).join(', ');
  return {
    file: placed?.at?.file ?? 'openclaw.json',
    ...(placed?.at?.line !== undefined ? { line: placed.at.line } : {}),
    severity: 'warning',
    message: `this agent's runs get no tool: its policy (${layers || 'no layer'}) excludes all ${excluded}; OpenClaw ${policy.model.version} runs it with none (Excluded lists each tool's rule)`,
  };
}
