import type { PreviewBase } from '../modes/preview';
import { PreviewAssembler } from '../modes/preview';
import type { InspectorOnlyTool } from '../catalog/inspectorOnly';
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

export type { InspectorOnlyTool };

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
    // A real run has no offline snapshot and no client to send client tools: the prediction of OpenClaw's request
    // is made without them (modes/preview's openclawRequestOf) and lists them.
    const base: PreviewBase = { ...input.base, openclaw: ctx, contextTokens: input.base.contextTokens ?? ctx.contextWindow };
    const o = new PreviewAssembler(base).assemble(prompt, [mode]).modes[mode]?.openclaw;
    if (o) {
      out[mode] = { body: o.request, volatile: o.volatile, ...(o.inspectorOnly && o.inspectorOnly.length > 0 ? { inspectorOnly: o.inspectorOnly } : {}) };
    }
  }
  return out;
}

/** The captured side's volatile values: the turn's scratch folders and the package that ran. */
export function realVolatile(report: CaptureReport, mode: CaptureMode): VolatileValues {
  const paths = report.modes[mode]?.paths;
  return { ...(paths ? { workspaceDir: paths.agentWorkspace, stateDir: paths.stateDir } : {}), openclawDir: report.openclaw.packageDir };
}
