import { OPENCLAW_MODELS, type OpenClawModel, type ProfileName } from './openclawVersions';

export type { ProfileName } from './openclawVersions';

const PROFILE_NAMES: readonly ProfileName[] = ['minimal', 'coding', 'messaging', 'full'];

/**
 * Pseudo-groups that select by source. `bundle-mcp` and `group:plugins` are
 * OpenClaw's; `group:client` is the inspector's own (client tools never pass
 * OpenClaw's policy pipeline).
 */
export const SOURCE_GROUPS = ['bundle-mcp', 'group:plugins', 'group:client'] as const;

export function isProfileName(v: string): v is ProfileName {
  return (PROFILE_NAMES as readonly string[]).includes(v);
}

/** The groups a core tool belongs to in a version (without `group:openclaw`, which spans sections). */
export function groupsOfCoreTool(name: string, model: OpenClawModel = OPENCLAW_MODELS[0] as OpenClawModel): string[] {
  return Object.entries(model.groups)
    .filter(([g, members]) => g !== 'group:openclaw' && members.includes(name))
    .map(([g]) => g);
}
