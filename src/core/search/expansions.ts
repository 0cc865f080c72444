import { analyze } from './analyzer';

/**
 * Small groups of general English words that people and models use
 * interchangeably when they look for a tool ("find" vs "search", "remove" vs
 * "delete"). A query term also matches the other words of its group, at a
 * lower weight than the word itself. General vocabulary only: no entry names
 * a particular product or benchmark tool.
 */
const GROUPS: readonly string[] = [
  'search find lookup look query seek discover locate',
  'create add new make generate build insert',
  'delete remove erase drop destroy',
  'update edit modify change patch set',
  'get fetch retrieve read obtain load download',
  'list enumerate browse show display view',
  'write save store put record',
  'send post submit publish share',
  'run execute launch start invoke trigger',
  'stop cancel abort halt kill terminate',
  'weather forecast temperature climate rain',
  'picture image photo',
  'video movie film clip',
  'music song audio track',
  'recipe cook food meal dish',
  'job career employment hire',
  'flight airline plane airport',
  'hotel lodging accommodation stay',
  'car vehicle auto automobile',
  'stock share equity ticker',
  'price cost cheap deal discount',
  'buy purchase shop order',
  'translate translation language',
  'summary summarize summarise abstract',
  'math calculate calculator compute arithmetic',
  'email mail inbox',
  'message chat text',
  'news headline article',
  'document doc file',
  'spreadsheet excel sheet',
  'presentation slide powerpoint deck',
  'schedule calendar event meeting appointment',
  'map location place direction route',
  'travel trip vacation tour',
  'book reading novel',
  'learn course education study tutor',
  'health medical medicine doctor symptom',
  'repository repo',
  'issue bug ticket',
  'pull merge',
  'comment reply',
  'directory folder',
  'paper research academic scholar',
  'website web site page url',
  'crypto cryptocurrency bitcoin',
  'game play',
  'diagram chart graph plot',
];

/** term -> related terms (all analyzed, so they match indexed terms). */
function buildTable(): Map<string, string[]> {
  const table = new Map<string, string[]>();
  for (const group of GROUPS) {
    const terms = [...new Set(analyze(group))];
    for (const t of terms) {
      const others = terms.filter((o) => o !== t);
      table.set(t, [...new Set([...(table.get(t) ?? []), ...others])]);
    }
  }
  return table;
}

let table: Map<string, string[]> | undefined;

/** Related terms for an analyzed query term (none for most terms). */
export function expansionsOf(term: string): readonly string[] {
  table ??= buildTable();
  return table.get(term) ?? [];
}

/**
 * Words that frame a request rather than name what is wanted ("can you find
 * me...", "show me information about..."). They still count, at
 * `weakWordWeight`, so "search code" still prefers a search tool; but a tool
 * whose name happens to contain "find" no longer wins every request.
 */
const WEAK = 'find search look show get give tell know help provide information info detail details recommend suggest assist assistance request kindly specific specifically';

let weak: Set<string> | undefined;

export function isWeakQueryWord(term: string): boolean {
  weak ??= new Set(analyze(WEAK));
  return weak.has(term);
}
