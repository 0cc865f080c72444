/**
 * OpenClaw's tool groups and profiles. Groups name core tools; `bundle-mcp`
 * and `group:plugins` name whole sources and are matched by source, not name.
 */
export const TOOL_GROUPS: Readonly<Record<string, readonly string[]>> = {
  'group:runtime': ['exec', 'process'],
  'group:fs': ['read', 'write', 'edit', 'apply_patch'],
  'group:sessions': ['sessions_list', 'sessions_history', 'sessions_send', 'sessions_spawn', 'session_status'],
  'group:memory': ['memory_search', 'memory_get'],
  'group:web': ['web_search', 'web_fetch'],
  'group:ui': ['browser', 'canvas'],
  'group:automation': ['cron', 'gateway'],
  'group:messaging': ['message'],
  'group:nodes': ['nodes'],
  'group:openclaw': [
    'exec', 'process', 'read', 'write', 'edit', 'apply_patch', 'sessions_list', 'sessions_history', 'sessions_send',
    'sessions_spawn', 'session_status', 'memory_search', 'memory_get', 'web_search', 'web_fetch', 'browser', 'canvas',
    'cron', 'gateway', 'message', 'nodes', 'image',
  ],
};

/** Pseudo-groups that select by source. */
export const SOURCE_GROUPS = ['bundle-mcp', 'group:plugins', 'group:client'] as const;

export type ProfileName = 'minimal' | 'coding' | 'messaging' | 'full';

export const PROFILES: Readonly<Record<ProfileName, readonly string[] | undefined>> = {
  minimal: ['session_status'],
  coding: ['group:fs', 'group:runtime', 'group:sessions', 'group:memory', 'image'],
  messaging: ['message', 'sessions_list', 'sessions_history', 'sessions_send', 'session_status'],
  // `full` restricts nothing.
  full: undefined,
};

export function isProfileName(v: string): v is ProfileName {
  return Object.prototype.hasOwnProperty.call(PROFILES, v);
}

/** The groups a core tool belongs to (without `group:openclaw`, which holds every core tool). */
export function groupsOfCoreTool(name: string): string[] {
  return Object.entries(TOOL_GROUPS)
    .filter(([g, members]) => g !== 'group:openclaw' && members.includes(name))
    .map(([g]) => g);
}
