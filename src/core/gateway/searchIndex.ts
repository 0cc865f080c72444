import type { DescribedTool, SearchOptions, SearchResult } from '../toolApi';

/**
 * The search/describe half of ToolSearchApi, as the search index provides it
 * (`ToolIndex` in core/search). Injected, so the gateway and the previews do
 * not depend on how ranking works.
 */
export interface ToolSearchIndex {
  search(query: string, options?: SearchOptions): SearchResult;
  describe(idOrName: string): DescribedTool;
}
