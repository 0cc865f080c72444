import type { PreviewBase } from '../modes/preview';
import { LazyIndex, PreviewAssembler } from '../modes/preview';
import type { Catalog } from '../catalog/catalog';
import type { CatalogTool } from '../types';
import { openclawRequestContext } from '../prompt/openclawContext';
import type { VolatileValues } from '../prompt/volatile';
import type { CaptureReport } from './capture';
import type { CaptureMode } from './captureConfig';

/** One side of a comparison: a request body and the values of its volatile parts (prompt/volatile.ts). */
export interface RequestSide {
  body: unknown;
  volatile: VolatileValues;
  /**
   * Tools the inspector has that a real run of this workspace cannot (offline
   * MCP snapshots, client tools without a client), left out of the
   * prediction and listed here: "not in a real run" (issue 41).
   */
  inspectorOnly?: InspectorOnlyTool[];
}

export interface InspectorOnlyTool {
  name: string;
  /**
   * `mcp-snapshot` (an offline snapshot of the named server), `client` (a
   * client-tools file with no client to send them), `workspace-extension` (a
   * plugin under the folder's `.openclaw/extensions`, which a capture turn's
   * scratch agent workspace does not have).
   */
  kind: 'mcp-snapshot' | 'client' | 'workspace-extension';
  sourceName: string;
}

/** Whether a real OpenClaw run of the workspace can have this tool: not an offline snapshot's, not a client tool without a client. */
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

export interface TurnPredictionInput {
  /** The preview's base for this workspace (catalog, policy, isolation, API). */
  base: PreviewBase;
  /** The workspace's config as parsed, and the folder its relative paths are read from. */
  config: unknown;
  configDir: string;
}

/**
 * The prediction of each captured turn's request, made in the environment
 * that turn ran in: OpenClaw's state folder, agent workspace and package are
 * the turn's (`ModeCapture.paths`, the report's package folder). The paths are
 * volatile parts, but OpenClaw cuts skill descriptions and bounds
 * `max_completion_tokens` by lengths that include them, so a prediction made
 * with the user's own folders would differ by more than the paths.
 */
export function predictTurns(report: CaptureReport, input: TurnPredictionInput, prompt: string): Partial<Record<CaptureMode, RequestSide>> {
  const out: Partial<Record<CaptureMode, RequestSide>> = {};
  for (const [mode, c] of Object.entries(report.modes) as [CaptureMode, NonNullable<CaptureReport['modes'][CaptureMode]>][]) {
    if (!c.paths) {
      continue;
    }
    // The config OpenClaw really ran: the recording provider's model entry (context window, output bound, loopback endpoint) shapes the request.
    const ctx = openclawRequestContext({
      config: c.config ?? input.config,
      configDir: input.configDir,
      env: { OPENCLAW_STATE_DIR: c.paths.stateDir, OPENCLAW_WORKSPACE_DIR: c.paths.agentWorkspace },
      home: c.paths.home,
      openclawDir: report.openclaw.packageDir,
      // The templates of the release that ran (its epoch's).
      version: report.openclaw.version,
      // The agent the turn ran: its model, agent workspace and runtime line.
      ...(report.agent !== undefined ? { agent: report.agent } : {}),
    });
    // A real run has no offline snapshot and no client to send client tools: the prediction is made without them.
    const all = input.base.catalog;
    const inspectorOnly = all.tools.flatMap((t) => {
      const kind = t.status === 'excluded' ? undefined : inspectorOnlyKind(t, all.servers, all.plugins);
      return kind ? [{ name: t.name, kind, sourceName: t.sourceName }] : [];
    });
    const catalog = inspectorOnly.length > 0 ? all.without((t) => inspectorOnlyKind(t, all.servers, all.plugins) !== undefined) : all;
    const base: PreviewBase = { ...input.base, ...(catalog !== all ? { catalog, index: new LazyIndex(catalog) } : {}), openclaw: ctx, contextTokens: input.base.contextTokens ?? ctx.contextWindow };
    const o = new PreviewAssembler(base).assemble(prompt, [mode]).modes[mode]?.openclaw;
    if (o) {
      out[mode] = { body: o.request, volatile: o.volatile, ...(inspectorOnly.length > 0 ? { inspectorOnly } : {}) };
    }
  }
  return out;
}

/** The captured side's volatile values: the turn's scratch folders and the package that ran. */
export function realVolatile(report: CaptureReport, mode: CaptureMode): VolatileValues {
  const paths = report.modes[mode]?.paths;
  return { ...(paths ? { workspaceDir: paths.agentWorkspace, stateDir: paths.stateDir } : {}), openclawDir: report.openclaw.packageDir };
}
