import { Bm25Index } from '../search/bm25Index';
import { documentTerms, queryTerms } from '../search/tokenizer';
import type { ToolIndex } from '../search/toolIndex';
import type { CatalogTool } from '../types';
import type { UsagePair } from './usagePairs';

/**
 * EXPERIMENT, off by default, never used by search, describe, the directory
 * or any surface of the product (bench/learning only). The inspector shows
 * OpenClaw's ranking; this asks whether a ranker that also read the logged
 * queries would beat description suggestions alone.
 *
 * The logged queries of each tool form an extra, down-weighted field (its own
 * BM25 index; score = catalog score + weight x usage score), and the result
 * is team-draft interleaved with the catalog-only ranking, so a tool with no
 * logs is at most pushed down to about twice its catalog-only rank.
 */

export interface UsageRankerOptions {
  /** Weight of the logged-queries field against the catalog text (default 0.5). */
  weight?: number;
}

export class UsageRankingExperiment {
  private readonly usage = new Bm25Index();
  private readonly slotOf = new Map<string, number>();
  private readonly toolOfSlot = new Map<number, CatalogTool>();
  private readonly weight: number;

  /** `catalog`: the index the product ranks with (suggestions applied or not); `tools`: its tools. */
  constructor(private readonly catalog: ToolIndex, tools: readonly CatalogTool[], pairs: readonly UsagePair[], options: UsageRankerOptions = {}) {
    this.weight = options.weight ?? 0.5;
    const byId = new Map(tools.map((t) => [t.id, t]));
    const text = new Map<string, string[]>();
    for (const p of pairs) {
      if (byId.has(p.tool)) {
        text.set(p.tool, [...(text.get(p.tool) ?? []), ...Array.from({ length: Math.min(p.count, 3) }, () => p.query)]);
      }
    }
    for (const [id, queries] of text) {
      const tool = byId.get(id);
      if (tool) {
        const slot = this.usage.add(documentTerms(queries.join('\n')));
        this.slotOf.set(id, slot);
        this.toolOfSlot.set(slot, tool);
      }
    }
  }

  /** The catalog ranking joined with the usage field, before interleaving. */
  private usageRanking(query: string, depth: number): string[] {
    const scores = new Map<string, { tool: CatalogTool; score: number }>();
    for (const r of this.catalog.rank(query, depth * 3)) {
      scores.set(r.tool.id, { tool: r.tool, score: r.score });
    }
    for (const m of this.usage.score(queryTerms(query))) {
      const tool = this.toolOfSlot.get(m.slot);
      if (tool) {
        const e = scores.get(tool.id) ?? { tool, score: 0 };
        e.score += this.weight * m.score;
        scores.set(tool.id, e);
      }
    }
    return [...scores.values()].sort((a, b) => b.score - a.score || a.tool.id.localeCompare(b.tool.id)).slice(0, depth).map((e) => e.tool.id);
  }

  /** Ids, best first: team-draft interleaving of the catalog ranking (first pick) and the usage ranking. */
  rank(query: string, depth: number): string[] {
    const a = this.catalog.rank(query, depth).map((r) => r.tool.id);
    const b = this.usageRanking(query, depth);
    const lists = [a, b];
    const pos = [0, 0];
    const out: string[] = [];
    const taken = new Set<string>();
    for (let turn = 0; out.length < depth; turn++) {
      const k = turn % 2;
      const list = lists[k] ?? [];
      let p = pos[k] ?? 0;
      while (p < list.length && taken.has(list[p] ?? '')) {
        p++;
      }
      const id = list[p];
      if (id !== undefined) {
        out.push(id);
        taken.add(id);
        p++;
      }
      pos[k] = p;
      if ((pos[0] ?? 0) >= a.length && (pos[1] ?? 0) >= b.length) {
        break;
      }
    }
    return out;
  }
}
