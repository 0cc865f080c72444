import { addOpenClawModel, modelFor, type OpenClawModel } from '../policy/openclawVersions';
import type { ToolSearchModeName } from '../types';
import { addGeneratedTools, allControlToolsOf, generatedToolsFor, SEARCH_MODE_NAMES, type GeneratedToolSet } from './generatedTools';

/**
 * One modelled OpenClaw release: its policy model and the tools it composes
 * (texts, control tools per Tool Search mode, Code Mode), each generated from
 * the release's own package. Code that shows a surface asks the release what
 * it has (its modes, its control tools and their names) instead of naming
 * what a release can change.
 */
export interface Release {
  version: string;
  model: OpenClawModel;
  /** Absent for an epoch without generated tools (the seed's). */
  tools?: GeneratedToolSet;
}

/** The release modelled for a version (its epoch's), or undefined when the version is not a calendar version. */
export function release(version: string): Release | undefined {
  const model = modelFor(version);
  if (!model) {
    return undefined;
  }
  const tools = generatedToolsFor(version);
  return { version: model.version, model, ...(tools ? { tools } : {}) };
}

/**
 * Adds a release the product does not ship, read from a registry folder (a
 * user's own install, a test's next-release fixture): every lookup then
 * answers for its epoch as for a shipped one. Returns its removal.
 */
export function addRelease(r: { model: OpenClawModel; tools?: GeneratedToolSet }): () => void {
  const removeModel = addOpenClawModel(r.model);
  const removeTools = r.tools ? addGeneratedTools(r.tools) : undefined;
  return () => {
    removeTools?.();
    removeModel();
  };
}

/**
 * The modes a surface of this release can show, in the product's order:
 * `direct`, the Tool Search modes the release has (all three, as the
 * product's own for comparison, where it has no Tool Search or is the
 * seed's design), and Code Mode. Without a release: every mode.
 */
export function releaseModes(model: Pick<OpenClawModel, 'toolSearch'> | undefined): ToolSearchModeName[] {
  const facts = model?.toolSearch;
  const search = facts ? SEARCH_MODE_NAMES.filter((m) => facts.modes.includes(m)) : [...SEARCH_MODE_NAMES];
  return ['direct', ...search, 'code-mode'];
}

/**
 * Every control tool name the release's Tool Search modes send (`tool_call`
 * in 2026.9.6, `dispatch_action` where a release renames it); undefined where
 * the release has no control tools of its own (before 2026.5.12).
 */
export function releaseControlToolNames(r: Release): ReadonlySet<string> | undefined {
  if (!r.tools || Object.keys(r.tools.modes).length === 0) {
    return undefined;
  }
  // The limits only fill the texts' slots; the names do not depend on them.
  const limits = r.model.toolSearch?.defaults ?? { searchDefaultLimit: 1, maxSearchLimit: 1, codeTimeoutMs: 1 };
  return new Set(allControlToolsOf(r.tools, limits).map((t) => t.name));
}
