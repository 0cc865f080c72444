// The Effective Catalog webview. Talks to the host only through the shared
// protocol; builds DOM with textContent (tool text is untrusted input).
// The tools table is virtualised: only the rows in view (plus an overscan)
// are in the DOM, so 10,000 tools render and filter as fast as 100.
import type { FacetCounts } from '../shared/catalogFacets';
import { parseHostMessage, parsePanelState, type CallResultView, type CatalogSnapshot, type LocationView, type PanelState, type SourceKindView, type SourceRow, type StaleSnapshot, type ToolRow, type ToolStatusView, type WebviewMessage } from '../shared/catalogProtocol';
import { el, hostApi, icon, shownText } from '../shared/dom';
import { detailPane } from './detailPane';
import { nextSort, ownerKey, rowText, SORT_COLUMNS, toggled, ToolTable, type Facets, type SortColumn, type SortOrder } from './tableModel';
import { recordCall, tryItSection } from './tryIt';
import { keyTarget, rowWindow, scrollToReveal } from './virtualWindow';
import { ALWAYS_SENT, STATUS } from '../../core/vocabulary';

const vscode = hostApi<WebviewMessage, PanelState>();
const app = document.getElementById('app') as HTMLElement;
let state: PanelState = parsePanelState(vscode.getState());

const SOURCE_TITLES: Record<SourceKindView, string> = { openclaw: 'OpenClaw', mcp: 'MCP', client: 'Client' };
const COLUMN_TITLES: Record<SortColumn, string> = { status: 'Status', name: 'Name', source: 'Source', description: 'Description / reason' };
/** Row height in pixels; the stylesheet sets the same (one line per row). */
const ROW_HEIGHT = 26;
const OVERSCAN = 12;
/** Above this many sources the "By source" table starts folded (it is rendered when opened). */
const SOURCES_OPEN_MAX = 40;

let table: ToolTable | undefined;
let facets: Facets = { sources: new Set(), statuses: new Set(), owners: new Set() };
let sort: SortOrder | undefined;
/** Row indices shown, in order. */
let shown: number[] = [];
/** Position in `shown` of the keyboard's active row. */
let active = 0;
let selected: string | undefined = state.selected;
let tryHooks: ReturnType<typeof tryItSection> | undefined;

/** A head of a large catalog: what `render` draws before the rest is here. */
interface HeadPart {
  seq: number;
  total: number;
  facets: FacetCounts;
  /** When the host posted the head: `complete` is timed from it too. */
  postedAt?: number;
}
/**
 * Set while only the head of a large catalog is here: its number, how many
 * tools there are in all, and their facet counts (the host's). Filter, facets
 * and sort wait for the rest rather than show counts of a part.
 */
let partial: HeadPart | undefined;

// The table's parts, made once per render of a catalog.
let scroller: HTMLElement | undefined;
let tbody: HTMLElement | undefined;
let countEl: HTMLElement | undefined;
let detailEl: HTMLElement | undefined;
let tableEl: HTMLElement | undefined;
const headerCells = new Map<SortColumn, HTMLElement>();

/**
 * Above this many tools the snapshot is not kept in the webview state:
 * serializing megabytes on every keystroke would cost more than the filter;
 * a reload then waits for the host's catalog instead of showing the last one.
 */
const STATE_SNAPSHOT_MAX = 2000;

function save(): void {
  // A head is no catalog to come back to.
  const keep = !partial && state.snapshot && state.snapshot.tools.length <= STATE_SNAPSHOT_MAX;
  vscode.setState(keep ? state : { ...state, snapshot: undefined });
}

/**
 * Marks a measured step on <body> (the benchmark and the UI test read these),
 * in the frame after it was drawn. `render` is the first table painted (a
 * head or a whole catalog), `complete` the whole catalog in the table.
 */
function mark(name: 'render' | 'filter' | 'complete', t0: number, postedAt?: number, painted?: () => void): void {
  requestAnimationFrame(() => {
    setTimeout(() => {
      const ds = document.body.dataset;
      ds[`${name}Ms`] = (performance.now() - t0).toFixed(1);
      ds[`${name}s`] = String(Number(ds[`${name}s`] ?? '0') + 1);
      if (postedAt !== undefined) {
        ds[name === 'complete' ? 'postToCompleteMs' : 'postToPaintMs'] = String(Date.now() - postedAt);
      }
      painted?.();
    }, 0);
  });
}

function button(label: (Node | string)[], title: string, onClick: () => void, cls = '', attrs: Record<string, string> = {}): HTMLButtonElement {
  const b = el('button', { type: 'button', title, class: cls, ...attrs }, ...label);
  b.addEventListener('click', onClick);
  return b;
}

function openLocation(loc: Pick<LocationView, 'file' | 'line'> & { column?: number }): void {
  vscode.postMessage({ type: 'openLocation', file: loc.file, ...(loc.line !== undefined ? { line: loc.line } : {}), ...(loc.column !== undefined ? { column: loc.column } : {}) });
}

/** The config stopped parsing: say what is shown instead, and link the parse error. */
function staleBanner(stale: StaleSnapshot): HTMLElement {
  const link = button([icon('go-to-file'), ` ${stale.where}`], `Open ${stale.where}`, () => openLocation(stale), 'link', { 'data-testid': 'stale-link' });
  return el('div', { class: 'banner warning stale', role: 'alert', 'data-testid': 'stale' },
    icon('warning'),
    stale.lastGood ? ' The config does not parse: this is the last good catalog. ' : ' The config does not parse: this catalog ignores the whole file. ',
    link, ` ${stale.message}`);
}

/**
 * The reason cell: the rule that decided the tool first (a link to where it
 * is written; a built-in rule is plain text), then the reason in words.
 */
function reasonCell(t: ToolRow, text: string): HTMLElement {
  const td = el('td', { class: 'reason', title: t.rule ? `${t.rule.text}: ${text}` : text });
  const rule = t.rule;
  if (rule?.file !== undefined) {
    const file = rule.file;
    td.append(button([rule.text], `Go to the rule: ${rule.text}`, () => openLocation({ file, line: rule.line, column: rule.column }), 'link rule-link', { 'data-testid': 'rule-link' }), ' ');
  } else if (rule) {
    td.append(el('span', { class: 'rule-builtin', 'data-testid': 'rule-builtin' }, rule.text), ' ');
  }
  td.append(shownText(text));
  return td;
}

function header(s: CatalogSnapshot): HTMLElement {
  const summary = el('p', { class: 'summary', 'data-testid': 'summary' },
    el('span', { class: 'pill mode' }, `mode: ${s.mode}${s.configured ? '' : ' (not configured)'}`), ' ',
    ...(s.openclawVersion ? [el('span', { class: 'pill', 'data-testid': 'openclaw-version', title: s.openclawVersionSource ? `Modelling ${s.openclawVersionSource}` : 'The OpenClaw version whose tool tables and defaults are modelled' }, `OpenClaw ${s.openclawVersion}`), ' '] : []),
    el('strong', { 'data-testid': 'catalog-size' }, String(s.size)), ` tools in the catalog (openclaw ${s.counts.openclaw}, mcp ${s.counts.mcp}, client ${s.counts.client}) · `,
    el('span', { title: `${STATUS['direct-only'].label}: ${STATUS['direct-only'].meaning}` }, `${s.directOnly} ${STATUS['direct-only'].label}`), ' · ',
    ...(s.alwaysSent !== undefined ? [el('span', { 'data-testid': 'always-sent', title: ALWAYS_SENT.meaning }, `${s.alwaysSent} ${ALWAYS_SENT.label}`), ' · '] : []),
    `${s.excluded} ${STATUS.excluded.label}`);
  const h = el('header', {},
    el('div', { class: 'title-row' },
      el('h1', {}, `Effective Catalog${s.workspaceName ? ` — ${s.workspaceName}` : ''}`),
      button([icon('refresh'), ' Refresh'], 'Rebuild the catalog', () => vscode.postMessage({ type: 'refresh' }))),
    summary);
  if (s.stale) {
    h.append(staleBanner(s.stale));
  }
  if (!s.trusted) {
    h.append(el('p', { class: 'banner warning', role: 'status' }, 'Workspace not trusted: MCP servers and plugin code are off. Only configs and snapshots were read.'));
  }
  s.problems.forEach((p, i) => {
    const loc = s.problemLocations?.[i];
    h.append(loc
      ? button([icon('error'), ` ${p}`], `Open ${loc.label}`, () => openLocation(loc), 'banner error clickable', { 'data-testid': 'problem' })
      : el('p', { class: 'banner error', 'data-testid': 'problem' }, icon('error'), ` ${p}`));
  });
  return h;
}

function sourcesTable(rows: SourceRow[]): HTMLElement {
  const body = el('tbody');
  const fill = () => {
    for (const r of rows) {
      const status = r.status ? el('span', { class: `pill status-${r.status}`, title: r.error ?? r.status }, r.status) : '';
      body.append(el('tr', {},
        el('td', {}, SOURCE_TITLES[r.source]),
        el('td', {}, r.sourceName),
        el('td', { class: 'num' }, String(r.cataloged)),
        el('td', { class: 'num' }, String(r.directOnly)),
        el('td', { class: 'num' }, String(r.excluded)),
        el('td', {}, status, r.error ? el('span', { class: 'error-text' }, ` ${r.error}`) : '')));
    }
  };
  const details = el('details', { class: 'sources' },
    el('summary', {}, el('h2', { id: 'by-source' }, `By source (${rows.length})`)),
    el('div', { class: 'sources-scroll' },
      el('table', { class: 'grid', 'data-testid': 'sources', 'aria-labelledby': 'by-source' },
        el('thead', {}, el('tr', {}, ...['Source', 'Name', 'Cataloged', 'Direct-only', 'Excluded', 'Status'].map((c) => el('th', { scope: 'col' }, c)))),
        body)));
  // Hundreds of servers cost render time nobody asked for: rendered on first open.
  if (rows.length <= SOURCES_OPEN_MAX) {
    fill();
    details.open = true;
  } else {
    details.addEventListener('toggle', () => {
      if (details.open && body.childElementCount === 0) {
        fill();
      }
    });
  }
  return details;
}

function facetChip<K extends string>(label: string, count: number, key: K, set: () => ReadonlySet<K>, apply: (next: Set<K>) => void, testId: string): HTMLButtonElement {
  const b = button([label, el('span', { class: 'count' }, String(count))], `Show only ${label} (toggle)`, () => {
    const next = toggled(set(), key);
    apply(next);
    b.setAttribute('aria-pressed', String(next.has(key)));
  }, 'chip', { 'aria-pressed': String(set().has(key)), 'data-testid': testId, 'data-key': key });
  return b;
}

function facetBar(t: ToolTable): HTMLElement {
  const counts = partial?.facets ?? t.facetCounts();
  const sourceChips = counts.sources.map((c) => facetChip(SOURCE_TITLES[c.key as SourceKindView] ?? c.key, c.count, c.key as SourceKindView, () => facets.sources, (n) => {
    facets = { ...facets, sources: n };
    refill();
  }, `facet-source-${c.key}`));
  const statusChips = counts.statuses.map((c) => facetChip(c.key, c.count, c.key as ToolStatusView, () => facets.statuses, (n) => {
    facets = { ...facets, statuses: n };
    refill();
  }, `facet-status-${c.key}`));
  const owner = el('select', { id: 'owner-filter', 'aria-label': 'Filter by server or plugin', 'data-testid': 'facet-owner' },
    el('option', { value: '' }, `All servers and plugins (${counts.owners.length})`),
    ...counts.owners.map((o) => el('option', { value: o.key }, `${SOURCE_TITLES[o.key.split('\u0000')[0] as SourceKindView] ?? ''} · ${o.label} (${o.count})`)));
  owner.value = [...facets.owners][0] ?? '';
  owner.addEventListener('change', () => {
    facets = { ...facets, owners: owner.value ? new Set([owner.value]) : new Set() };
    refill();
  });
  return el('div', { class: 'facets', role: 'group', 'aria-label': 'Facets' },
    el('span', { class: 'facet-label' }, 'Source'), ...sourceChips,
    el('span', { class: 'facet-label' }, 'Status'), ...statusChips,
    owner);
}

function headerRow(): HTMLElement {
  headerCells.clear();
  const cells = SORT_COLUMNS.map((c) => {
    const b = button([COLUMN_TITLES[c], icon('arrow-both')], `Sort by ${COLUMN_TITLES[c].toLowerCase()}`, () => {
      sort = nextSort(sort, c);
      refill();
    }, 'sort', { 'data-testid': `sort-${c}` });
    const th = el('th', { scope: 'col', class: `col-${c}`, 'aria-sort': 'none' }, b);
    headerCells.set(c, th);
    return th;
  });
  return el('thead', {}, el('tr', {}, ...cells));
}

function syncSortHeader(): void {
  for (const [c, th] of headerCells) {
    const dir = sort?.column === c ? sort.direction : undefined;
    th.setAttribute('aria-sort', dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none');
    const glyph = th.querySelector('.codicon');
    if (glyph) {
      glyph.className = `codicon codicon-${dir === 'asc' ? 'arrow-up' : dir === 'desc' ? 'arrow-down' : 'arrow-both'}`;
    }
  }
}

function rowOf(t: ToolRow, pos: number): HTMLElement {
  const explain = button([icon('question')], `Explain ${t.name}`, () => vscode.postMessage({ type: 'explain', toolId: t.id }), 'icon', { 'aria-label': `Explain ${t.name}` });
  const text = rowText(t);
  const tr = el('tr', {
    class: `row-${t.status}${t.id === selected ? ' selected' : ''}`,
    'data-tool-id': t.id,
    'data-pos': String(pos),
    'aria-rowindex': String(pos + 2),
    'aria-selected': String(t.id === selected),
    tabindex: pos === active ? '0' : '-1',
  },
  el('td', {}, el('span', { class: `pill status-${t.status}` }, t.status)),
  el('td', { class: 'name' }, el('span', { class: 'tool-name' }, t.name), ' ', explain),
  el('td', { class: 'src', title: `${SOURCE_TITLES[t.source]} · ${t.sourceName}` }, `${SOURCE_TITLES[t.source]} · ${t.sourceName}`),
  t.status === 'cataloged' ? el('td', { class: 'desc', title: text }, text) : reasonCell(t, text));
  return tr;
}

/** A row standing in for rows out of view. Sized through CSSOM: the CSP refuses style attributes. */
function spacer(height: number): HTMLElement {
  const tr = el('tr', { class: 'spacer', 'aria-hidden': 'true' });
  tr.style.height = `${height}px`;
  return tr;
}

/** Draws the rows in view; called on scroll, resize, filter, sort and facet changes. */
function drawWindow(): void {
  if (!scroller || !tbody || !table) {
    return;
  }
  const head = scroller.querySelector('thead');
  const headH = head instanceof HTMLElement ? head.offsetHeight : ROW_HEIGHT;
  const w = rowWindow({ count: shown.length, rowHeight: ROW_HEIGHT, scrollTop: scroller.scrollTop, viewportHeight: Math.max(0, scroller.clientHeight - headH), overscan: OVERSCAN });
  const rows: HTMLElement[] = [];
  if (w.padTop > 0) {
    rows.push(spacer(w.padTop));
  }
  for (let pos = w.start; pos < w.end; pos++) {
    const t = table.rows[shown[pos] as number];
    if (t) {
      rows.push(rowOf(t, pos));
    }
  }
  if (w.padBottom > 0) {
    rows.push(spacer(w.padBottom));
  }
  if (partial) {
    const rest = partial.total - table.rows.length;
    rows.push(el('tr', { class: 'empty-row', 'data-testid': 'loading-rest' }, el('td', { colspan: '4', class: 'muted', role: 'status' },
      icon('loading codicon-modifier-spin'), shown.length > 0
        ? ` Loading the other ${rest.toLocaleString('en')} tools…`
        : ` Loading all ${partial.total.toLocaleString('en')} tools: the filter, facets and sort apply when they are here.`)));
  } else if (shown.length === 0) {
    const any = state.filter || facets.sources.size + facets.statuses.size + facets.owners.size > 0;
    rows.push(el('tr', { class: 'empty-row' }, el('td', { colspan: '4', class: 'muted' }, any ? 'No tool matches the filter and facets. Clear them to see every tool.' : 'No tools.')));
  }
  tbody.replaceChildren(...rows);
}

function queryActive(): boolean {
  return state.filter.trim() !== '' || sort !== undefined || facets.sources.size + facets.statuses.size + facets.owners.size > 0;
}

/** Re-runs the query (filter, facets, sort) and redraws; `keepScroll` when the rows in view stay where they were. */
function refill(keepScroll = false): void {
  if (!table) {
    return;
  }
  // A part of the catalog answers no query truthfully: show its first rows as they are, or nothing until the rest is here.
  shown = !partial ? table.query({ filter: state.filter, facets, sort }) : queryActive() ? [] : Array.from(table.rows.keys());
  active = Math.min(active, Math.max(0, shown.length - 1));
  if (countEl) {
    countEl.textContent = !partial
      ? `${shown.length.toLocaleString('en')} of ${table.rows.length.toLocaleString('en')} tools`
      : `loading all ${partial.total.toLocaleString('en')} tools (${table.rows.length.toLocaleString('en')} here)`;
  }
  tableEl?.setAttribute('aria-rowcount', String((partial && !queryActive() ? partial.total : shown.length) + 1));
  tableEl?.setAttribute('aria-busy', String(partial !== undefined));
  syncSortHeader();
  if (scroller && !keepScroll) {
    scroller.scrollTop = 0;
    active = 0;
  }
  drawWindow();
}

function focusRow(pos: number): void {
  if (!scroller || !tbody) {
    return;
  }
  active = pos;
  const headH = (scroller.querySelector('thead') as HTMLElement | null)?.offsetHeight ?? ROW_HEIGHT;
  const to = scrollToReveal(pos, ROW_HEIGHT, scroller.scrollTop, scroller.clientHeight - headH);
  if (to !== undefined) {
    scroller.scrollTop = to;
  }
  drawWindow();
  (tbody.querySelector(`tr[data-pos="${pos}"]`) as HTMLElement | null)?.focus();
}

function select(toolId: string): void {
  selected = toolId;
  state = { ...state, selected: toolId };
  save();
  for (const tr of tbody?.querySelectorAll('tr.selected') ?? []) {
    tr.classList.remove('selected');
    tr.setAttribute('aria-selected', 'false');
  }
  const tr = tbody?.querySelector(`tr[data-tool-id="${CSS.escape(toolId)}"]`);
  tr?.classList.add('selected');
  tr?.setAttribute('aria-selected', 'true');
  if (detailEl) {
    detailEl.hidden = false;
    detailEl.replaceChildren(el('p', { class: 'muted', role: 'status' }, 'Loading the tool…'));
  }
  vscode.postMessage({ type: 'select', toolId });
}

function closeDetail(): void {
  selected = undefined;
  state = { ...state, selected: undefined };
  save();
  tryHooks = undefined;
  if (detailEl) {
    detailEl.hidden = true;
    detailEl.replaceChildren();
  }
  drawWindow();
  focusRow(active);
}

function toolsSection(s: CatalogSnapshot): HTMLElement {
  table = new ToolTable(s.tools);
  const input = el('input', { type: 'search', id: 'filter', placeholder: 'Filter by name, id, source, description or reason', 'aria-label': 'Filter tools', 'aria-controls': 'tools-table' });
  input.value = state.filter;
  input.addEventListener('input', () => {
    const t0 = performance.now();
    state = { ...state, filter: input.value };
    save();
    refill();
    mark('filter', t0);
  });
  countEl = el('span', { class: 'muted', 'aria-live': 'polite', 'data-testid': 'tool-count' });
  tbody = el('tbody');
  tableEl = el('table', { class: 'grid tools', id: 'tools-table', 'data-testid': 'tools', 'aria-label': 'Tools' },
    el('colgroup', {}, el('col', { class: 'c-status' }), el('col', { class: 'c-name' }), el('col', { class: 'c-source' }), el('col', { class: 'c-desc' })),
    headerRow(), tbody);
  scroller = el('div', { class: 'table-scroll', 'data-testid': 'tools-scroll' }, tableEl);
  let pending = false;
  scroller.addEventListener('scroll', () => {
    if (!pending) {
      pending = true;
      requestAnimationFrame(() => {
        pending = false;
        drawWindow();
      });
    }
  });
  tbody.addEventListener('click', (e) => {
    const target = e.target as HTMLElement;
    if (target.closest('button')) {
      return;
    }
    const tr = target.closest('tr[data-tool-id]');
    if (tr instanceof HTMLElement && tr.dataset.toolId) {
      active = Number(tr.dataset.pos ?? '0');
      select(tr.dataset.toolId);
    }
  });
  tbody.addEventListener('keydown', (e) => {
    const tr = (e.target as HTMLElement).closest('tr[data-tool-id]');
    if (!(tr instanceof HTMLElement) || (e.target as HTMLElement).closest('button')) {
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (tr.dataset.toolId) {
        select(tr.dataset.toolId);
      }
      return;
    }
    const page = Math.max(1, Math.floor((scroller?.clientHeight ?? 0) / ROW_HEIGHT) - 1);
    const to = keyTarget(e.key, Number(tr.dataset.pos ?? '0'), shown.length, page);
    if (to !== undefined) {
      e.preventDefault();
      focusRow(to);
    }
  });
  new ResizeObserver(() => drawWindow()).observe(scroller);
  detailEl = el('aside', { class: 'detail', 'data-testid': 'detail', 'aria-labelledby': 'detail-title' });
  detailEl.hidden = true;
  detailEl.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      closeDetail();
    }
  });
  const t = table;
  return el('section', { class: 'tools-section', 'aria-labelledby': 'tools' },
    el('div', { class: 'toolbar' }, el('h2', { id: 'tools' }, 'Tools'), input, countEl),
    facetBar(t),
    el('div', { class: 'split' }, scroller, detailEl));
}

function emptyState(s: CatalogSnapshot): HTMLElement {
  return el('section', { class: 'empty' },
    el('h2', {}, 'No tools yet'),
    el('p', {}, `Nothing offered tools in ${s.workspaceName || 'this workspace'}. Add an openclaw.json (or .openclaw/openclaw.json) with MCP servers or plugins, a .openclaw/client-tools.json, or an MCP snapshot in the "toolSearchInspector.snapshots" setting, then refresh.`),
    button([icon('refresh'), ' Refresh'], 'Rebuild the catalog', () => vscode.postMessage({ type: 'refresh' })));
}

function render(s: CatalogSnapshot, postedAt?: number, t0 = performance.now(), head?: HeadPart): void {
  partial = head;
  state = { ...state, snapshot: s };
  save();
  if (s.tools.length === 0 && !head) {
    table = undefined;
    app.replaceChildren(header(s), emptyState(s));
    mark('render', t0, postedAt);
    mark('complete', t0, postedAt);
    return;
  }
  app.replaceChildren(header(s), sourcesTable(s.sources), toolsSection(s));
  // A facet may name a server that went away: keep only the ones still there (a head's rows do not name them all; its counts do).
  const owners = new Set(head ? head.facets.owners.map((o) => o.key) : s.tools.map(ownerKey));
  facets = { ...facets, owners: new Set([...facets.owners].filter((o) => owners.has(o))) };
  refill();
  // The host has the whole catalog: a selected tool's detail need not wait for its row.
  if (selected && (head || s.tools.some((t) => t.id === selected))) {
    select(selected);
  } else {
    selected = undefined;
  }
  if (head) {
    mark('render', t0, postedAt, () => vscode.postMessage({ type: 'headShown', seq: head.seq }));
  } else {
    mark('render', t0, postedAt);
    mark('complete', t0, postedAt);
  }
}

/**
 * The rest of the catalog whose head is shown: the table takes every row in
 * place (the header, the facet bar and the filter box stay, focus and typing
 * included), and whatever filter, facets or sort were chosen meanwhile apply.
 */
function complete(s: CatalogSnapshot, t0: number): void {
  const hadQuery = queryActive();
  const postedAt = partial?.postedAt;
  partial = undefined;
  state = { ...state, snapshot: s };
  save();
  table = new ToolTable(s.tools);
  const owners = new Set(s.tools.map(ownerKey));
  facets = { ...facets, owners: new Set([...facets.owners].filter((o) => owners.has(o))) };
  // The head was the first rows of this same order: rows in view stay put.
  refill(!hadQuery);
  if (selected && !s.tools.some((t) => t.id === selected)) {
    closeDetail();
  }
  mark('complete', t0, postedAt);
}

function renderMessage(text: string, cls: string): void {
  app.replaceChildren(el('p', { class: cls, role: 'status' }, text),
    button([icon('refresh'), ' Retry'], 'Rebuild the catalog', () => vscode.postMessage({ type: 'refresh' })));
}

function showDetail(msg: Extract<ReturnType<typeof parseHostMessage>, { type: 'detail' }>): void {
  const d = msg.detail;
  if (!detailEl || d.toolId !== selected) {
    return;
  }
  tryHooks = tryItSection(d, {
    validate: (toolId, seq, args) => vscode.postMessage({ type: 'validate', toolId, seq, args }),
    call: (toolId, args) => vscode.postMessage({ type: 'call', toolId, args }),
  });
  detailEl.replaceChildren(detailPane(d, {
    open: openLocation,
    explain: (toolId) => vscode.postMessage({ type: 'explain', toolId }),
    applySuggestion: (toolId) => vscode.postMessage({ type: 'applySuggestion', toolId }),
    copySuggestion: (toolId) => vscode.postMessage({ type: 'copySuggestion', toolId }),
    close: closeDetail,
  }, tryHooks.element));
  detailEl.scrollTop = 0;
}

function onCallResult(r: CallResultView): void {
  recordCall(r);
  if (r.toolId === selected) {
    tryHooks?.onResult(r);
  }
}

window.addEventListener('message', (e: MessageEvent<unknown>) => {
  // Timed from arrival: parsing the catalog's JSON is part of its render.
  const received = performance.now();
  const msg = parseHostMessage(e.data);
  if (!msg) {
    return;
  }
  switch (msg.type) {
    case 'catalogHead':
      render(msg.snapshot, msg.postedAt, received, { seq: msg.seq, total: msg.total, facets: msg.facets, postedAt: msg.postedAt });
      break;
    case 'catalog':
      if (partial && table && msg.seq === partial.seq) {
        complete(msg.snapshot, received);
      } else {
        render(msg.snapshot, msg.postedAt, received);
      }
      break;
    case 'detail':
      showDetail(msg);
      break;
    case 'detailError':
      if (detailEl && msg.toolId === selected) {
        detailEl.replaceChildren(el('p', { class: 'banner error', role: 'status' }, msg.message));
      }
      break;
    case 'validation':
      if (msg.toolId === selected) {
        tryHooks?.onValidation(msg.seq, msg.problem);
      }
      break;
    case 'callResult':
      onCallResult(msg.result);
      break;
    case 'loading':
      if (!state.snapshot) {
        app.replaceChildren(el('p', { class: 'muted', role: 'status' }, 'Building the catalog…'));
      }
      break;
    case 'error':
      renderMessage(`Could not build the catalog: ${msg.message}`, 'banner error');
      break;
  }
});

// Show what we had at once (hide/show, reload), then ask for fresh data.
if (state.snapshot) {
  render(state.snapshot);
}
vscode.postMessage({ type: 'ready' });
