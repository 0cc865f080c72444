// The tool detail pane: what describe returns to the model, schemas,
// annotations, direct-mode cost, the decision chain, server health,
// description suggestions and "Try it". Everything shown was computed by the
// host with core's own functions; this file only lays it out.
import type { LocationView, ToolDetailView } from '../shared/catalogProtocol';
import { el, icon } from '../shared/dom';
import { jsonTree } from './jsonTree';
import { POLICY, POLICY_NOT_REACHED_LINE } from '../../core/vocabulary';

export interface DetailHost {
  open(loc: LocationView): void;
  explain(toolId: string): void;
  applySuggestion(toolId: string): void;
  copySuggestion(toolId: string): void;
  close(): void;
}

function link(loc: LocationView, host: DetailHost, testId?: string): HTMLElement {
  const b = el('button', { type: 'button', class: 'link', title: `Open ${loc.label}`, ...(testId ? { 'data-testid': testId } : {}) }, icon('go-to-file'), ` ${loc.label}`);
  b.addEventListener('click', () => host.open(loc));
  return b;
}

function section(title: string, testId: string, open: boolean, ...body: (Node | string)[]): HTMLElement {
  const d = el('details', { class: 'detail-section', 'data-testid': testId }, el('summary', {}, el('h3', {}, title)), ...body);
  d.open = open;
  return d;
}

function pct(x: number): string {
  return `${Math.round(x * 100)}%`;
}

/** Says that OpenClaw cut the description, and by how much: the text the model reads ends where it was cut. */
function descriptionCutNote(cut: { from: number; to: number }): HTMLElement {
  const n = (x: number): string => x.toLocaleString('en-US');
  return el('p', { class: 'banner warning', 'data-testid': 'description-cut' }, icon('ellipsis'), ` OpenClaw cuts this description: ${n(cut.from)} → ${n(cut.to)} characters. The model reads only the first ${n(cut.to)}, ending in "...".`);
}

export function detailPane(d: ToolDetailView, host: DetailHost, tryIt: HTMLElement): HTMLElement {
  const close = el('button', { type: 'button', class: 'icon', title: 'Close the detail (Escape)', 'aria-label': 'Close the detail', 'data-testid': 'detail-close' }, icon('close'));
  close.addEventListener('click', () => host.close());
  const explain = el('button', { type: 'button', class: 'secondary', title: `Explain ${d.name} in an editor` }, icon('question'), ' Explain');
  explain.addEventListener('click', () => host.explain(d.toolId));

  const head = el('div', { class: 'detail-head' },
    el('h2', { id: 'detail-title', 'data-testid': 'detail-name' }, d.name),
    el('span', { class: `pill status-${d.status}` }, d.status),
    el('span', { class: 'spacer' }),
    explain, close);
  const meta = el('p', { class: 'detail-meta' }, el('code', {}, d.toolId), ` · ${d.source} · ${d.sourceName}`, ...(d.origin ? [' · ', link(d.origin, host, 'detail-origin')] : []));

  const why: (Node | string)[] = [];
  if (d.reason) {
    why.push(el('p', { class: 'reason', 'data-testid': 'detail-reason' }, d.reason));
  }
  if (d.hint) {
    why.push(el('p', { class: 'hint' }, icon('lightbulb'), ` ${d.hint}`));
  }
  for (const loc of d.reasonLocations) {
    why.push(el('p', {}, 'Rule: ', link(loc, host, 'reason-location')));
  }

  const chain = d.policyNotReached
    ? el('p', { class: 'muted', 'data-testid': 'policy-not-reached' }, POLICY_NOT_REACHED_LINE)
    : d.decisions.length === 0
    ? el('p', { class: 'muted' }, `${POLICY.noLayer.meaning}: allowed`)
    : el('ol', { class: 'chain', 'data-testid': 'decision-chain' }, ...d.decisions.map((x) => el('li', {},
      el('span', { class: `pill effect-${x.effect}` }, x.effect),
      ' ', el('strong', {}, x.layer), ': ', el('code', {}, x.rule),
      ...(x.location ? [' ', link(x.location, host)] : []))));

  const describeNote = d.modelVisible
    ? el('p', { class: 'muted' }, 'Exactly what the describe control tool (openclaw.tools.describe in a program) returns to the model for this tool.')
    : el('p', { class: 'banner warning' }, 'The model cannot describe this tool (it is not in its catalog); shown is what describe would return if the policy allowed it.');

  const annotations = d.annotations
    ? el('table', { class: 'grid compact', 'data-testid': 'annotations' }, el('tbody', {}, ...Object.entries(d.annotations).map(([k, v]) => el('tr', {}, el('th', { scope: 'row' }, k), el('td', {}, String(v))))))
    : el('p', { class: 'muted' }, d.source === 'mcp' ? 'The server gave no annotations for this tool.' : 'Annotations are an MCP feature; this tool has none.');

  const parts: HTMLElement[] = [
    head,
    meta,
    ...(why.length > 0 ? [el('div', { class: 'why' }, ...why)] : []),
    section('What describe returns', 'describe', true, describeNote, ...(d.descriptionCut ? [descriptionCutNote(d.descriptionCut)] : []), jsonTree(d.described, { openDepth: 1, testId: 'described-json' })),
    section('Input schema', 'input-schema', true, jsonTree(d.inputSchema, { openDepth: 3, testId: 'input-schema-tree' })),
    section('Output schema', 'output-schema', false, d.outputSchema ? jsonTree(d.outputSchema, { openDepth: 2 }) : el('p', { class: 'muted' }, 'No output schema.')),
    section('Annotations', 'annotations-section', false, annotations),
    section('Cost in direct mode', 'direct-cost', true, el('p', { 'data-testid': 'direct-size' },
      el('strong', {}, d.direct.bytes.toLocaleString('en')), ' bytes · ', el('strong', {}, d.direct.tokens.toLocaleString('en')), ` tokens (${d.direct.encoding})`,
      el('span', { class: 'muted' }, ' for its schema entry, sent with every turn when Tool Search is off.'))),
    section('Policy decision chain', 'decisions', true, chain),
  ];
  if (d.server) {
    const s = d.server;
    parts.push(section('MCP server health', 'server-health', true,
      el('p', {}, el('span', { class: `pill status-${s.status}` }, s.status), ` ${s.name} · ${s.transport} · connect and list ${s.durationMs} ms · ${s.toolCount} tools · ${s.origin}`),
      ...(s.error ? [el('p', { class: 'error-text' }, s.error)] : []),
      s.stderrTail.length > 0 ? el('pre', { class: 'stderr', 'aria-label': 'stderr tail' }, s.stderrTail.join('\n')) : el('p', { class: 'muted' }, 'Nothing on stderr.')));
  }
  if (d.plugin) {
    const p = d.plugin;
    parts.push(section('Plugin', 'plugin', false, el('p', {}, el('span', { class: `pill status-${p.status}` }, p.status), ` ${p.id} · ${p.manifest}`, ...(p.reason ? [` · ${p.reason}`] : []))));
  }
  const sugg = d.suggestion;
  if (sugg) {
    const act = el('button', { type: 'button', 'data-testid': 'suggestion-action' }, icon(sugg.canApply ? 'edit' : 'copy'), sugg.canApply ? ' Apply to the description' : ` Copy for ${sugg.targetLabel}`);
    act.addEventListener('click', () => (sugg.canApply ? host.applySuggestion(d.toolId) : host.copySuggestion(d.toolId)));
    parts.push(section('Description suggestion', 'suggestion', true,
      el('p', {}, `From ${sugg.queries} logged search${sugg.queries === 1 ? '' : 'es'} that led to this tool: add `, ...sugg.words.flatMap((w, i) => [i > 0 ? ', ' : '', el('code', {}, w)]), '.'),
      el('p', { class: 'proposed', 'data-testid': 'suggestion-proposed' }, sugg.proposed),
      el('p', { class: 'muted' }, `Its logged searches: top-1 ${pct(sugg.before.top1)} → ${pct(sugg.after.top1)}, recall@5 ${pct(sugg.before.recall5)} → ${pct(sugg.after.recall5)} (the ranking itself unchanged). Applied as an undoable edit to ${sugg.targetLabel}.`),
      act));
  } else {
    parts.push(section('Description suggestion', 'suggestion', false, el('p', { class: 'muted' }, d.suggestionNote)));
  }
  parts.push(tryIt);
  return el('div', { class: 'detail-body' }, ...parts);
}
