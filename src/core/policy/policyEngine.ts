import type { ConfigReader } from '../config/configReader';
import type { JsonPath } from '../config/json5Document';
import type { PolicyContext, PolicyDecision } from '../types';
import { isProfileName, PROFILES, type ProfileName } from './groups';
import { patternMatches, type PolicySubject } from './toolPattern';

/** One written policy rule and where it was written. */
export interface PolicyRule {
  pattern: string;
  file?: string;
  line?: number;
}

/** A policy layer: the global `tools`, a provider, an agent, the sandbox or the session. */
export interface PolicyLayer {
  name: string;
  profile?: { name: ProfileName; file?: string; line?: number };
  allow: PolicyRule[];
  alsoAllow: PolicyRule[];
  deny: PolicyRule[];
  /** Where the allow list was written, for "not in allow list" decisions. */
  allowAt?: { file?: string; line?: number };
}

export interface PolicyVerdict {
  allowed: boolean;
  decisions: PolicyDecision[];
  /** One-line reason when denied. */
  reason?: string;
  /** How a user would let the tool through, when denied. */
  hint?: string;
}

/** A layer given by the caller (the session layer of the extension or an embedding host). */
export interface PolicyLayerInput {
  profile?: string;
  allow?: string[];
  alsoAllow?: string[];
  deny?: string[];
}

const LAYER_KEYS = ['profile', 'allow', 'alsoAllow', 'deny', 'byProvider', 'sandbox', 'toolSearch', 'exec', 'elevated', 'web', 'media', 'links', 'message', 'agentToAgent'];

function readRules(reader: ConfigReader, path: JsonPath): PolicyRule[] {
  const list = reader.stringArray(path) ?? [];
  return list.map((pattern, i) => ({ pattern, file: reader.file, line: reader.line([...path, i]) }));
}

function readLayer(reader: ConfigReader, name: string, path: JsonPath): PolicyLayer | undefined {
  if (!reader.object(path)) {
    return undefined;
  }
  const layer: PolicyLayer = {
    name,
    allow: readRules(reader, [...path, 'allow']),
    alsoAllow: readRules(reader, [...path, 'alsoAllow']),
    deny: readRules(reader, [...path, 'deny']),
  };
  if (reader.raw([...path, 'allow']) !== undefined) {
    layer.allowAt = { file: reader.file, line: reader.line([...path, 'allow']) };
  }
  const profile = reader.string([...path, 'profile']);
  if (profile !== undefined) {
    if (isProfileName(profile)) {
      layer.profile = { name: profile, file: reader.file, line: reader.line([...path, 'profile']) };
    } else {
      reader.report([...path, 'profile'], 'error', `unknown tool profile "${profile}" (expected minimal, coding, messaging or full); ignored`);
    }
  }
  return layer;
}

function layerFromInput(name: string, input: PolicyLayerInput, file?: string): PolicyLayer {
  const rules = (xs: string[] | undefined): PolicyRule[] => (xs ?? []).map((pattern) => ({ pattern, file }));
  const layer: PolicyLayer = { name, allow: rules(input.allow), alsoAllow: rules(input.alsoAllow), deny: rules(input.deny) };
  if (input.profile && isProfileName(input.profile)) {
    layer.profile = { name: input.profile, file };
  }
  return layer;
}

/** Whether the run counts as sandboxed: the explicit context wins, else `agents.defaults.sandbox.mode`. */
export function isSandboxed(reader: ConfigReader | undefined, ctx: PolicyContext): boolean {
  if (ctx.sandboxed !== undefined) {
    return ctx.sandboxed;
  }
  const mode = reader?.string(['agents', 'defaults', 'sandbox', 'mode']);
  if (mode === 'all') {
    return true;
  }
  if (mode === 'non-main') {
    return ctx.session !== undefined && ctx.session !== 'main' && !ctx.session.endsWith(':main');
  }
  return false;
}

/**
 * The resolved policy for one run: the ordered layers that apply to it.
 * A tool must pass every layer; in each, deny wins and a non-empty allow
 * list (or a restricting profile) blocks the rest.
 */
export class ToolPolicy {
  constructor(readonly layers: readonly PolicyLayer[]) {}

  static fromConfig(reader: ConfigReader | undefined, ctx: PolicyContext, session?: PolicyLayerInput): ToolPolicy {
    const layers: PolicyLayer[] = [];
    if (reader) {
      reader.checkKeys(['tools'], LAYER_KEYS);
      const global = readLayer(reader, 'tools', ['tools']);
      if (global) {
        layers.push(global);
      }
      if (ctx.provider) {
        const byProvider = reader.object(['tools', 'byProvider']) ?? {};
        const provider = ctx.provider.split('/')[0];
        // The more specific `provider/model` key wins over `provider`.
        const key = [ctx.provider, provider].find((k) => k !== undefined && Object.prototype.hasOwnProperty.call(byProvider, k));
        if (key) {
          const l = readLayer(reader, `tools.byProvider[${key}]`, ['tools', 'byProvider', key]);
          if (l) {
            layers.push(l);
          }
        }
      }
      if (ctx.agent) {
        const list = reader.raw(['agents', 'list']);
        if (Array.isArray(list)) {
          const idx = list.findIndex((a) => a && typeof a === 'object' && (a as { id?: unknown }).id === ctx.agent);
          if (idx >= 0) {
            const l = readLayer(reader, `agents.list[${ctx.agent}].tools`, ['agents', 'list', idx, 'tools']);
            if (l) {
              layers.push(l);
            }
          }
        }
      }
      if (isSandboxed(reader, ctx)) {
        const l = readLayer(reader, 'tools.sandbox.tools', ['tools', 'sandbox', 'tools']);
        if (l) {
          layers.push(l);
        }
      }
    } else if (ctx.sandboxed) {
      // No config: the sandbox layer is empty.
    }
    if (session) {
      layers.push(layerFromInput(`session${ctx.session ? `[${ctx.session}]` : ''}`, session));
    }
    return new ToolPolicy(layers);
  }

  evaluate(subject: PolicySubject): PolicyVerdict {
    const decisions: PolicyDecision[] = [];
    let denied: PolicyVerdict | undefined;
    for (const layer of this.layers) {
      const deny = layer.deny.find((r) => patternMatches(r.pattern, subject));
      if (deny) {
        decisions.push({ layer: layer.name, rule: `deny "${deny.pattern}"`, effect: 'deny', file: deny.file, line: deny.line });
        denied ??= {
          allowed: false,
          decisions,
          reason: `denied by ${layer.name}.deny "${deny.pattern}"${at(deny)}`,
          hint: `remove "${deny.pattern}" from ${layer.name}.deny${at(deny)}`,
        };
        continue;
      }
      const explicit = [...layer.allow, ...layer.alsoAllow].find((r) => patternMatches(r.pattern, subject));
      const profileList = layer.profile ? PROFILES[layer.profile.name] : undefined;
      const profileHit = profileList?.find((p) => patternMatches(p, subject));
      const restricted = layer.allow.length > 0 || profileList !== undefined;
      if (explicit) {
        const kind = layer.allow.includes(explicit) ? 'allow' : 'alsoAllow';
        decisions.push({ layer: layer.name, rule: `${kind} "${explicit.pattern}"`, effect: 'allow', file: explicit.file, line: explicit.line });
      } else if (layer.allow.length > 0) {
        const where = layer.allowAt ?? layer.allow[0];
        decisions.push({
          layer: layer.name,
          rule: `not in ${layer.name}.allow [${layer.allow.map((r) => r.pattern).join(', ')}]`,
          effect: 'deny',
          file: where?.file,
          line: where?.line,
        });
        denied ??= {
          allowed: false,
          decisions,
          reason: `not in ${layer.name}.allow${at(where)}; a non-empty allow list blocks every other tool`,
          hint: `add "${subject.name}" to ${layer.name}.allow${at(where)}`,
        };
      } else if (profileHit && layer.profile) {
        decisions.push({ layer: layer.name, rule: `profile "${layer.profile.name}" includes "${profileHit}"`, effect: 'allow', file: layer.profile.file, line: layer.profile.line });
      } else if (restricted && layer.profile) {
        decisions.push({
          layer: layer.name,
          rule: `not in profile "${layer.profile.name}"`,
          effect: 'deny',
          file: layer.profile.file,
          line: layer.profile.line,
        });
        denied ??= {
          allowed: false,
          decisions,
          reason: `not in ${layer.name}.profile "${layer.profile.name}"${at(layer.profile)}`,
          hint: `add "${subject.source === 'mcp' ? 'bundle-mcp' : subject.name}" to ${layer.name}.alsoAllow, or use profile "full"`,
        };
      }
    }
    if (denied) {
      return { ...denied, decisions };
    }
    if (decisions.length === 0) {
      decisions.push({ layer: 'default', rule: 'no policy layer restricts this tool', effect: 'allow' });
    }
    return { allowed: true, decisions };
  }
}

function at(r: { file?: string; line?: number } | undefined): string {
  if (!r?.file) {
    return '';
  }
  return ` (${r.file}${r.line !== undefined ? `:${r.line}` : ''})`;
}
