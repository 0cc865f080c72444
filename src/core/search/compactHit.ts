import type { CatalogTool } from '../types';
import type { ToolSearchFacts } from '../policy/epochTypes';
import type { DescribedTool, SearchHit } from '../toolApi';
import { inputHint, outputHint } from './inputHint';

/**
 * Longest description or label a compact hit carries. OpenClaw passes the
 * catalog entry's text whole (MCP text is already cut to 1,200 characters when
 * the catalog is built); plugin and client text is bounded here only so that
 * a hostile tool cannot flood the model's context (a deliberate difference,
 * docs/fidelity.md).
 */
export const HIT_TEXT_MAX = 4000;

// C0/C1 controls, and the bidi/zero-width marks that can hide or reorder text in a prompt.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff]+/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_ONE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff]/g;

// What `modelText` removes: controls other than tab and newline, and the bidi/zero-width marks.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff]/g;

/**
 * A description or label as OpenClaw gives it to the model: whole, line breaks
 * and paragraphs kept. Only characters that could hide or reorder text are
 * removed (a deliberate difference), and text over `max` is cut with `…`.
 */
export function modelText(text: string, max = HIT_TEXT_MAX): string {
  const clean = text.replace(/\r\n?/g, '\n').replace(INVISIBLE, '');
  return clean.length <= max ? clean : `${clean.slice(0, max - 1)}…`;
}

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

/**
 * The `input` hint of a tool. OpenClaw computes it for first-party tools only
 * and says `unknown` for MCP and client tools; we compute it for every tool
 * (a deliberate difference: the inspector shows what their schemas ask for).
 * Untrusted key names and enum values reach the hint JSON-quoted; characters
 * that could hide or reorder prompt text are written as `\uXXXX` there.
 */
export function hitInput(tool: CatalogTool, numericBounds = true): string {
  const hint = inputHint(tool.parameters, numericBounds);
  if (tool.source === 'openclaw') {
    return hint;
  }
  return hint.replace(UNSAFE_ONE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The compact descriptor of OpenClaw's `compactToolSearchCatalogEntry`: id,
 * source, owner, name, label, description, `input` hint, and for first-party
 * tools with a complete output schema hint, `output`. Plus our `score`.
 * `hints` is the modelled epoch's variant: releases before 2026.8.1 send no
 * `input` (nor `output`), 2026.8.1 - 2026.9.1 hints carry no numeric bounds.
 */
export function compactHit(tool: CatalogTool, score: number, hints: ToolSearchFacts['inputHint'] = 'bounds'): SearchHit {
  // Keys in OpenClaw's order (JSON output is compared byte for byte), then our score.
  const withHints = hints !== 'none';
  const output = withHints && tool.source === 'openclaw' ? outputHint(tool.outputSchema) : undefined;
  return {
    id: tool.id,
    source: tool.source,
    // OpenClaw names an MCP tool's owner by the server's provider-safe name, the one in `name`.
    sourceName: tool.modelOwner ?? tool.sourceName,
    name: tool.name,
    // OpenClaw's own text is sent whole (the bound is for plugin, MCP and client text).
    ...(tool.label ? { label: modelText(tool.label, tool.shipped === true ? Infinity : HIT_TEXT_MAX) } : {}),
    description: modelText(tool.description, tool.shipped === true ? Infinity : HIT_TEXT_MAX),
    ...(withHints ? { input: hitInput(tool, hints !== 'no-bounds') } : {}),
    ...(output !== undefined ? { output } : {}),
    score: Math.round(score * 1000) / 1000,
  };
}

/** `describe`: the compact descriptor plus the exact input (and output) schema. */
export function describedTool(tool: CatalogTool, hints: ToolSearchFacts['inputHint'] = 'bounds'): DescribedTool {
  const { score: _score, ...hit } = compactHit(tool, 0, hints);
  const out: DescribedTool = { ...hit, parameters: tool.parameters ?? { type: 'object', properties: {} } };
  if (tool.outputSchema) {
    out.outputSchema = tool.outputSchema;
  }
  return out;
}
