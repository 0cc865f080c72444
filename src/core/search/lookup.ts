import { resolveTool } from '../catalog/lookup';
import type { CatalogTool } from '../types';

function nameKeys(tool: CatalogTool): string[] {
  const id = tool.id.toLowerCase();
  const name = tool.name.toLowerCase();
  const keys = name === id ? [id] : [id, name];
  const raw = tool.rawName?.toLowerCase();
  if (raw !== undefined && raw !== id && raw !== name) {
    keys.push(raw);
  }
  return keys;
}

/**
 * Resolves what a model or user typed to one tool: the exact id first, then a
 * unique name (case-insensitive; MCP tools also by their raw server-side
 * name). Ambiguous names list the ids to use; unknown ones suggest close
 * names, and name the failed servers a missing tool may belong to.
 */
export class ToolLookup {
  private readonly byId = new Map<string, CatalogTool>();
  // Lower-cased id, name or raw name -> ids; almost always one id, so no Set per key.
  private readonly byName = new Map<string, string | string[]>();

  get size(): number {
    return this.byId.size;
  }

  add(tool: CatalogTool): void {
    if (this.byId.has(tool.id)) {
      this.remove(tool.id);
    }
    this.byId.set(tool.id, tool);
    for (const key of nameKeys(tool)) {
      const ids = this.byName.get(key);
      if (ids === undefined) {
        this.byName.set(key, tool.id);
      } else if (typeof ids === 'string') {
        if (ids !== tool.id) {
          this.byName.set(key, [ids, tool.id]);
        }
      } else if (!ids.includes(tool.id)) {
        ids.push(tool.id);
      }
    }
  }

  remove(id: string): CatalogTool | undefined {
    const tool = this.byId.get(id);
    if (!tool) {
      return undefined;
    }
    this.byId.delete(id);
    for (const key of nameKeys(tool)) {
      const ids = this.byName.get(key);
      if (ids === id) {
        this.byName.delete(key);
      } else if (Array.isArray(ids)) {
        const rest = ids.filter((x) => x !== id);
        this.byName.set(key, rest.length === 1 ? (rest[0] as string) : rest);
      }
    }
    return tool;
  }

  get(id: string): CatalogTool | undefined {
    return this.byId.get(id);
  }

  tools(): IterableIterator<CatalogTool> {
    return this.byId.values();
  }

  /** Tools whose id, name or raw name equals `text`, case-insensitively (the "exact match" of ranking). */
  exact(text: string): CatalogTool[] {
    const ids = this.byName.get(text.trim().toLowerCase());
    const out: CatalogTool[] = [];
    for (const id of ids === undefined ? [] : typeof ids === 'string' ? [ids] : ids) {
      const t = this.byId.get(id);
      if (t) {
        out.push(t);
      }
    }
    return out;
  }

  /** The tool `idOrName` names, or a ToolApiError saying why there is none. */
  resolve(idOrName: string, unavailableServers: readonly string[] = [], openclawId?: (t: CatalogTool) => string): CatalogTool {
    return resolveTool(
      idOrName,
      { byId: (id) => this.byId.get(id), byName: (name) => this.exact(name), tools: () => this.byId.values(), ...(openclawId ? { openclawId } : {}) },
      unavailableServers,
    );
  }
}
