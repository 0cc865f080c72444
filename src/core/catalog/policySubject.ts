import type { PolicySubject } from '../policy/toolPattern';
import type { CatalogTool } from '../types';

/** A cataloged tool as the policy sees it (catalog entries call the owner `sourceName`). */
export function policySubjectOf(t: CatalogTool): PolicySubject {
  return { name: t.name, source: t.source, owner: t.sourceName, groups: t.groups, id: t.id };
}
