import type { DirectoryTexts } from '../policy/epochTypes';
import type { ToolSourceKind } from '../types';

/**
 * The bounded in-prompt directory of `directory` mode, as OpenClaw renders
 * it (`formatToolSearchCatalogDirectory`, `buildToolSchemaDirectoryPrompt`):
 * under `### Deferred Tool Schemas`, the line `Available deferred-schema
 * tools:`, one row `- name (owner): description` per first-party deferred
 * tool sorted by name then id, a blank line, a notice that MCP and client
 * tools may be found by search, and the discovery guidance of the mode.
 * MCP and client names and descriptions are untrusted and never listed:
 * they count as omitted and stay reachable through search. When the text
 * does not fit, descriptions shrink 180 -> 64 -> 0 characters before rows
 * are dropped from the end; what was cut is reported by name.
 */

export const DIRECTORY_HEADING = '### Deferred Tool Schemas';
export const DIRECTORY_LIST_HEADING = 'Available deferred-schema tools:';
export const DIRECTORY_EMPTY = 'Available deferred-schema tools: none.';
export const DIRECTORY_NOTICE = 'Policy-approved MCP and client tools may also be discoverable through search.';
export const DIRECTORY_MAX_CHARS = 18000;
const MIN_MAX_CHARS = 768;
export const DESCRIPTION_STEPS: readonly number[] = [180, 64, 0];
/** Names and owners that may appear in a row; others are left out (OpenClaw's `TOOL_DIRECTORY_IDENTIFIER_RE`). */
const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/u;

/** The surface a directory guides the model to. */
export type DirectoryMode = 'code' | 'tools' | 'directory';

export interface DirectoryEntry {
  id: string;
  name: string;
  /** `core`, a plugin id, an MCP server, `client`. */
  owner: string;
  source: ToolSourceKind;
  description: string;
  /** Already in front of the model (its schema is sent): not deferred, not listed (but see `DirectoryTexts.listsVisibleTools`). */
  directVisible?: boolean;
}

/** One MCP server (or the client) whose deferred tools the directory does not list. */
export interface UnlistedGroup {
  source: ToolSourceKind;
  owner: string;
  count: number;
  /** Why they are searchable but not listed. */
  reason: string;
}

export interface DirectoryCut {
  /** The description length every row was cut to (180, 64 or 0). */
  descriptionLimit: number;
  /** Names whose description was shortened below its own length. */
  shortened: string[];
  /** First-party names left out to fit (still searchable and callable by exact name). */
  dropped: string[];
  /** Why anything was cut, in one line; absent when nothing was. */
  reason?: string;
}

export interface Directory extends DirectoryCut {
  /** The prompt section: the heading and the listing. */
  text: string;
  shown: number;
  /** Deferred tools not listed: dropped rows, and every MCP, client or unlistable tool (the footer's count). */
  omitted: number;
  chars: number;
  maxChars: number;
  /** Per MCP server (and client): deferred tools that are searchable but never listed, and why. */
  unlisted: UnlistedGroup[];
}

/** The bound: 18,000 characters, or a tenth of a smaller context window (never under 768). */
export function directoryBound(contextTokens?: number): number {
  if (contextTokens === undefined || !Number.isFinite(contextTokens) || contextTokens <= 0) {
    return DIRECTORY_MAX_CHARS;
  }
  return Math.min(DIRECTORY_MAX_CHARS, Math.max(MIN_MAX_CHARS, Math.floor(contextTokens / 10)));
}

/**
 * What the footer tells the model to do, per mode (OpenClaw's texts): the
 * modelled epoch's own rendering where it is generated (`texts`), else the
 * newest release's.
 */
export function directoryGuidance(mode: DirectoryMode, omitted: number, texts?: DirectoryTexts): string {
  if (texts) {
    return omitted > 0 ? texts.guidance[mode].omitted : texts.guidance[mode].listed;
  }
  if (mode === 'code') {
    return 'Use tool_search_code with openclaw.tools.search(query), openclaw.tools.describe(id), and openclaw.tools.call(id, args).';
  }
  const base =
    omitted > 0
      ? 'Use tool_search to find a tool and its input signature; use tool_describe when a full schema is needed.'
      : 'Use tool_search for a compact input signature or tool_describe for a full schema.';
  return mode === 'tools'
    ? `${base} Deferred names are not directly callable. Call tool_call with the result id or name in id and all tool parameters in args. Use this wrapper even when other guidance names a deferred tool directly.`
    : `${base} Call a unique deferred tool name directly, or use tool_call with its id and args.`;
}

/** Whitespace collapsed to single spaces; cut to `max` with `...` (never half a surrogate pair). */
function compactDescription(description: string, max: number): string {
  const normalized = description.replace(/\s+/g, ' ').trim();
  if (normalized.length <= max) {
    return normalized;
  }
  let end = Math.max(0, max - 3);
  const last = normalized.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) {
    end--;
  }
  return `${normalized.slice(0, end).trimEnd()}...`;
}

function identifier(value: string): string | undefined {
  const t = value.trim();
  return IDENTIFIER.test(t) ? t : undefined;
}

function row(e: DirectoryEntry, limit: number): string | undefined {
  const name = e.source === 'openclaw' ? identifier(e.name) : undefined;
  if (name === undefined) {
    return undefined;
  }
  const owner = identifier(e.owner);
  const head = `- ${name}${owner ? ` (${owner})` : ''}`;
  return limit === 0 ? head : `${head}: ${compactDescription(e.description, limit) || 'No description.'}`;
}

const byNameThenId = (a: DirectoryEntry, b: DirectoryEntry): number =>
  (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

// 2026.6.8 - 6.10 sort rows with `localeCompare` (the epoch's `rowOrder`), later releases by code units.
const rowCollator = new Intl.Collator();
const byNameThenIdLocale = (a: DirectoryEntry, b: DirectoryEntry): number => rowCollator.compare(a.name, b.name) || rowCollator.compare(a.id, b.id);

/** Why a deferred tool is not a row, for the preview. */
function unlistedReason(e: DirectoryEntry, nameCount: number): string {
  if (e.source === 'mcp') {
    return 'MCP names and descriptions are untrusted text and never enter the system prompt; the tools stay reachable through search';
  }
  if (e.source === 'client') {
    return 'client tool names and descriptions are untrusted text and never enter the system prompt; the tools stay reachable through search';
  }
  return nameCount > 1 ? 'its name is shared by another tool; use its id through search' : 'its name or owner is not a plain identifier';
}

/**
 * Builds the directory of `entries` within `maxChars` for `mode`. Only
 * deferred first-party tools with a unique name become rows.
 */
export function buildDirectory(entries: readonly DirectoryEntry[], maxChars = DIRECTORY_MAX_CHARS, mode: DirectoryMode = 'directory', texts?: DirectoryTexts): Directory {
  const bound = Math.floor(Number.isFinite(maxChars) ? maxChars : DIRECTORY_MAX_CHARS);
  const listHeading = texts?.heading ?? DIRECTORY_LIST_HEADING;
  const notice = texts ? texts.notice : DIRECTORY_NOTICE;
  // Releases before 2026.9.3 cut descriptions at 180 only, then drop rows.
  const steps = texts && !texts.shrinksDescriptions ? DESCRIPTION_STEPS.slice(0, 1) : DESCRIPTION_STEPS;
  // Releases before 2026.9.5 list every catalog entry, the tools kept visible too (the epoch's `listsVisibleTools`);
  // a visible client tool is no entry there (directory mode leaves client tools out of the catalog).
  const listsVisible = texts?.listsVisibleTools === true;
  const deferred = entries.filter((e) => e.directVisible !== true || (listsVisible && e.source !== 'client'));
  const nameCounts = new Map<string, number>();
  for (const e of entries) {
    nameCounts.set(e.name, (nameCounts.get(e.name) ?? 0) + 1);
  }
  const listable = deferred.filter((e) => nameCounts.get(e.name) === 1).sort(texts?.rowOrder === 'locale' ? byNameThenIdLocale : byNameThenId);
  const rowsAt = (limit: number): { entry: DirectoryEntry; line: string }[] =>
    listable.flatMap((entry) => {
      const line = row(entry, limit);
      return line === undefined ? [] : [{ entry, line }];
    });
  const unlisted = unlistedGroups(deferred, new Set(rowsAt(0).map((r) => r.entry)), nameCounts);

  if (deferred.length === 0) {
    const text = `${DIRECTORY_HEADING}\n${texts?.empty ?? DIRECTORY_EMPTY}`;
    return { text, shown: 0, omitted: 0, chars: text.length, maxChars: bound, descriptionLimit: DESCRIPTION_STEPS[0] ?? 180, shortened: [], dropped: [], unlisted };
  }

  let stepIndex = 0;
  let limit = DESCRIPTION_STEPS[0] ?? 180;
  let rows = rowsAt(limit);
  const listedCount = rows.length;
  let lineChars = rows.reduce((n, r) => n + r.line.length + 1, 0);
  let omitted = deferred.length - rows.length;
  // OpenClaw's size rule: heading, rows, notice and footer with their newlines; it stops when no row is left.
  for (;;) {
    const guidance = directoryGuidance(mode, omitted, texts);
    const footerChars = guidance.length + (omitted > 0 ? String(omitted).length + 27 : 0);
    const noticeChars = notice === null ? 0 : notice.length + 1;
    if (listHeading.length + lineChars + noticeChars + footerChars + 2 <= bound || rows.length === 0) {
      break;
    }
    if (stepIndex + 1 < steps.length) {
      stepIndex++;
      limit = steps[stepIndex] ?? 0;
      rows = rowsAt(limit);
      lineChars = rows.reduce((n, r) => n + r.line.length + 1, 0);
      continue;
    }
    const last = rows.pop();
    lineChars -= (last?.line.length ?? 0) + 1;
    omitted++;
  }
  const guidance = directoryGuidance(mode, omitted, texts);
  const footer = omitted > 0 ? `${omitted} additional tools omitted. ${guidance}` : guidance;
  const listing = [listHeading, ...rows.map((r) => r.line), '', ...(notice === null ? [] : [notice]), footer].join('\n');
  const text = `${DIRECTORY_HEADING}\n${listing}`;
  const kept = new Set(rows.map((r) => r.entry));
  const dropped = rowsAt(0)
    .filter((r) => !kept.has(r.entry))
    .map((r) => r.entry.name);
  const shortened = limit === 0 ? [] : rows.filter((r) => r.entry.description.replace(/\s+/g, ' ').trim().length > limit).map((r) => r.entry.name);
  let reason: string | undefined;
  if (dropped.length > 0) {
    reason = `${listedCount} first-party tools do not fit in ${bound} characters even without descriptions; the last ${dropped.length} rows were dropped`;
  } else if (limit < (DESCRIPTION_STEPS[0] ?? 180)) {
    reason = `${listedCount} first-party tools with longer descriptions exceed ${bound} characters; descriptions cut to ${limit}`;
  } else if (shortened.length > 0) {
    reason = `descriptions longer than ${limit} characters are cut`;
  }
  return {
    text,
    shown: rows.length,
    omitted,
    chars: text.length,
    maxChars: bound,
    descriptionLimit: limit,
    shortened,
    dropped,
    ...(reason ? { reason } : {}),
    unlisted,
  };
}

function unlistedGroups(deferred: readonly DirectoryEntry[], listable: ReadonlySet<DirectoryEntry>, nameCounts: ReadonlyMap<string, number>): UnlistedGroup[] {
  const groups = new Map<string, UnlistedGroup>();
  for (const e of deferred) {
    if (listable.has(e)) {
      continue;
    }
    const reason = unlistedReason(e, nameCounts.get(e.name) ?? 0);
    const key = `${e.source}\u0000${e.owner}\u0000${reason}`;
    const g = groups.get(key);
    if (g) {
      g.count++;
    } else {
      groups.set(key, { source: e.source, owner: e.owner, count: 1, reason });
    }
  }
  return [...groups.values()].sort((a, b) => a.source.localeCompare(b.source) || a.owner.localeCompare(b.owner));
}

/** One line per MCP server (and for client tools) whose deferred tools are searchable but not listed, and why. */
export function unlistedLines(d: Pick<Directory, 'unlisted'>): string[] {
  return d.unlisted.map((u) => {
    const who = u.source === 'mcp' ? `MCP server "${u.owner}"` : u.source === 'client' ? 'client tools' : `${u.owner}`;
    return `${who}: ${u.count} tool${u.count === 1 ? '' : 's'} searchable but not listed (${u.reason})`;
  });
}
