// What typing a prompt changes in Mode Preview, for the release it models
// (issue 44: the prompt box promised that directory mode hydrates the schemas
// the prompt needs, which OpenClaw 2026.9.6 does not do). The words come from
// the modelled release, never from the panel.
import type { Catalog } from '../catalog/catalog';
import { generatedToolsFor } from '../sources/generatedTools';

export interface PromptEffect {
  /** Whether directory mode sends up front the schemas the prompt most likely needs. */
  hydrates: boolean;
  /** The prompt box's placeholder. */
  placeholder: string;
  /** What the "from the prompt" box says before a prompt is typed. */
  beforePrompt: string;
}

/**
 * A release whose tools are generated from its package is OpenClaw's own
 * directory mode, which hydrates no schema from the prompt; only the
 * product's seed design (no generated release) estimates likely schemas.
 * `buildSurface` applies the same rule (held equal by test/unit/modes/promptEffect.test.ts).
 */
export function promptEffect(catalog: Pick<Catalog, 'openclaw'>): PromptEffect {
  const version = catalog.openclaw?.model.version;
  const hydrates = version === undefined || generatedToolsFor(version) === undefined;
  if (hydrates) {
    return {
      hydrates,
      placeholder: 'Type a user prompt: directory mode hydrates the schemas it most likely needs',
      beforePrompt: 'Type a prompt above: directory mode sends the schemas of the first-party tools it most likely needs.',
    };
  }
  return {
    hydrates,
    placeholder: `Type a user prompt: it changes the messages each mode sends (OpenClaw ${version}'s directory mode hydrates no schema from it)`,
    beforePrompt: `OpenClaw ${version}'s directory mode sends no schema from the prompt: every schema behind the directory stays behind Tool Search.`,
  };
}
