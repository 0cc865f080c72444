import { PROMPT_DATA } from './versions/index';
import { modelFor, NEWEST_OPENCLAW_VERSION } from '../policy/openclawVersions';
import type { ReleaseData } from '../util/releaseOrder';
import type { PromptData } from './openclawRequest';

/**
 * The request templates of every release they were generated from
 * (`scripts/extract-openclaw-prompt.mjs`, one release per Tool Search
 * epoch), oldest first. A modelled version uses its epoch's file; a version
 * whose epoch has none has no templates, and the prediction says so rather
 * than borrowing another release's prompt: every release before 2026.5.12,
 * which has no Tool Search.
 */
function templatesOf(entry: ReleaseData): PromptData {
  const d = entry.load() as PromptData;
  if (d.openclawVersion !== entry.version) {
    throw new Error(`prompt/versions/openclaw-${entry.version}.json holds ${String(d.openclawVersion)}'s templates`);
  }
  return d;
}

/** Every release's templates, oldest first (loads each). */
export function allPromptData(): PromptData[] {
  return PROMPT_DATA.map(templatesOf);
}

/** The templates of `version`: its own release's, else those of the release measured in its epoch; undefined when there are none. */
export function promptDataFor(version: string): PromptData | undefined {
  const exact = PROMPT_DATA.find((d) => d.version === version);
  if (exact) {
    return templatesOf(exact);
  }
  const epoch = modelFor(version)?.epoch;
  const same = epoch ? PROMPT_DATA.find((d) => epoch.releases.includes(d.version)) : undefined;
  return same ? templatesOf(same) : undefined;
}

/** The newest modelled version's templates: what a prediction uses when nothing names a version. */
export function newestPromptData(): PromptData {
  const last = PROMPT_DATA[PROMPT_DATA.length - 1];
  const d = promptDataFor(NEWEST_OPENCLAW_VERSION) ?? (last ? templatesOf(last) : undefined);
  if (!d) {
    throw new Error('no generated request templates');
  }
  return d;
}

/** Why `version` has no templates, for the place the request would be shown. */
export function noTemplatesText(version: string): string {
  const first = PROMPT_DATA[0]?.version ?? '2026.5.12';
  return `OpenClaw ${version}'s request is not predicted: its system prompt and envelope are generated for releases from ${first} on (one template per Tool Search epoch), not for ${version}`;
}
