import type { ToolSourceKind } from '../types';
import { TOOL_GROUPS } from './groups';

/** What a policy pattern is matched against. */
export interface PolicySubject {
  name: string;
  source: ToolSourceKind;
  owner: string;
  /** Core tools: the `group:*` names they belong to. */
  groups: readonly string[];
  /** `openclaw:core:read`, `mcp:server:tool`, ... */
  id: string;
  /** For MCP tools: the model-visible `<server>__<tool>` name. */
  qualifiedName?: string;
}

const globCache = new Map<string, RegExp>();

function globToRegExp(glob: string): RegExp {
  let re = globCache.get(glob);
  if (!re) {
    const body = glob.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
    re = new RegExp(`^${body}$`, 'i');
    globCache.set(glob, re);
  }
  return re;
}

/**
 * Whether a policy pattern selects a tool. Matching is case-insensitive;
 * `*` is a wildcard; `group:*` names expand to their members; `bundle-mcp`
 * selects every MCP tool, `group:plugins` every plugin tool; a plugin id or an
 * MCP server name followed by `__*`/`:*` selects that owner's tools.
 */
export function patternMatches(pattern: string, subject: PolicySubject): boolean {
  const p = pattern.trim().toLowerCase();
  if (p === '') {
    return false;
  }
  if (p === 'bundle-mcp') {
    return subject.source === 'mcp';
  }
  if (p === 'group:plugins') {
    return subject.source === 'openclaw' && subject.owner !== 'core';
  }
  if (p === 'group:client') {
    return subject.source === 'client';
  }
  if (p.startsWith('group:')) {
    const members = TOOL_GROUPS[p];
    if (members) {
      return subject.source === 'openclaw' && subject.owner === 'core' && members.includes(subject.name.toLowerCase());
    }
    return subject.groups.some((g) => g.toLowerCase() === p);
  }
  const candidates = [subject.name, subject.id];
  if (subject.qualifiedName) {
    candidates.push(subject.qualifiedName);
  }
  if (p.includes('*')) {
    const re = globToRegExp(p);
    return candidates.some((c) => re.test(c));
  }
  if (subject.source === 'openclaw' && subject.owner !== 'core' && p === subject.owner.toLowerCase()) {
    // A plugin id allows or denies every tool of that plugin, as in OpenClaw.
    return true;
  }
  return candidates.some((c) => c.toLowerCase() === p);
}
