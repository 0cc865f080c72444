import * as path from 'node:path';
import { buildCatalog } from '../../../src/core/catalog/catalogBuilder';
import type { Catalog } from '../../../src/core/catalog/catalog';
import { defaultToolSearchSettings } from '../../../src/core/config/toolSearchSettings';
import { ToolPolicy, type PolicyLayer } from '../../../src/core/policy/policyEngine';
import { CoreToolSource } from '../../../src/core/sources/coreTools';
import type { SourceListing, ToolSourceProvider } from '../../../src/core/sources/toolSource';
import type { ToolDefinition, ToolExecutor, ToolSearchSettings } from '../../../src/core/types';

export const REPO = path.resolve(__dirname, '..', '..', '..');
export const DEMO = path.join(REPO, 'examples', 'demo');

/**
 * An in-process tool source (as an embedding host would supply one): lists
 * the given definitions and really runs them, recording every execution so a
 * test can prove a refused call never reached the source.
 */
export class RecordingSource implements ToolSourceProvider {
  readonly executed: { id: string; args: Record<string, unknown> }[] = [];
  readonly executor: ToolExecutor = {
    execute: (tool, args) => {
      this.executed.push({ id: tool.id, args });
      return Promise.resolve({ value: `RAN ${tool.name} ${JSON.stringify(args)}` });
    },
  };

  constructor(readonly name: string, private readonly defs: ToolDefinition[]) {}

  list(): Promise<SourceListing> {
    return Promise.resolve({ tools: this.defs.map((d) => ({ ...d })), diagnostics: [] });
  }
}

export function def(source: ToolDefinition['source'], owner: string, name: string, description = `The ${name} tool`, extra: Partial<ToolDefinition> = {}): ToolDefinition {
  return {
    source,
    owner,
    name,
    ...(source === 'mcp' ? { rawName: name } : {}),
    description,
    parameters: { type: 'object', properties: { q: { type: 'string', description: 'what to do' } }, required: ['q'] },
    ...extra,
  };
}

export function layer(name: string, input: { allow?: string[]; alsoAllow?: string[]; deny?: string[]; profile?: 'minimal' | 'coding' | 'messaging' | 'full' }): PolicyLayer {
  const rules = (xs: string[] | undefined) => (xs ?? []).map((pattern) => ({ pattern }));
  return {
    name,
    allow: rules(input.allow),
    alsoAllow: rules(input.alsoAllow),
    deny: rules(input.deny),
    ...(input.profile ? { profile: { name: input.profile } } : {}),
  };
}

export function settings(mode: ToolSearchSettings['mode'] = 'code'): ToolSearchSettings {
  return { ...defaultToolSearchSettings(), enabled: mode !== 'direct', mode, configured: true };
}

export async function catalogFrom(
  sources: readonly ToolSourceProvider[],
  policy = new ToolPolicy([]),
  opts: { core?: boolean; mode?: ToolSearchSettings['mode'] } = {},
): Promise<Catalog> {
  const providers = opts.core === false ? [...sources] : [new CoreToolSource(), ...sources];
  return buildCatalog({ providers, policy, settings: settings(opts.mode) });
}
