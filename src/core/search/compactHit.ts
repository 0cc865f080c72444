import type { CatalogTool } from '../types';
import type { DescribedTool, SearchHit } from '../gateway/toolApi';
import { signature } from './schemaText';

/** Longest description a compact hit carries. */
export const HIT_DESCRIPTION_MAX = 300;
/** Longest `input` signature a compact hit carries. */
export const HIT_SIGNATURE_MAX = 200;

// C0/C1 controls, and the bidi/zero-width marks that can hide or reorder text in a prompt.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]+/g;

/** One line of prompt-safe text: unsafe characters become spaces, whitespace collapses, at most `max` characters. */
export function promptSafe(text: string, max: number): string {
  const one = text.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  if (one.length <= max) {
    return one;
  }
  // Cut at a word boundary when one is near, so hits do not end mid-word.
  const cut = one.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.7 ? cut.slice(0, space) : cut}…`;
}

/** The compact descriptor of the design, safe to put back into a prompt. */
export function compactHit(tool: CatalogTool, score: number): SearchHit {
  const hit: SearchHit = {
    id: tool.id,
    source: tool.source,
    sourceName: tool.sourceName,
    name: tool.name,
    description: promptSafe(tool.description, HIT_DESCRIPTION_MAX),
    input: signature(tool.parameters, HIT_SIGNATURE_MAX),
    score: Math.round(score * 1000) / 1000,
  };
  if (tool.label) {
    hit.label = promptSafe(tool.label, 80);
  }
  return hit;
}

/** `describe`: the compact descriptor plus the exact input (and output) schema. */
export function describedTool(tool: CatalogTool): DescribedTool {
  const { score: _score, ...hit } = compactHit(tool, 0);
  const out: DescribedTool = { ...hit, parameters: tool.parameters ?? { type: 'object', properties: {} } };
  if (tool.outputSchema) {
    out.outputSchema = tool.outputSchema;
  }
  return out;
}
