// The Catalog Diff webview. Talks to the host only through the shared
// protocol; builds DOM with textContent (tool names and reasons are untrusted).
import { parseHostMessage, type DiffView, type ModeChangeView, type ToolChangeView, type WebviewMessage } from '../shared/diffProtocol';
import { el, hostApi, icon } from '../shared/dom';

// The diff keeps no saved state: the host sends the whole view on every `ready`.
const vscode = hostApi<WebviewMessage, never>();
const app = document.getElementById('app') as HTMLElement;

const CHANGE_TITLES: Record<ToolChangeView['change'], string> = {
  excluded: 'newly excluded',
  readmitted: 're-admitted',
  added: 'added',
  removed: 'removed',
  status: 'status changed',
  schema: 'schema changed',
  description: 'description changed',
};
const CHANGE_ICONS: Record<ToolChangeView['change'], string> = {
  excluded: 'circle-slash',
  readmitted: 'pass',
  added: 'diff-added',
  removed: 'diff-removed',
  status: 'arrow-swap',
  schema: 'symbol-structure',
  description: 'note',
};

function signed(n: number): string {
  return n > 0 ? `+${n.toLocaleString('en-US')}` : n.toLocaleString('en-US');
}

function deltaCell(a: number, b: number, delta: number, testid: string): HTMLElement {
  const cls = delta > 0 ? 'delta up' : delta < 0 ? 'delta down' : 'delta';
  return el('td', { class: 'num' }, `${a.toLocaleString('en-US')} → ${b.toLocaleString('en-US')} `, el('span', { class: cls, 'data-testid': testid }, `(${signed(delta)})`));
}

function button(label: string, codicon: string, msg: WebviewMessage, testid: string): HTMLButtonElement {
  const b = el('button', { type: 'button', 'data-testid': testid }, icon(codicon), ` ${label}`);
  b.addEventListener('click', () => vscode.postMessage(msg));
  return b;
}

function ruleCell(t: ToolChangeView): HTMLElement {
  const td = el('td', { class: 'why' });
  if (t.rule) {
    const { file, line } = t.rule;
    const label = `${t.rule.layer}: ${t.rule.rule}`;
    if (file !== undefined && line !== undefined) {
      // A link-styled button: reachable by Tab, opened with Enter or Space.
      const open = el('button', { type: 'button', class: 'link', 'data-testid': 'rule-link', title: `Open ${file}:${line}` }, `${file}:${line}`);
      open.addEventListener('click', () => vscode.postMessage({ type: 'openRule', file, line }));
      td.append(t.change === 'readmitted' ? 'was ' : '', label, ' (', open, ')');
    } else {
      td.append(t.change === 'readmitted' ? 'was ' : '', label);
    }
  } else if (t.reason) {
    td.append(el('span', { class: 'kind' }, t.reasonKind ?? ''), ' ', t.reason);
  }
  return td;
}

function statusText(t: ToolChangeView): string {
  if (t.from && t.to) {
    return `${t.from} → ${t.to}`;
  }
  return t.to ?? t.from ?? '';
}

function toolsTable(view: DiffView): HTMLElement {
  const section = el('section', { 'aria-labelledby': 'tools-h' }, el('h2', { id: 'tools-h' }, `Tools (${view.tools.length + view.toolsOmitted})`));
  if (view.tools.length === 0) {
    section.append(el('p', { class: 'muted' }, 'No tool was added, removed, excluded, re-admitted or changed.'));
    return section;
  }
  const body = el('tbody');
  for (const t of view.tools) {
    body.append(
      el(
        'tr',
        { 'data-testid': `tool-${t.change}`, 'data-id': t.id, class: `change-${t.change}` },
        el('td', { class: 'change' }, icon(CHANGE_ICONS[t.change]), ` ${CHANGE_TITLES[t.change]}`),
        el('td', { class: 'id' }, el('code', {}, t.id)),
        el('td', {}, statusText(t)),
        ruleCell(t),
      ),
    );
  }
  // The table scrolls on its own and can take focus, so a keyboard user can scroll it.
  const wrap = el('div', { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': 'Tool changes' }, el('table', {}, el('thead', {}, el('tr', {}, el('th', {}, 'Change'), el('th', {}, 'Tool'), el('th', {}, 'Status'), el('th', {}, 'Rule or reason'))), body));
  section.append(wrap);
  if (view.toolsOmitted > 0) {
    section.append(el('p', { class: 'muted' }, `${view.toolsOmitted.toLocaleString('en-US')} more rows not shown; "Copy as Markdown" or the CLI's diff --json lists them.`));
  }
  return section;
}

function visibleText(m: ModeChangeView): string {
  const parts = [...m.visibleAdded.slice(0, 6).map((n) => `+${n}`), ...m.visibleRemoved.slice(0, 6).map((n) => `−${n}`)];
  const more = m.visibleAdded.length + m.visibleRemoved.length - parts.length;
  return `${parts.join(' ')}${more > 0 ? ` … ${more} more` : ''}`;
}

function modesTable(view: DiffView): HTMLElement {
  const body = el('tbody');
  for (const m of view.modes) {
    body.append(
      el(
        'tr',
        { 'data-testid': `mode-${m.mode}`, class: m.changed ? 'changed' : '' },
        el('th', { scope: 'row' }, m.mode),
        el('td', {}, m.effectiveMode.a === m.effectiveMode.b ? m.effectiveMode.b : `${m.effectiveMode.a} → ${m.effectiveMode.b}`),
        deltaCell(m.bytes.a, m.bytes.b, m.bytes.delta, 'bytes-delta'),
        deltaCell(m.tokens.a, m.tokens.b, m.tokens.delta, 'tokens-delta'),
        el('td', { class: 'visible' }, visibleText(m)),
      ),
    );
  }
  return el(
    'section',
    { 'aria-labelledby': 'modes-h' },
    el('h2', { id: 'modes-h' }, 'Per mode: request bytes and o200k tokens'),
    el('div', { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': 'Per-mode changes' }, el('table', {}, el('thead', {}, el('tr', {}, el('th', {}, 'Mode'), el('th', {}, 'Effective'), el('th', {}, 'Bytes'), el('th', {}, 'Tokens'), el('th', {}, 'Visible tools'))), body)),
  );
}

function directorySection(view: DiffView): HTMLElement | undefined {
  const d = view.directory;
  if (!d) {
    return undefined;
  }
  const list = el('ul', { 'data-testid': 'directory-cuts' });
  const cuts: [string, string[]][] = [
    ['Newly shortened', d.shortenedAdded],
    ['No longer shortened', d.shortenedRemoved],
    ['Newly dropped', d.droppedAdded],
    ['Listed again', d.droppedRemoved],
  ];
  for (const [label, names] of cuts) {
    if (names.length > 0) {
      list.append(el('li', {}, `${label}: `, el('code', {}, names.slice(0, 40).join(', ')), names.length > 40 ? ` … ${names.length - 40} more` : ''));
    }
  }
  return el(
    'section',
    { 'aria-labelledby': 'dir-h' },
    el('h2', { id: 'dir-h' }, 'Directory'),
    el('p', {}, `${d.chars.a.toLocaleString('en-US')} → ${d.chars.b.toLocaleString('en-US')} of ${d.maxChars.toLocaleString('en-US')} characters `, el('span', { class: d.chars.delta > 0 ? 'delta up' : d.chars.delta < 0 ? 'delta down' : 'delta' }, `(${signed(d.chars.delta)})`), `; descriptions cut to ${d.descriptionLimit.a} → ${d.descriptionLimit.b}; omitted ${d.omitted.a} → ${d.omitted.b}.`),
    ...(list.childElementCount > 0 ? [list] : []),
  );
}

function contextSection(view: DiffView): HTMLElement | undefined {
  if (view.context.length === 0) {
    return undefined;
  }
  const body = el('tbody');
  for (const c of view.context) {
    body.append(el('tr', {}, el('td', {}, el('code', {}, c.key)), el('td', {}, c.a), el('td', {}, c.b)));
  }
  return el('section', { 'aria-labelledby': 'ctx-h' }, el('h2', { id: 'ctx-h' }, 'Settings and context'), el('table', {}, el('thead', {}, el('tr', {}, el('th', {}, 'Key'), el('th', {}, 'Before'), el('th', {}, 'After'))), body));
}

function render(view: DiffView): void {
  const started = performance.now();
  const toolbar = el('div', { class: 'toolbar', role: 'toolbar', 'aria-label': 'Catalog diff actions' }, button('Refresh', 'refresh', { type: 'refresh' }, 'refresh'), button('Copy as Markdown', 'copy', { type: 'copyMarkdown' }, 'copy-markdown'));
  if (view.isBaseline) {
    toolbar.append(button('Save current as baseline', 'save', { type: 'saveBaseline' }, 'save-baseline'));
  }
  const header = el(
    'header',
    {},
    el('h1', {}, icon('diff'), ` Catalog: ${view.a} → ${view.b}`),
    el('p', { class: view.same ? 'summary same' : 'summary differs', 'data-testid': 'summary' }, view.same ? 'No change: the same tools, statuses, schemas and per-mode payloads.' : summaryText(view)),
    toolbar,
  );
  const parts = [header, toolsTable(view), modesTable(view), directorySection(view), contextSection(view)].filter((x): x is HTMLElement => x !== undefined);
  app.replaceChildren(...parts);
  requestAnimationFrame(() => vscode.postMessage({ type: 'rendered', ms: performance.now() - started }));
}

function summaryText(view: DiffView): string {
  const counts = new Map<string, number>();
  for (const t of view.tools) {
    counts.set(t.change, (counts.get(t.change) ?? 0) + 1);
  }
  const parts = [...counts].map(([k, n]) => `${n} ${CHANGE_TITLES[k as ToolChangeView['change']]}`);
  const direct = view.modes.find((m) => m.mode === 'direct');
  if (direct && direct.tokens.delta !== 0) {
    parts.push(`direct mode ${signed(direct.tokens.delta)} tokens`);
  }
  return parts.length > 0 ? `${parts.join(', ')}.` : 'Per-mode payloads or settings changed.';
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const msg = parseHostMessage(event.data);
  if (!msg) {
    return;
  }
  switch (msg.type) {
    case 'diff':
      render(msg.view);
      return;
    case 'loading':
      app.setAttribute('aria-busy', 'true');
      return;
    case 'error':
      app.removeAttribute('aria-busy');
      app.replaceChildren(el('div', { class: 'banner error', role: 'alert', 'data-testid': 'error' }, icon('error'), ` ${msg.message}`));
      return;
  }
});

vscode.postMessage({ type: 'ready' });
