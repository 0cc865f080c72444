import { ToolIndex } from '../search/toolIndex';
import type { CatalogTool } from '../types';
import { additionText, withAddition } from './additionText';

/**
 * Chooses each tool's added words by their measured effect on the logged
 * pairs with the real ranking (ToolIndex): one tool at a time, the word whose
 * addition raises the reciprocal rank of the tool's own logged queries the
 * most, net of what it costs other tools' logged queries (the ones that use
 * the word, where the tool could now outrank their right tool), is added,
 * until no word pays or the budget is spent. Only the changed tool is
 * re-indexed per trial, and only the queries it can affect are ranked again.
 */

export interface LoggedPair {
  query: string;
  toolId: string;
  count: number;
  /** The query's terms, expansions included. */
  terms: ReadonlySet<string>;
}

export interface WordCandidate {
  /** The word's terms joined: words the tokenizer conflates share a key. */
  key: string;
  terms: readonly string[];
  word: string;
  queries: number;
  score: number;
}

export interface MeasuredWord {
  candidate: WordCandidate;
  /** Reciprocal-rank change of this tool's logged queries when the word was added (weighted). */
  gain: number;
  /** Reciprocal rank other tools' logged queries lost when it was added (weighted). */
  loss: number;
}

export interface MeasuredChoiceOptions {
  maxChars: number;
  depth: number;
  /** Best-scored candidates per tool that are tried (the others are never measured). */
  shortlist: number;
  /** What a rank is worth: its reciprocal, or top-1 + top-5 + reciprocal. */
  objective: 'rr' | 'mixed';
  /** Also add a word that moves nothing on the logged pairs (for queries not logged yet), budget permitting. */
  acceptNeutral: boolean;
  /** Screen each word alone on the queries that use it only (faster, optimistic); the accept check stays exact. */
  screen: boolean;
}

/** Below this a change is float noise, not an effect. */
const EPSILON = 1e-12;

const rr = (r: number): number => (Number.isFinite(r) ? 1 / r : 0);
const mixed = (r: number): number => (r === 1 ? 1 : 0) + (r <= 5 ? 1 : 0) + rr(r);

function ownerOf(t: CatalogTool): string {
  return `${t.source}:${t.sourceName}`;
}

/** The logged pairs' positions by tool and by query term. */
function pairsBy(pairs: readonly LoggedPair[]): { byTool: Map<string, number[]>; byTerm: Map<string, number[]> } {
  const byTool = new Map<string, number[]>();
  const byTerm = new Map<string, number[]>();
  pairs.forEach((p, i) => {
    byTool.set(p.toolId, [...(byTool.get(p.toolId) ?? []), i]);
    for (const t of p.terms) {
      let list = byTerm.get(t);
      if (!list) {
        list = [];
        byTerm.set(t, list);
      }
      list.push(i);
    }
  });
  return { byTool, byTerm };
}

export function chooseByMeasuredEffect(
  tools: readonly CatalogTool[],
  pairs: readonly LoggedPair[],
  candidates: ReadonlyMap<string, readonly WordCandidate[]>,
  options: MeasuredChoiceOptions,
): Map<string, MeasuredWord[]> {
  const index = new ToolIndex(tools);
  const owners = new Map<string, CatalogTool[]>();
  for (const t of tools) {
    owners.set(ownerOf(t), [...(owners.get(ownerOf(t)) ?? []), t]);
  }
  const rankOf = (i: number): number => {
    const p = pairs[i];
    if (!p) {
      return Infinity;
    }
    const at = index.rank(p.query, options.depth).findIndex((r) => r.tool.id === p.toolId);
    return at >= 0 ? at + 1 : Infinity;
  };
  const current = pairs.map((_p, i) => rankOf(i));
  const { byTool, byTerm } = pairsBy(pairs);
  const weight = (id: string): number => (byTool.get(id) ?? []).reduce((s, i) => s + (pairs[i]?.count ?? 0), 0);
  const order = [...candidates.keys()].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  const byId = new Map(tools.map((t) => [t.id, t]));

  const setWords = (tool: CatalogTool, words: readonly string[]): void => {
    const owner = ownerOf(tool);
    const list = (owners.get(owner) ?? []).map((t) => (t.id === tool.id ? { ...t, description: words.length > 0 ? withAddition(tool.description, words) : tool.description } : t));
    owners.set(owner, list);
    index.replaceOwner(tool.source, tool.sourceName, list);
  };

  const value = options.objective === 'mixed' ? mixed : rr;
  const pays = (m: { gain: number; loss: number }): boolean => m.gain - m.loss > EPSILON || (options.acceptNeutral && m.loss <= EPSILON && m.gain >= -EPSILON);
  const out = new Map<string, MeasuredWord[]>();
  for (const id of order) {
    const tool = byId.get(id);
    if (!tool) {
      continue;
    }
    const own = byTool.get(id) ?? [];
    const ownSet = new Set(own);
    const chosen: MeasuredWord[] = [];
    const trial = (c: WordCandidate, exact: boolean): { gain: number; loss: number; ranks: Map<number, number> } | undefined => {
      const words = [...chosen.map((w) => w.candidate.word), c.word];
      if (additionText(words).length > options.maxChars) {
        return undefined;
      }
      setWords(tool, words);
      // The tool's queries that lack the word count too: a longer description can lower them (BM25 length normalization).
      const affected = new Set(exact ? own : []);
      for (const t of c.terms) {
        for (const i of byTerm.get(t) ?? []) {
          affected.add(i);
        }
      }
      let gain = 0;
      let loss = 0;
      const ranks = new Map<number, number>();
      for (const i of affected) {
        const r = rankOf(i);
        ranks.set(i, r);
        const delta = (value(r) - value(current[i] ?? Infinity)) * (pairs[i]?.count ?? 0);
        if (ownSet.has(i)) {
          gain += delta;
        } else {
          loss -= delta;
        }
      }
      return { gain, loss, ranks };
    };
    // Lazy greedy: each word is measured alone, then the paying ones are added best first, each
    // measured again on top of those already added (two trials per word instead of one per word per step).
    const alone = (candidates.get(id) ?? []).slice(0, options.shortlist).flatMap((c) => {
      const m = trial(c, !options.screen);
      return m && pays(m) ? [{ c, net: m.gain - m.loss }] : [];
    });
    alone.sort((a, b) => b.net - a.net || b.c.score - a.c.score || a.c.key.localeCompare(b.c.key));
    for (const { c } of alone) {
      const m = trial(c, true);
      if (m && pays(m)) {
        chosen.push({ candidate: c, gain: m.gain, loss: m.loss });
        for (const [i, r] of m.ranks) {
          current[i] = r;
        }
      }
    }
    setWords(tool, chosen.map((w) => w.candidate.word));
    out.set(id, chosen);
  }
  return out;
}
