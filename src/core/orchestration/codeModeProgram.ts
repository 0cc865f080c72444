import type { Catalog } from '../catalog/catalog';
import { CodeBridge } from '../bridge/codeBridge';
import { codeModeGuestPlan } from '../bridge/codeModeGuest';
import { CodeModeSession } from '../bridge/codeModeRun';
import { codeModeCatalog } from '../modes/surface';
import { generatedToolsFor } from '../sources/generatedTools';
import type { ToolSearchApi } from '../toolApi';
import type { OpenWorkspace } from '../workspace';

/**
 * Which surface a program file targets. A first-line comment says so
 * (`// @surface code-mode` or `// @surface tool_search_code`); without one,
 * the surface the workspace's run really gets decides: a run where Code Mode
 * engages runs `exec` programs, any other `tool_search_code` snippets.
 */
export type ProgramSurface = 'code-mode' | 'tool_search_code';

const SURFACE_LINE = /^\s*\/\/\s*@surface\s+(code-mode|tool_search_code)\b/;

export function declaredSurface(source: string): ProgramSurface | undefined {
  const first = source.split('\n', 1)[0] ?? '';
  const m = SURFACE_LINE.exec(first);
  return m ? (m[1] as ProgramSurface) : undefined;
}

export function programSurface(source: string, ws: OpenWorkspace, asked?: ProgramSurface): ProgramSurface {
  return asked ?? declaredSurface(source) ?? (ws.codeMode?.engaged === true ? 'code-mode' : 'tool_search_code');
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
  const decision = ws.codeMode;
  const tools = codeModeCatalog(catalog, ws.policy);
  return new CodeModeSession({
    bridge,
    api,
    plan: codeModeGuestPlan(tools, facts),
    timeoutMs: timeoutMs ?? decision?.limits.timeoutMs ?? facts.limits.timeoutMs.default,
    visibleTools: [facts.exec.name, facts.wait.name],
  });
}
