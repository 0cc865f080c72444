import type { Catalog } from '../catalog/catalog';
import { CodeBridge } from '../bridge/codeBridge';
import { codeModeGuestPlan } from '../bridge/codeModeGuest';
import { CodeModeSession } from '../bridge/codeModeRun';
import { codeModeCatalog } from '../modes/surface';
import { defaultCodeModeDecision } from '../catalog/codeModeActivation';
import { configuredModelEntry } from '../prompt/modelEntry';
import { generatedToolsFor } from '../sources/generatedTools';
import type { ToolSearchApi } from '../toolApi';
import type { OpenWorkspace } from '../workspace';
import { declaredSurface, type ProgramSurface } from '../bridge/programKind';

/**
 * The surface a program runs on: the caller's choice, else what its file
 * name or directive says (core/bridge/programKind), else the surface the
 * workspace's run really gets (a run where Code Mode engages runs \`exec\`
 * programs, any other \`tool_search_code\` snippets).
 */
export function programSurface(source: string, ws: OpenWorkspace, asked?: ProgramSurface, fileName?: string): ProgramSurface {
  return asked ?? declaredSurface(fileName, source) ?? (ws.codeMode?.engaged === true ? 'code-mode' : 'tool_search_code');
}

/**
 * A Code Mode session over the workspace's run: the catalog its `exec` reaches,
 * the limits the config resolves, the release's own `exec`/`wait` names.
 * Fails with the reason when the modelled release has no Code Mode.
 */
export function codeModeSessionFor(ws: OpenWorkspace, catalog: Catalog, api: ToolSearchApi, bridge: CodeBridge, timeoutMs?: number): CodeModeSession {
  const version = catalog.openclaw?.model.version;
  const facts = version ? generatedToolsFor(version)?.codeMode : undefined;
  if (!facts) {
    throw new Error(`OpenClaw ${version ?? '(no modelled release)'} has no Code Mode: a program needs a release with tools.codeMode (2026.9.6 or later)`);
  }
  if (!facts.runtime) {
    throw new Error(`OpenClaw ${version ?? ''}'s Code Mode runtime is not modelled (its program texts are not where 2026.9.6 has them): the runner runs programs as 2026.9.6 does; model that release with --openclaw-version 2026.9.6`);
  }
  const decision = ws.codeMode;
  const tools = codeModeCatalog(catalog, ws.policy);
  // The run's model's context window bounds what one result may hand the model (OpenClaw's resolveToolResultBudget).
  const contextWindow = configuredModelEntry(ws.configValue)?.contextWindow;
  return new CodeModeSession({
    bridge,
    api,
    plan: codeModeGuestPlan(tools, facts, facts.runtime),
    limits: { ...(decision?.limits ?? defaultCodeModeDecision(facts, true).limits), ...(timeoutMs !== undefined ? { timeoutMs } : {}) },
    visibleTools: [facts.exec.name, facts.wait.name],
    ...(contextWindow !== undefined ? { contextWindow } : {}),
    texts: facts.runtime,
  });
}
