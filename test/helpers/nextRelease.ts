import type { DirectoryTexts, ToolSearchFacts } from '../../src/core/policy/epochTypes';
import { NEWEST_OPENCLAW_VERSION, parseVersion, type OpenClawModel } from '../../src/core/policy/openclawVersions';
import { parseGeneratedTools, type GeneratedToolSet } from '../../src/core/sources/generatedTools';
import { addRelease, release } from '../../src/core/sources/release';

/**
 * A release model shaped like OpenClaw's next release, built from its
 * documentation (openclaw/openclaw main, docs/tools/tool-search.md), on top of
 * the newest shipped release's generated model:
 * - `tools.toolSearch` has two modes, `tools` and `directory`; `tool_search_code`
 *   (code mode) is gone;
 * - `tools` is what an unset `tools.toolSearch`, `true` or an object without a
 *   mode selects;
 * - the call control is `dispatch_action` (was `tool_call`), with its texts;
 * - batch search (`queries`) and trusted `output` hints, as the newest already has.
 * The real model comes with the release (`npm run openclaw:release`); this one
 * proves that no surface names what a release can change.
 */

/** The old and the new name of the call control. */
export const RENAMED_CALL = { from: 'tool_call', to: 'dispatch_action' } as const;
/** The control tool the next release retires. */
export const RETIRED_CODE_TOOL = 'tool_search_code';

/** A version newer than every shipped one: the newest's next month. */
export function nextReleaseVersion(): string {
  const [year = 0, month = 0] = parseVersion(NEWEST_OPENCLAW_VERSION) ?? [];
  return month >= 12 ? `${year + 1}.1.0` : `${year}.${month + 1}.0`;
}

const renamed = (text: string): string => text.replace(/\btool_call\b/g, RENAMED_CALL.to);

function nextDirectoryTexts(t: DirectoryTexts): DirectoryTexts {
  const tools = { listed: renamed(t.guidance.tools.listed), omitted: renamed(t.guidance.tools.omitted) };
  const directory = { listed: renamed(t.guidance.directory.listed), omitted: renamed(t.guidance.directory.omitted) };
  // The release has no code mode; the type keeps a slot for it, which the tools texts fill (never rendered).
  return { ...t, guidance: { code: tools, tools, directory } };
}

function nextTools(base: GeneratedToolSet, version: string): GeneratedToolSet {
  const modes: Record<string, { controlToolsTemplate: string; visible: readonly string[] }> = {};
  for (const m of ['tools', 'directory'] as const) {
    const entry = base.modes[m];
    if (entry) {
      modes[m] = { controlToolsTemplate: renamed(entry.controlToolsTemplate), visible: entry.visible };
    }
  }
  // Through the product's own reader, as a registry file would be read.
  return parseGeneratedTools({ ...JSON.parse(JSON.stringify(base)), openclawVersion: version, modes });
}

/** The next-release-shaped model (not registered). */
export function nextRelease(): { version: string; model: OpenClawModel; tools: GeneratedToolSet } {
  const base = release(NEWEST_OPENCLAW_VERSION);
  const ts = base?.model.toolSearch;
  if (!base?.tools || !ts?.directoryTexts) {
    throw new Error(`the newest release ${NEWEST_OPENCLAW_VERSION} has no generated tools or Tool Search facts to build the next one on`);
  }
  const version = nextReleaseVersion();
  const directoryTexts = nextDirectoryTexts(ts.directoryTexts);
  const toolSearch: ToolSearchFacts = { ...ts, modes: ['tools', 'directory'], whenUnset: 'tools', trueMode: 'tools', directoryTexts };
  const model: OpenClawModel = { ...base.model, version, epoch: { first: version, releases: [version] }, toolSearchWhenUnset: 'tools', toolSearch, directoryTexts };
  return { version, model, tools: nextTools(base.tools, version) };
}

/** Registers the next-release fixture for a suite; `after` removes it. */
export function withNextRelease(): { version: string; remove: () => void } {
  const next = nextRelease();
  return { version: next.version, remove: addRelease(next) };
}
