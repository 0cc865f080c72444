import { PROMPT_DATA } from './versions/index';
import { modelFor, NEWEST_OPENCLAW_VERSION } from '../policy/openclawVersions';
import type { PromptData } from './openclawRequest';

/**
 * The request templates of every release they were generated from
 * (`scripts/extract-openclaw-prompt.mjs`, one release per Tool Search
 * epoch), oldest first. A modelled version uses its epoch's file; a version
 * whose epoch has none has no templates, and the prediction says so rather
 * than borrowing another release's prompt: every release before 2026.5.12,
 * which has no Tool Search.
 */
export const PROMPT_VERSIONS: readonly PromptData[] = PROMPT_DATA as PromptData[];

/** The templates of `version`: its own release's, else those of the release measured in its epoch; undefined when there are none. */
export function promptDataFor(version: string): PromptData | undefined {
  const exact = PROMPT_VERSIONS.find((d) => d.openclawVersion === version);
  if (exact) {
    return exact;
  }
  const epoch = modelFor(version)?.epoch;
  return epoch ? PROMPT_VERSIONS.find((d) => epoch.releases.includes(d.openclawVersion)) : undefined;
}

/** The newest modelled version's templates: what a prediction uses when nothing names a version. */
export function newestPromptData(): PromptData {
  const d = promptDataFor(NEWEST_OPENCLAW_VERSION) ?? PROMPT_VERSIONS[PROMPT_VERSIONS.length - 1];
  if (!d) {
    throw new Error('no generated request templates');
  }
  return d;
}

/** Why `version` has no templates, for the place the request would be shown. */
export function noTemplatesText(version: string): string {
  const first = PROMPT_VERSIONS[0]?.openclawVersion ?? '2026.5.12';
  return `OpenClaw ${version}'s request is not predicted: its system prompt and envelope are generated for releases from ${first} on (one template per Tool Search epoch), not for ${version}`;
}
