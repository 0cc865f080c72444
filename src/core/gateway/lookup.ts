import type { Catalog } from '../catalog/catalog';
import { suggestNames } from '../explain/explain';
import type { CatalogTool } from '../types';
import { ToolApiError } from './toolApi';

/**
 * Finds a tool the model may use: exact id, then unique name. Only
 * authorized tools (cataloged or direct-only) are ever found or suggested,
 * so a lookup error never names a tool outside the policy.
 */
export function lookupAllowed(catalog: Catalog, idOrName: string, permit: (t: CatalogTool) => boolean = () => true): CatalogTool {
  const q = idOrName.trim();
  const ok = (t: CatalogTool): boolean => t.status !== 'excluded' && permit(t);
  const byId = catalog.get(q);
  if (byId && ok(byId)) {
    return byId;
  }
  const named = catalog.withName(q).filter(ok);
  if (named.length === 1 && named[0]) {
    return named[0];
  }
  if (named.length > 1) {
    throw new ToolApiError(`Ambiguous tool name "${q}": ${named.map((t) => t.id).join(', ')}; use an exact tool id.`, 'ambiguous-tool');
  }
  const suggestions = suggestNames(q, catalog.allowed.filter(ok).map((t) => t.name), 3);
  throw new ToolApiError(`Unknown tool id: ${q}.${suggestions.length > 0 ? ` Did you mean: ${suggestions.join(', ')}?` : ''}`, 'unknown-tool');
}

/** The excluded tool a name or id refers to, if exactly one: so a refused call can say why. */
export function lookupExcluded(catalog: Catalog, idOrName: string): CatalogTool | undefined {
  const q = idOrName.trim();
  const byId = catalog.get(q);
  if (byId) {
    return byId.status === 'excluded' ? byId : undefined;
  }
  const named = catalog.withName(q);
  return named.length === 1 && named[0]?.status === 'excluded' ? named[0] : undefined;
}
