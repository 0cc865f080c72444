import picomatch from 'picomatch';
import { parseJson5, type Json5Document, type JsonPath } from '../config/json5Document';
import type { ToolSearchModeName } from '../types';
import { ruleText } from './diff';
import type { CatalogSnapshot } from './snapshot';

/**
 * A catalog budget (JSON5), checked against a snapshot:
 *
 *   maxTokens / maxBytes: { direct?, code?, tools?, directory? }  whole request, per mode
 *   maxDirectoryChars: number      directory mode's rendered directory
 *   maxCatalogSize: number         cataloged tools
 *   mustBeCataloged: string[]      names or ids that must reach the model (cataloged or direct-only)
 *   neverCataloged: string[]       globs (`*`, `?`) on names and ids that must never reach it
 */
export interface Budget {
  maxTokens: Partial<Record<ToolSearchModeName, number>>;
  maxBytes: Partial<Record<ToolSearchModeName, number>>;
  maxDirectoryChars?: number;
  maxCatalogSize?: number;
  mustBeCataloged: string[];
  neverCataloged: string[];
}

/** One broken limit, at the budget file's line that set it. */
export interface BudgetBreach {
  file: string;
  line: number;
  /** The budget key, e.g. `maxTokens.direct`, `mustBeCataloged[2]`. */
  key: string;
  message: string;
  limit?: number;
  actual?: number;
}

/** A budget file that cannot be checked against (syntax, unknown key, wrong type); `line` where known. */
export class BudgetFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly problem: string,
  ) {
    super(`${file}${line !== undefined ? `:${line}` : ''}: ${problem}`);
  }
}

export interface LoadedBudget {
  budget: Budget;
  file: string;
  /** The line of a key in the budget file (1 when it cannot be told). */
  lineOf(path: JsonPath): number;
}

const MODES: readonly ToolSearchModeName[] = ['direct', 'code', 'tools', 'directory', 'code-mode'];
const KEYS = ['maxTokens', 'maxBytes', 'maxDirectoryChars', 'maxCatalogSize', 'mustBeCataloged', 'neverCataloged', '$schema', 'description'];

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function fail(doc: Json5Document, path: JsonPath, problem: string): never {
  throw new BudgetFileError(doc.file, doc.locate(path, true)?.line, problem);
}

function limitOf(doc: Json5Document, path: JsonPath, v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
    fail(doc, path, `${path.join('.')} must be a non-negative number`);
  }
  return v;
}

function perMode(doc: Json5Document, key: string, v: unknown): Partial<Record<ToolSearchModeName, number>> {
  if (v === undefined) {
    return {};
  }
  if (!isRecord(v)) {
    fail(doc, [key], `${key} must be an object of modes (${MODES.join(', ')})`);
  }
  const out: Partial<Record<ToolSearchModeName, number>> = {};
  for (const [mode, limit] of Object.entries(v)) {
    if (!(MODES as readonly string[]).includes(mode)) {
      fail(doc, [key, mode], `${key}.${mode}: unknown mode (expected ${MODES.join(', ')})`);
    }
    out[mode as ToolSearchModeName] = limitOf(doc, [key, mode], limit);
  }
  return out;
}

function strings(doc: Json5Document, key: string, v: unknown): string[] {
  if (v === undefined) {
    return [];
  }
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || x === '')) {
    fail(doc, [key], `${key} must be an array of non-empty strings`);
  }
  return v as string[];
}

/** Parses a budget file's text; `file` names it in breaches and errors. */
export function parseBudget(file: string, text: string): LoadedBudget {
  const doc = parseJson5(file, text);
  const syntax = doc.diagnostics[0];
  if (syntax) {
    throw new BudgetFileError(file, syntax.line, syntax.message);
  }
  const v = doc.value;
  if (!isRecord(v)) {
    throw new BudgetFileError(file, 1, 'a budget is an object');
  }
  for (const key of Object.keys(v)) {
    if (!KEYS.includes(key)) {
      fail(doc, [key], `unknown budget key "${key}" (expected ${KEYS.filter((k) => !k.startsWith('$') && k !== 'description').join(', ')})`);
    }
  }
  const budget: Budget = {
    maxTokens: perMode(doc, 'maxTokens', v.maxTokens),
    maxBytes: perMode(doc, 'maxBytes', v.maxBytes),
    ...(v.maxDirectoryChars !== undefined ? { maxDirectoryChars: limitOf(doc, ['maxDirectoryChars'], v.maxDirectoryChars) } : {}),
    ...(v.maxCatalogSize !== undefined ? { maxCatalogSize: limitOf(doc, ['maxCatalogSize'], v.maxCatalogSize) } : {}),
    mustBeCataloged: strings(doc, 'mustBeCataloged', v.mustBeCataloged),
    neverCataloged: strings(doc, 'neverCataloged', v.neverCataloged),
  };
  return { budget, file, lineOf: (path) => doc.locate(path, true)?.line ?? 1 };
}

/** Every breach of the budget by the snapshot, in budget-file order of keys; empty when it holds. */
export function checkBudget(loaded: LoadedBudget, snap: CatalogSnapshot): BudgetBreach[] {
  const { budget, file } = loaded;
  const out: BudgetBreach[] = [];
  const breach = (path: JsonPath, message: string, limit?: number, actual?: number): void => {
    out.push({ file, line: loaded.lineOf(path), key: path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join(''), message, ...(limit !== undefined ? { limit } : {}), ...(actual !== undefined ? { actual } : {}) });
  };
  // A config the release refuses fails every budget first: no run of it sends anything (issue 41).
  if (snap.refused) {
    const first = snap.refused.keys.find((k) => k.line !== undefined);
    const keys = snap.refused.keys.map((k) => `${k.path}${k.line !== undefined ? ` (line ${k.line})` : ''}: ${k.fix}`).join('; ');
    out.push({ file: snap.config ?? 'openclaw.json', line: first?.line ?? 1, key: 'openclaw', message: `${snap.refused.message}: ${keys}` });
  }
  for (const [key, unit] of [['maxTokens', 'tokens'], ['maxBytes', 'bytes']] as const) {
    for (const mode of MODES) {
      const limit = budget[key][mode];
      if (limit === undefined) {
        continue;
      }
      const recorded = snap.modes[mode];
      if (!recorded) {
        // Fail closed: a budget on Code Mode cannot hold for a snapshot that did not record it.
        breach([key, mode], `${mode}: the snapshot records no Code Mode (OpenClaw ${snap.openclaw.version} has none modelled), so this budget cannot be checked`, limit);
        continue;
      }
      const actual = recorded[unit].total;
      if (actual > limit) {
        breach([key, mode], `${mode} mode sends ${actual} ${unit === 'tokens' ? 'o200k tokens' : 'bytes'} per request, over the budget of ${limit} (+${actual - limit})`, limit, actual);
      }
    }
  }
  if (budget.maxDirectoryChars !== undefined) {
    const chars = snap.modes.directory.directory?.chars ?? 0;
    if (chars > budget.maxDirectoryChars) {
      breach(['maxDirectoryChars'], `the directory is ${chars} characters, over the budget of ${budget.maxDirectoryChars}`, budget.maxDirectoryChars, chars);
    }
  }
  if (budget.maxCatalogSize !== undefined && snap.counts.cataloged > budget.maxCatalogSize) {
    breach(['maxCatalogSize'], `${snap.counts.cataloged} tools are cataloged, over the budget of ${budget.maxCatalogSize}`, budget.maxCatalogSize, snap.counts.cataloged);
  }
  budget.mustBeCataloged.forEach((want, i) => {
    const matches = snap.tools.filter((t) => t.id === want || t.name === want);
    if (matches.some((t) => t.status !== 'excluded')) {
      return;
    }
    const t = matches[0];
    if (!t) {
      breach(['mustBeCataloged', i], `"${want}" must be cataloged but no source offers it`);
      return;
    }
    const why = t.rule ? ruleText(t.rule) : `${t.reasonKind ?? 'excluded'}: ${t.reason ?? ''}`;
    breach(['mustBeCataloged', i], `"${want}" must be cataloged but ${t.id} is excluded (${why})`);
  });
  budget.neverCataloged.forEach((glob, i) => {
    const isMatch = picomatch(glob, { nocase: true });
    const hits = snap.tools.filter((t) => t.status !== 'excluded' && (isMatch(t.name) || isMatch(t.id)));
    if (hits.length > 0) {
      const shown = hits.slice(0, 5).map((t) => t.id).join(', ');
      breach(['neverCataloged', i], `"${glob}" must never be cataloged but matches ${hits.length} tool${hits.length === 1 ? '' : 's'}: ${shown}${hits.length > 5 ? ', …' : ''}`);
    }
  });
  // The budget's own breaches by line; the release's refusal (another file) stays first.
  return out.sort((x, y) => Number(y.key === 'openclaw') - Number(x.key === 'openclaw') || x.line - y.line);
}

/** The breach in the `file:line: message` shape CI annotators read. */
export function breachLine(b: BudgetBreach): string {
  return `${b.file}:${b.line}: ${b.message}`;
}
