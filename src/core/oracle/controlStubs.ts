import { productControlTools } from '../modes/toolSearchTools';
import { controlToolsFor } from '../sources/generatedTools';
import { release } from '../sources/release';

/** The Tool Search modes whose control tools OpenClaw's catalog builder sees beside the catalog. */
export type StubMode = 'code' | 'tools' | 'directory';

/**
 * The control tools each Tool Search mode registers beside the catalog, by
 * name, as the release modelled for `version` sends them (the product's own
 * where the release has none of its own: the seed's design, releases before
 * 2026.5.12). The oracle child registers stubs of these names, so OpenClaw's
 * catalog builder sees the controls the release itself would add, whatever
 * a release renames (`dispatch_action`) or retires (`tool_search_code`).
 */
export function controlNamesByMode(version: string | undefined): Record<StubMode, string[]> {
  const r = version ? release(version) : undefined;
  const limits = r?.model.toolSearch?.defaults ?? { searchDefaultLimit: 1, maxSearchLimit: 1, codeTimeoutMs: 1 };
  const own = r?.tools && Object.keys(r.tools.modes).length > 0 ? r.tools : undefined;
  const names = (mode: StubMode): string[] => (own ? controlToolsFor(own, mode, limits) : productControlTools(limits, mode)).map((t) => t.name);
  return { code: names('code'), tools: names('tools'), directory: names('directory') };
}
