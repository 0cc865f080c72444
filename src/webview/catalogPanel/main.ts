// The Effective Catalog webview. Talks to the host only through the shared
// protocol; builds DOM with textContent (tool text is untrusted input).
import {
  parseHostMessage,
  parsePanelState,
  type CatalogSnapshot,
  type PanelState,
  type SourceRow,
  type ToolRow,
  type WebviewMessage,
} from '../shared/catalogProtocol';
import { el, hostApi } from '../shared/dom';

const vscode = hostApi<WebviewMessage, PanelState>();
const app = document.getElementById('app') as HTMLElement;
let state: PanelState = parsePanelState(vscode.getState());
type StatusFilter = 'all' | ToolRow['status'];
let statusFilter: StatusFilter = 'all';

const SOURCE_TITLES: Record<ToolRow['source'], string> = { openclaw: 'OpenClaw', mcp: 'MCP', client: 'Client' };

function save(): void {
  vscode.setState(state);
}

function button(label: string, title: string, onClick: () => void, cls = ''): HTMLButtonElement {
  const b = el('button', { type: 'button', title, class: cls }, label);
  b.addEventListener('click', onClick);
  return b;
}

function header(s: CatalogSnapshot): HTMLElement {
  const summary = el('p', { class: 'summary', 'data-testid': 'summary' },
    el('span', { class: 'pill mode' }, `mode: ${s.mode}${s.configured ? '' : ' (not configured)'}`), ' ',
    ...(s.openclawVersion ? [el('span', { class: 'pill', 'data-testid': 'openclaw-version', title: 'The OpenClaw version whose tool tables and defaults are modelled' }, `OpenClaw ${s.openclawVersion}`), ' '] : []),
    el('strong', { 'data-testid': 'catalog-size' }, String(s.size)), ` tools in the catalog (openclaw ${s.counts.openclaw}, mcp ${s.counts.mcp}, client ${s.counts.client}) · `,
    `${s.directOnly} direct-only · ${s.excluded} excluded`);
  const h = el('header', {},
    el('div', { class: 'title-row' },
      el('h1', {}, `Effective Catalog${s.workspaceName ? ` — ${s.workspaceName}` : ''}`),
      button('Refresh', 'Rebuild the catalog', () => vscode.postMessage({ type: 'refresh' }))),
    summary);
  if (!s.trusted) {
    h.append(el('p', { class: 'banner warning', role: 'status' }, 'Workspace not trusted: MCP servers and plugin code are off. Only configs and snapshots were read.'));
  }
  for (const p of s.problems) {
    h.append(el('p', { class: 'banner error' }, p));
  }
  return h;
}

function sourcesTable(rows: SourceRow[]): HTMLElement {
  const body = el('tbody');
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
  return el('section', { 'aria-labelledby': 'by-source' },
    el('h2', { id: 'by-source' }, 'By source'),
    el('table', { class: 'grid', 'data-testid': 'sources' },
      el('thead', {}, el('tr', {}, ...['Source', 'Name', 'Cataloged', 'Direct-only', 'Excluded', 'Status'].map((c) => el('th', { scope: 'col' }, c)))),
      body));
}

function matches(t: ToolRow, filter: string): boolean {
  if (statusFilter !== 'all' && t.status !== statusFilter) {
    return false;
  }
  if (!filter) {
    return true;
  }
  const f = filter.toLowerCase();
  return [t.name, t.id, t.sourceName, t.description, t.reason ?? ''].some((v) => v.toLowerCase().includes(f));
}

function toolsTable(s: CatalogSnapshot): HTMLElement {
  const body = el('tbody');
  const count = el('span', { class: 'muted', 'aria-live': 'polite' });
  const fill = () => {
    body.replaceChildren();
    const shown = s.tools.filter((t) => matches(t, state.filter));
    for (const t of shown) {
      const name = button(t.name, `Explain ${t.name}`, () => vscode.postMessage({ type: 'explain', toolId: t.id }), 'link');
      const cells: (Node | string)[] = [name];
      if (t.origin) {
        cells.push(' ', button('source', `Open ${t.origin}`, () => vscode.postMessage({ type: 'openDefinition', toolId: t.id }), 'link small'));
      }
      body.append(el('tr', { class: `row-${t.status}`, 'data-tool-id': t.id },
        el('td', {}, el('span', { class: `pill status-${t.status}` }, t.status)),
        el('td', {}, ...cells),
        el('td', {}, `${SOURCE_TITLES[t.source]} · ${t.sourceName}`),
        el('td', { class: 'desc' }, t.status === 'cataloged' ? t.description : (t.reason ?? t.status))));
    }
    count.textContent = `${shown.length} of ${s.tools.length} tools`;
    if (shown.length === 0) {
      body.append(el('tr', {}, el('td', { colspan: '4', class: 'muted' }, 'No tool matches the filter.')));
    }
  };
  const input = el('input', { type: 'search', id: 'filter', placeholder: 'Filter by name, source, description or reason', 'aria-label': 'Filter tools' });
  input.value = state.filter;
  input.addEventListener('input', () => {
    state = { ...state, filter: input.value };
    save();
    fill();
  });
  const select = el('select', { id: 'status-filter', 'aria-label': 'Filter by status' },
    ...(['all', 'cataloged', 'direct-only', 'excluded'] as const).map((v) => el('option', { value: v }, v === 'all' ? 'All statuses' : v)));
  select.value = statusFilter;
  select.addEventListener('change', () => {
    statusFilter = select.value as StatusFilter;
    fill();
  });
  fill();
  return el('section', { 'aria-labelledby': 'tools' },
    el('h2', { id: 'tools' }, 'Tools'),
    el('div', { class: 'toolbar' }, input, select, count),
    el('table', { class: 'grid', 'data-testid': 'tools' },
      el('thead', {}, el('tr', {}, ...['Status', 'Name', 'Source', 'Description / reason'].map((c) => el('th', { scope: 'col' }, c)))),
      body));
}

function emptyState(s: CatalogSnapshot): HTMLElement {
  return el('section', { class: 'empty' },
    el('h2', {}, 'No tools yet'),
    el('p', {}, `Nothing offered tools in ${s.workspaceName || 'this workspace'}. Add an openclaw.json (or .openclaw/openclaw.json) with MCP servers or plugins, a .openclaw/client-tools.json, or an MCP snapshot in the "toolSearchInspector.snapshots" setting, then refresh.`),
    button('Refresh', 'Rebuild the catalog', () => vscode.postMessage({ type: 'refresh' })));
}

function render(s: CatalogSnapshot): void {
  state = { ...state, snapshot: s };
  save();
  app.replaceChildren(header(s), ...(s.tools.length === 0 ? [emptyState(s)] : [sourcesTable(s.sources), toolsTable(s)]));
}

function renderMessage(text: string, cls: string): void {
  app.replaceChildren(el('p', { class: cls, role: 'status' }, text),
    button('Retry', 'Rebuild the catalog', () => vscode.postMessage({ type: 'refresh' })));
}

window.addEventListener('message', (e: MessageEvent<unknown>) => {
  const msg = parseHostMessage(e.data);
  if (!msg) {
    return;
  }
  switch (msg.type) {
    case 'catalog':
      render(msg.snapshot);
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
