// The Bridge Trace webview: one run's value or error, its trace with console
// lines in order, telemetry and the isolation report. DOM is built with
// textContent only (everything here came from a snippet or a tool).
import {
  parseTraceHostMessage,
  parseTracePanelState,
  type TracePanelState,
  type TraceReportView,
  type TraceRow,
  type TraceWebviewMessage,
} from '../shared/traceProtocol';
import { el, hostApi } from '../shared/dom';

const vscode = hostApi<TraceWebviewMessage, TracePanelState>();
const app = document.getElementById('app') as HTMLElement;
let state: TracePanelState = parseTracePanelState(vscode.getState());

function save(): void {
  vscode.setState(state);
}

/** Pretty JSON text back on one line, for the row summary. */
function inline(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json));
  } catch {
    return json.replace(/\s+/g, ' ');
  }
}

function summaryLine(r: TraceRow): string {
  if (r.op === 'log') {
    return `console.${r.level ?? 'log'}  ${r.args}`;
  }
  const args = inline(r.args).replace(/^\[|\]$/g, '');
  return `${r.op}(${args.length > 90 ? `${args.slice(0, 89)}…` : args})`;
}

function traceItem(r: TraceRow, index: number): HTMLLIElement {
  const selected = index === state.selected;
  const expanded = state.expanded.includes(r.seq);
  const outcome = r.op === 'log' ? '' : r.ok ? 'ok' : 'failed';
  const li = el('li', {
    id: `entry-${r.seq}`,
    role: 'option',
    class: `entry ${r.op}${r.ok ? '' : ' failed'}${selected ? ' selected' : ''}`,
    'aria-selected': String(selected),
    'aria-expanded': r.op === 'log' ? 'false' : String(expanded),
    'data-testid': 'trace-entry',
    'data-op': r.op,
  },
  el('span', { class: 'seq' }, `#${r.seq}`),
  el('span', { class: 'op' }, r.op),
  el('span', { class: 'call' }, summaryLine(r)),
  el('span', { class: `outcome ${outcome}` }, outcome),
  el('span', { class: 'time muted' }, `@${r.startMs} ms · ${r.durationMs} ms`));
  if (expanded && r.op !== 'log') {
    const details = el('div', { class: 'details', 'data-testid': 'trace-details' },
      el('div', { class: 'label' }, 'args'), el('pre', {}, r.args));
    if (r.callId) {
      details.append(el('div', { class: 'label' }, 'call id'), el('pre', {}, r.callId));
    }
    if (r.ok) {
      details.append(el('div', { class: 'label' }, 'result'), el('pre', {}, r.result ?? '(undefined)'));
    } else {
      details.append(el('div', { class: 'label' }, 'error'), el('pre', { class: 'error-text' }, r.error ?? ''));
    }
    li.append(details);
  }
  li.addEventListener('click', () => {
    state.selected = index;
    toggle(r);
  });
  return li;
}

function toggle(r: TraceRow | undefined, open?: boolean): void {
  if (!r || r.op === 'log') {
    render();
    return;
  }
  const has = state.expanded.includes(r.seq);
  const want = open ?? !has;
  state.expanded = want ? [...new Set([...state.expanded, r.seq])] : state.expanded.filter((s) => s !== r.seq);
  render();
}

function isolationSection(r: TraceReportView): HTMLElement {
  const iso = r.isolation;
  const rows = iso.containment.map((c) => el('tr', {},
    el('td', {}, c.capability),
    el('td', { class: c.contained ? 'ok' : 'failed' }, c.contained ? 'contained' : 'NOT contained'),
    el('td', {}, c.layer),
    el('td', { class: 'muted' }, c.detail)));
  const section = el('section', { 'data-testid': 'isolation' },
    el('h2', {}, 'Isolation'),
    el('p', {}, iso.ok ? 'Isolated child: ' : 'No isolated child: ', el('span', { class: 'muted' }, `Node ${iso.node} (${iso.nodePath}), started from ${iso.entry}`)),
    el('details', {}, el('summary', { class: 'muted' }, `Node options (${iso.flags.length})`), el('pre', {}, iso.flags.join('\n') || '(none)')));
  if (!iso.ok) {
    section.append(el('p', { class: 'banner error' }, `Nothing ran: ${iso.reason ?? 'the isolation probe failed'}`));
  }
  if (iso.snapshotError) {
    section.append(el('p', { class: 'muted' }, `Start-up snapshot not used: ${iso.snapshotError}`));
  }
  section.append(
    el('table', {}, el('thead', {}, el('tr', {}, el('th', {}, 'capability'), el('th', {}, 'verdict'), el('th', {}, 'layer'), el('th', {}, 'what the probe saw'))), el('tbody', {}, ...rows)),
    el('p', { class: 'muted' }, `Snippet context: string compilation ${iso.codeGenerationBlocked ? 'blocked' : 'ALLOWED'}, wasm ${iso.wasmBlocked ? 'blocked' : 'ALLOWED'}; absent globals: ${iso.forbiddenGlobals.join(', ') || '(none checked)'}`),
  );
  return section;
}

function render(): void {
  save();
  const r = state.report;
  if (!r) {
    app.replaceChildren(el('p', { class: 'muted' }, 'Run "Tool Search: Run Bridge Snippet" from an editor to see its trace here.'));
    return;
  }
  state.selected = Math.max(0, Math.min(state.selected, r.trace.length - 1));
  const t = r.telemetry;
  const outcome = r.ok
    ? el('div', { class: 'banner ok', 'data-testid': 'outcome' }, el('strong', {}, 'Value '), el('pre', { 'data-testid': 'value' }, r.value ?? '(undefined)'))
    : el('div', { class: 'banner error', 'data-testid': 'outcome' }, el('strong', {}, r.stoppedBy ? `Error (${r.stoppedBy}) ` : 'Error '), el('pre', { 'data-testid': 'error' }, r.error ?? ''));
  const list = el('ol', { role: 'listbox', tabindex: '0', class: 'trace', 'aria-label': 'Bridge trace (up/down to move, Enter to expand)', 'data-testid': 'trace' },
    ...r.trace.map((row, i) => traceItem(row, i)));
  const selected = r.trace[state.selected];
  if (selected) {
    list.setAttribute('aria-activedescendant', `entry-${selected.seq}`);
  }
  list.addEventListener('keydown', onKey);
  app.replaceChildren(
    el('header', {},
      el('h1', {}, `Bridge Trace — ${r.source}`),
      el('p', { class: 'summary', 'data-testid': 'telemetry' },
        `${r.ok ? 'ok' : 'failed'} in ${r.durationMs} ms (${r.warm ? 'warm' : 'cold'} child) · catalog ${t.catalogSize} tools · search ${t.searchCount}, describe ${t.describeCount}, call ${t.callCount}`)),
    ...(r.cancelled ? [el('p', { class: 'banner warning' }, 'Cancelled: calls after the cancel were refused; the child is stopped at its deadline.')] : []),
    outcome,
    el('h2', {}, `Trace (${r.trace.length} entries)`),
    r.trace.length > 0 ? list : el('p', { class: 'muted' }, 'The snippet made no bridge calls and printed nothing.'),
    isolationSection(r),
  );
  if (document.activeElement === document.body || document.activeElement === null) {
    list.focus();
  }
  document.getElementById(`entry-${selected?.seq ?? -1}`)?.scrollIntoView({ block: 'nearest' });
}

function onKey(e: KeyboardEvent): void {
  const r = state.report;
  if (!r || r.trace.length === 0) {
    return;
  }
  const current = r.trace[state.selected];
  switch (e.key) {
    case 'ArrowDown':
      state.selected = Math.min(r.trace.length - 1, state.selected + 1);
      break;
    case 'ArrowUp':
      state.selected = Math.max(0, state.selected - 1);
      break;
    case 'Home':
      state.selected = 0;
      break;
    case 'End':
      state.selected = r.trace.length - 1;
      break;
    case 'Enter':
    case ' ':
      e.preventDefault();
      toggle(current);
      focusList();
      return;
    case 'ArrowRight':
      toggle(current, true);
      focusList();
      return;
    case 'ArrowLeft':
      toggle(current, false);
      focusList();
      return;
    default:
      return;
  }
  e.preventDefault();
  render();
  focusList();
}

function focusList(): void {
  (app.querySelector('ol.trace') as HTMLElement | null)?.focus();
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const msg = parseTraceHostMessage(event.data);
  if (!msg) {
    return;
  }
  if (msg.type === 'running') {
    app.replaceChildren(el('p', { class: 'muted', 'data-testid': 'running' }, `Running ${msg.source} in the isolated child…`));
    return;
  }
  state = { report: msg.report, selected: 0, expanded: [] };
  render();
  focusList();
});

render();
vscode.postMessage({ type: 'ready' });
