import type { CatalogTool } from '../types';
import type { Catalog } from './catalog';

/**
 * Tools the inspector has that a real OpenClaw run of the workspace cannot
 * (issue 41, "one number per thing"): an offline MCP snapshot's (the run
 * starts the server, or has none), client tools without a client to send
 * them, a plugin under the folder's `.openclaw/extensions` (a capture's agent
 * workspace is a scratch folder). Every prediction of what OpenClaw sends
 * (the Modes table, `preview`, the Real request tab) is made without them
 * and lists them beside it as "not in a real run".
 */
export interface InspectorOnlyTool {
  name: string;
  kind: 'mcp-snapshot' | 'client' | 'workspace-extension';
  sourceName: string;
}

/** Whether a real OpenClaw run of the workspace can have this tool (undefined: it can). */
export function inspectorOnlyKind(t: CatalogTool, servers: Catalog['servers'], plugins: Catalog['plugins'] = []): InspectorOnlyTool['kind'] | undefined {
  if (t.source === 'client') {
    return 'client';
  }
  if (t.source === 'openclaw' && /^\.openclaw[\\/]extensions[\\/]/.test(plugins.find((p) => p.id === t.sourceName)?.manifest ?? '')) {
    return 'workspace-extension';
  }
  if (t.source === 'mcp' && servers.find((s) => s.name === t.sourceName)?.transport === 'snapshot') {
    return 'mcp-snapshot';
  }
  return undefined;
}

/** The catalog a real run has, and what was left out of it. */
export interface RealRunCatalog {
  catalog: Catalog;
  inspectorOnly: InspectorOnlyTool[];
}

const realRuns = new WeakMap<Catalog, Map<boolean, RealRunCatalog>>();

/**
 * The catalog without its inspector-only tools (the same catalog when it has
 * none), once per catalog. `loadsWorkspaceExtensions`: the run's agent
 * workspace is the inspected folder, so its `.openclaw/extensions` are the
 * run's too (a capture's never is: its agent workspace is a scratch folder).
 */
export function realRunCatalog(all: Catalog, loadsWorkspaceExtensions = false): RealRunCatalog {
  let byFlag = realRuns.get(all);
  if (!byFlag) {
    byFlag = new Map();
    realRuns.set(all, byFlag);
  }
  let r = byFlag.get(loadsWorkspaceExtensions);
  if (!r) {
    const kindOf = (t: CatalogTool): InspectorOnlyTool['kind'] | undefined => {
      const kind = inspectorOnlyKind(t, all.servers, all.plugins);
      return kind === 'workspace-extension' && loadsWorkspaceExtensions ? undefined : kind;
    };
    const inspectorOnly = all.tools.flatMap((t) => {
      const kind = t.status === 'excluded' ? undefined : kindOf(t);
      return kind ? [{ name: t.name, kind, sourceName: t.sourceName }] : [];
    });
    r = { catalog: inspectorOnly.length > 0 ? all.without((t) => kindOf(t) !== undefined) : all, inspectorOnly };
    byFlag.set(loadsWorkspaceExtensions, r);
  }
  return r;
}

/** Inspector-only tools by source: `3 tools of the offline MCP snapshot github, 2 tools of client tools (...)`. */
export function inspectorOnlyText(tools: readonly InspectorOnlyTool[]): string {
  const by = new Map<string, number>();
  for (const t of tools) {
    const key =
      t.kind === 'client'
        ? 'client tools (no client in a real run)'
        : t.kind === 'workspace-extension'
          ? `the workspace extension ${t.sourceName} (this folder's .openclaw/extensions; the run's agent workspace is another folder)`
          : `the offline MCP snapshot ${t.sourceName}`;
    by.set(key, (by.get(key) ?? 0) + 1);
  }
  return [...by].map(([k, n]) => `${n} tool${n === 1 ? '' : 's'} of ${k}`).join(', ');
}
