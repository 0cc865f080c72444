// The Search Playground webview. Talks to the host only through the shared
// protocol; builds DOM with textContent (tool text is untrusted input).
import { FIELD_NAMES, MAX_QUERY, parseHostMessage, parsePanelState, termLabel, type CatalogInfo, type FieldName, type HitView, type LearnedView, type PanelState, type ReplayView, type ResultsView, type TermMatchView, type WebviewMessage, type WhyNotView } from '../shared/playgroundProtocol';
import { el, hostApi, icon } from '../shared/dom';

const vscode = hostApi<WebviewMessage, PanelState>();
const app = document.getElementById('app') as HTMLElement;
let state: PanelState = parsePanelState(vscode.getState());
let info: CatalogInfo | undefined;
let results: ResultsView | undefined;
let queryError: string | undefined;
let whyNot: WhyNotView | undefined;
let learned: LearnedView | undefined;
/** A session's search replayed here; shown while the box holds its query. */
let replay: ReplayView | undefined;

const DEBOUNCE_MS = 250;
const FIELD_TITLES: Record<FieldName | 'expansions', string> = { name: 'name', id: 'id', label: 'label', description: 'description', parameters: 'parameters', expansions: 'expansions' };
const TIER_TITLES: Record<HitView['tier'], string> = { exact: 'exact name or id', literal: 'matched a written word', expansion: 'matched only expansions' };

function post(msg: WebviewMessage): void {
  vscode.postMessage(msg);
}

function save(): void {
  vscode.setState(state);
}

function button(label: string, title: string, onClick: () => void, opts: { icon?: string; cls?: string; testid?: string } = {}): HTMLButtonElement {
  const b = el('button', { type: 'button', title, class: opts.cls ?? '', ...(opts.testid ? { 'data-testid': opts.testid } : {}) }, ...(opts.icon ? [icon(opts.icon), ' '] : []), label);
  b.addEventListener('click', onClick);
  return b;
}

/** A button that is only an icon: its label is for screen readers and the tooltip. */
function iconButton(name: string, label: string, onClick: () => void): HTMLButtonElement {
  const b = el('button', { type: 'button', title: label, 'aria-label': label, class: 'icon-only' }, icon(name));
  b.addEventListener('click', onClick);
  return b;
}

function num(x: number, digits = 3): string {
  return x.toFixed(digits);
}

function pct(x: number): string {
  return `${Math.round(x * 100)}%`;
}

// ---- query ----

let timer: ReturnType<typeof setTimeout> | undefined;

function runQuery(): void {
  const q = state.query.trim();
  if (q.length === 0) {
    results = undefined;
    queryError = undefined;
    render();
    return;
  }
  post({ type: 'search', query: state.query });
}

function askWhyNot(): void {
  if (state.query.trim() && state.toolId) {
    post({ type: 'whyNot', query: state.query, toolId: state.toolId });
  }
}

function queryRow(): HTMLElement {
  const input = el('input', { type: 'search', id: 'query', 'aria-label': 'Query', placeholder: 'What would the model search for? e.g. "create an issue"', maxlength: String(MAX_QUERY), 'data-testid': 'query', spellcheck: 'false' });
  input.value = state.query;
  input.addEventListener('input', () => {
    state.query = input.value;
    save();
    clearTimeout(timer);
    timer = setTimeout(runQuery, DEBOUNCE_MS);
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') {
      clearTimeout(timer);
      runQuery();
    }
  });
  return el('div', { class: 'query-row' }, el('label', { for: 'query' }, icon('search'), ' Query'), input, button('Search', 'Run the query against the real index (Enter)', () => runQuery(), { icon: 'play', testid: 'run' }));
}

// ---- hits ----

function fieldList(m: TermMatchView): string {
  return FIELD_NAMES.filter((f) => m.fields[f] !== undefined).map((f) => `${FIELD_TITLES[f]}${(m.fields[f] ?? 0) > 1 ? ` ×${m.fields[f] ?? 0}` : ''}`).join(', ');
}

/** A term as people read it: their word, then the stem the index searches, smaller. */
function termText(t: { term: string; from: string[]; expansion: boolean }): (HTMLElement | string)[] {
  const { words, stem } = termLabel(t);
  return [words, ...(stem ? [el('span', { class: 'stem muted', 'data-testid': 'term-stem' }, ` stem ${stem}`)] : [])];
}

function termChips(h: HitView): HTMLElement {
  const box = el('span', { class: 'chips' });
  for (const m of h.matched) {
    box.append(el('span', { class: `chip${m.expansion ? ' expansion' : ''}`, title: `${m.term}${m.expansion ? ` (expansion of ${m.from.join(', ')})` : ` (stem of ${m.from.join(', ')})`}: +${num(m.contribution)} in ${fieldList(m)}` }, ...termText(m), el('span', { class: 'where' }, ` ${fieldList(m)}`)));
  }
  if (h.matched.length === 0) {
    box.append(el('span', { class: 'muted' }, h.tier === 'exact' ? 'exact name or id' : 'no term'));
  }
  return box;
}

function fieldBar(h: HitView): HTMLElement {
  const bar = el('div', { class: 'fieldbar', role: 'img', 'aria-label': `score by field: ${[...FIELD_NAMES, 'expansions' as const].filter((f) => h.byField[f] > 0).map((f) => `${FIELD_TITLES[f]} ${num(h.byField[f], 2)}`).join(', ')}` });
  const total = Math.max(h.score, 1e-9);
  for (const f of [...FIELD_NAMES, 'expansions' as const]) {
    const v = h.byField[f];
    if (v > 0) {
      // Set through the CSSOM: the CSP refuses inline style attributes.
      const seg = el('span', { class: `seg seg-${f}`, title: `${FIELD_TITLES[f]}: ${num(v)}` });
      seg.style.width = `${((v / total) * 100).toFixed(1)}%`;
      bar.append(seg);
    }
  }
  return bar;
}

function termTable(h: HitView): HTMLElement {
  const rows = h.matched.map((m) =>
    el('tr', {}, el('td', {}, m.term, m.expansion ? el('span', { class: 'pill expansion' }, 'expansion') : ''), el('td', {}, m.from.join(', ')), el('td', { class: 'num' }, num(m.weight, 2)), el('td', { class: 'num' }, num(m.idf)), el('td', { class: 'num' }, String(m.frequency)), el('td', {}, fieldList(m)), el('td', { class: 'num' }, `+${num(m.contribution)}`)),
  );
  const sum = h.matched.reduce((s, m) => s + m.contribution, 0);
  return el(
    'table',
    { class: 'terms' },
    el('thead', {}, el('tr', {}, ...['term', 'from', 'weight', 'idf', 'tf', 'fields', 'adds'].map((t) => el('th', { scope: 'col' }, t)))),
    el('tbody', {}, ...rows),
    el('tfoot', {}, el('tr', {}, el('td', { colspan: '6' }, h.missing.length > 0 ? `lacks: ${h.missing.join(', ')}` : 'every written term matched'), el('td', { class: 'num' }, `= ${num(sum)}`))),
  );
}

function nameCell(h: HitView): HTMLElement {
  const name = h.located ? button(h.name, `Open the definition of ${h.id}`, () => post({ type: 'openDefinition', toolId: h.id }), { cls: 'link' }) : el('span', {}, h.name);
  return el('div', {}, name, el('div', { class: 'muted small' }, h.id));
}

function hitRows(hits: readonly HitView[], testid: string): HTMLElement {
  const body = el('tbody', {});
  for (const h of hits) {
    const details = el('details', {}, el('summary', { title: 'Per term: weight, idf, frequency, fields and what it adds' }, termChips(h)), termTable(h));
    body.append(
      el(
        'tr',
        { 'data-testid': `${testid}-row`, 'data-id': h.id },
        el('td', { class: 'num rank' }, `#${h.rank}`),
        el('td', {}, nameCell(h)),
        el('td', { class: 'num' }, num(h.score), fieldBar(h)),
        el('td', {}, el('span', { class: `pill tier-${h.tier}`, title: TIER_TITLES[h.tier] }, h.tier)),
        el('td', {}, details),
        el('td', {}, iconButton('question', `Why does ${h.name} rank #${h.rank}? (explain it below)`, () => pickTool(h.id))),
      ),
    );
  }
  return el('table', { class: 'hits', 'data-testid': testid }, el('thead', {}, el('tr', {}, ...['rank', 'tool', 'score', 'tier', 'matched terms (field)', ''].map((t) => el('th', { scope: 'col' }, t)))), body);
}

/** Whether today's hits for a session's query are the ones the session got. */
function replayBanner(rp: ReplayView): HTMLElement {
  const text = rp.hitsRecorded ? rp.summary : 'The session did not record this search\'s hits (its query was read from the snippet): today\'s hits are below.';
  const kind = !rp.hitsRecorded ? 'info' : rp.same ? 'pass' : 'diff';
  return el('div', { class: `banner replay replay-${kind}`, role: 'status', 'data-testid': 'replay' },
    icon(kind === 'pass' ? 'pass' : kind === 'diff' ? 'diff' : 'info'),
    ` Replayed from ${rp.from}: ${text}`);
}

function resultsSection(): HTMLElement {
  const section = el('section', { 'aria-labelledby': 'results-h' }, el('h2', { id: 'results-h' }, 'Results'));
  if (queryError) {
    section.append(el('div', { class: 'banner error', role: 'alert' }, queryError));
    return section;
  }
  if (!results) {
    section.append(el('p', { class: 'muted empty', 'data-testid': 'empty' }, icon('info'), ' Type what a model would search for. The playground runs the same index the model searches, with the configured limit, and explains every hit.'));
    return section;
  }
  const r = results;
  if (replay && replay.query === r.query) {
    section.append(replayBanner(replay));
  }
  section.append(
    el('p', { class: 'summary', 'data-testid': 'summary' }, `${r.hits.length} hit${r.hits.length === 1 ? '' : 's'} for "${r.query}" (limit ${r.limit}) in ${r.ms.toFixed(1)} ms. `, el('span', { class: 'muted' }, 'Query terms: '), ...r.terms.map((t) => el('span', { class: `chip${t.expansion ? ' expansion' : ''}`, 'data-testid': 'query-term', title: `${t.expansion ? `expansion of ${t.from.join(', ')}, weight ${t.weight}` : `the index searches the stem "${t.term}" of ${t.from.join(', ')}`}; in ${t.documentFrequency} tool${t.documentFrequency === 1 ? '' : 's'}` }, ...termText(t)))),
  );
  if (r.unavailableServers.length > 0) {
    section.append(el('div', { class: 'banner warning' }, `Unavailable MCP servers (their tools cannot be found): ${r.unavailableServers.join(', ')}`));
  }
  if (r.hits.length === 0) {
    section.append(el('p', { class: 'muted empty', 'data-testid': 'no-hits' }, icon('circle-slash'), r.terms.length === 0 ? ' The query has no searchable terms (only stop words): the model gets no hits.' : ' No tool shares a term with this query: the model gets no hits (never an unranked list). Pick the tool you expected below and ask why.'));
  } else {
    section.append(hitRows(r.hits, 'hits'));
  }
  section.append(el('details', { class: 'json' }, el('summary', {}, 'What the model receives (compact JSON)'), el('pre', { 'data-testid': 'json', tabindex: '0' }, r.json)));
  return section;
}

// ---- why not ----

function pickTool(id: string): void {
  state.toolId = id;
  save();
  askWhyNot();
  render();
}

function toolPicker(): HTMLElement {
  const select = el('select', { id: 'tool', 'aria-label': 'Tool', 'data-testid': 'tool-picker' });
  select.append(el('option', { value: '' }, 'Pick a tool…'));
  for (const status of ['cataloged', 'direct-only', 'excluded']) {
    const tools = (info?.tools ?? []).filter((t) => t.status === status).sort((a, b) => a.name.localeCompare(b.name));
    if (tools.length === 0) continue;
    const group = el('optgroup', { label: status });
    for (const t of tools) {
      const o = el('option', { value: t.id }, `${t.name}  (${t.id})`);
      if (t.id === state.toolId) o.selected = true;
      group.append(o);
    }
    select.append(group);
  }
  select.addEventListener('change', () => {
    state.toolId = select.value;
    save();
  });
  const ask = button('Why is it not in the results?', 'Its rank for this query, the words it lacks, what ranks above it, and what would help', () => askWhyNot(), { icon: 'question', testid: 'why-not' });
  return el('div', { class: 'query-row' }, el('label', { for: 'tool' }, icon('symbol-method'), ' Tool'), select, ask);
}

function suggestionList(w: WhyNotView): HTMLElement {
  if (w.suggestions.length === 0) {
    return el('p', { class: 'muted' }, 'Nothing to suggest from the query alone.');
  }
  return el('ul', { class: 'suggestions', 'data-testid': 'suggestions' }, ...w.suggestions.map((s) => el('li', { 'data-kind': s.kind }, icon(s.kind === 'not-searchable' ? 'error' : 'lightbulb'), ' ', s.text)));
}

function learnedBlock(): HTMLElement | undefined {
  if (!learned || !whyNot || learned.toolId !== whyNot.tool.id) {
    return info?.sessions ? undefined : el('p', { class: 'muted small' }, 'No session logs in this workspace (sessions/ or .openclaw/sessions/): description suggestions learned from real searches appear here when there are some.');
  }
  const box = el('div', { class: 'learned', 'data-testid': 'learned' }, el('h3', {}, icon('history'), ` Learned from session logs (${learned.folders.join(', ')})`));
  const s = learned.suggestion;
  if (!s) {
    box.append(el('p', { class: 'muted' }, 'The logged searches give this tool no words to add.'));
    return box;
  }
  box.append(
    el('p', {}, `${s.queries} logged ${s.queries === 1 ? 'query' : 'queries'} led to this tool. Add `, el('code', { 'data-testid': 'learned-added' }, s.added.trim()), ` (${s.words.map((w) => `${w.word}: ${w.queries}`).join(', ')}).`),
    el('p', { class: 'muted' }, `Its logged queries: top-1 ${pct(s.before.top1)} → ${pct(s.after.top1)}, recall@5 ${pct(s.before.recall5)} → ${pct(s.after.recall5)}, with the ranking unchanged.`),
    s.action === 'apply'
      ? button('Apply to its definition', 'Edit the plugin manifest or client-tools file (undoable, left unsaved)', () => post({ type: 'applySuggestion', toolId: learned?.toolId ?? '' }), { icon: 'edit', testid: 'apply-learned' })
      : button('Copy the proposed description', `For the owner of this ${s.target} tool`, () => post({ type: 'copySuggestion', toolId: learned?.toolId ?? '' }), { icon: 'copy', testid: 'copy-learned' }),
  );
  return box;
}

function whyNotSection(): HTMLElement {
  const section = el('section', { 'aria-labelledby': 'whynot-h' }, el('h2', { id: 'whynot-h' }, 'Why is it not in the results?'), toolPicker());
  const w = whyNot;
  if (!w || w.tool.id !== state.toolId) {
    section.append(el('p', { class: 'muted empty' }, icon('info'), ' Pick any tool (searchable or not) and ask: you get its rank for the query, the words it lacks, the tools above it and what they matched, and what its owner could change.'));
    return section;
  }
  const where = w.tool.status !== 'cataloged' ? `is ${w.tool.status}: search never returns it` : w.rank === undefined ? 'does not match any term of the query' : w.inResults ? `ranks #${w.rank}, within the limit of ${w.limit}` : `ranks #${w.rank}, below the limit of ${w.limit}`;
  section.append(el('p', { class: `verdict ${w.inResults ? 'ok' : 'miss'}`, 'data-testid': 'verdict', role: 'status' }, icon(w.inResults ? 'pass' : 'warning'), ` ${w.tool.name} ${where} for "${w.query}".`));
  if (w.lacks.length > 0) {
    section.append(el('p', {}, 'It lacks the query words: ', ...w.lacks.map((x) => el('span', { class: 'chip missing' }, x))));
  }
  if (w.explanation) {
    section.append(el('h3', {}, 'What it matched'), hitRows([w.explanation], 'why-self'));
  }
  section.append(el('h3', {}, 'Suggestions'), suggestionList(w));
  const l = learnedBlock();
  if (l) section.append(l);
  if (w.above.length > 0) {
    section.append(el('h3', {}, `Above it (${w.aboveCount}${w.aboveCount > w.above.length ? `, first ${w.above.length}` : ''})`), hitRows(w.above, 'above'));
  }
  return section;
}

// ---- page ----

function header(): HTMLElement {
  const sub = info ? `${info.workspaceName ? `${info.workspaceName}: ` : ''}${info.size} searchable tools, search limit ${info.limit} (max ${info.maxLimit})` : '';
  return el(
    'div',
    { class: 'title-row' },
    el('div', {}, el('h1', {}, 'Search Playground'), el('p', { class: 'muted summary' }, sub)),
    el('div', { class: 'actions' }, button('Search tests', 'Open (or create) .openclaw/tool-search.tests.json, run from the Testing view', () => post({ type: 'openTests' }), { icon: 'beaker', cls: 'secondary' }), button('Refresh', 'Rebuild the catalog', () => post({ type: 'refresh' }), { icon: 'refresh', cls: 'secondary' })),
  );
}

function render(): void {
  const focused = document.activeElement?.id;
  app.replaceChildren(header(), queryRow(), resultsSection(), whyNotSection());
  if (focused) {
    const again = document.getElementById(focused);
    if (again instanceof HTMLInputElement || again instanceof HTMLSelectElement) {
      again.focus();
      if (again instanceof HTMLInputElement) again.setSelectionRange(again.value.length, again.value.length);
    }
  }
}

function status(message: string, kind: 'loading' | 'error'): void {
  app.replaceChildren(header(), el('div', { class: `banner ${kind === 'error' ? 'error' : ''}`, role: kind === 'error' ? 'alert' : 'status' }, kind === 'loading' ? icon('loading codicon-modifier-spin') : icon('error'), ` ${message}`));
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const msg = parseHostMessage(event.data);
  if (!msg) return;
  switch (msg.type) {
    case 'loading':
      status('Building the catalog…', 'loading');
      return;
    case 'error':
      status(msg.message, 'error');
      return;
    case 'catalog':
      info = msg.info;
      render();
      // A restored panel, or a rebuilt catalog: run what the box holds again.
      if (state.query.trim()) {
        runQuery();
        askWhyNot();
      }
      return;
    case 'results':
      results = msg.view;
      queryError = undefined;
      render();
      return;
    case 'queryError':
      queryError = msg.message;
      render();
      return;
    case 'whyNot':
      whyNot = msg.view;
      learned = undefined;
      render();
      return;
    case 'learned':
      learned = msg.view;
      render();
      return;
    case 'replay':
      replay = msg.view;
      render();
      return;
    case 'setQuery':
      state = { query: msg.query, toolId: msg.toolId ?? state.toolId };
      save();
      render();
      runQuery();
      if (msg.toolId) askWhyNot();
      return;
  }
});

post({ type: 'ready' });
