// The Bridge Trace webview (the panel, and the saved-trace editor): one
// run's outcome as one message, its value or error, a timeline, the trace
// with console lines in order and arguments and results as trees, the run
// history, and the isolation report. DOM is built with textContent only
// (everything here came from a snippet or a tool).
import {
  parseTraceHostMessage,
  parseTracePanelState,
  type OutcomeKind,
  type RunHistoryItem,
  type TraceCapabilities,
  type TracePanelState,
  type TraceReportView,
  type TraceRow,
  type TraceWebviewMessage,
} from '../shared/traceProtocol';
import { el, hostApi, icon } from '../shared/dom';
import { jsonTree } from '../shared/jsonTree';

const vscode = hostApi<TraceWebviewMessage, TracePanelState>();
const app = document.getElementById('app') as HTMLElement;
let state: TracePanelState = parseTracePanelState(vscode.getState());
let caps: TraceCapabilities = { rerun: false, reveal: false, save: false };
let history: RunHistoryItem[] = [];
let shownHistoryId: number | undefined;
/** A run is on and its note (with Cancel) is shown: a history update must not draw over it. */
let runningShown = false;

function save(): void {
  vscode.setState(state);
}

const OUTCOME_ICON: Record<OutcomeKind, string> = { ok: 'pass', error: 'error', timeout: 'watch', cancelled: 'circle-slash' };
const OUTCOME_WORD: Record<OutcomeKind, string> = { ok: 'ok', error: 'error', timeout: 'timed out', cancelled: 'cancelled' };

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
  // Cut long arguments at a word, never the operation: the row wraps instead of clipping.
  return `${r.op}(${args.length > 160 ? `${args.slice(0, 159)}…` : args})`;
}

function lineButton(r: TraceRow, documentUri: string | undefined): HTMLElement[] {
  if (r.line === undefined) {
    return [];
  }
  if (!documentUri) {
    return [el('span', { class: 'line muted' }, `line ${r.line}`)];
  }
  const b = el('button', { class: 'link line', type: 'button', 'data-testid': 'reveal-line', title: `Show line ${r.line} of the snippet` }, `line ${r.line}`);
  const line = r.line;
  b.addEventListener('click', (e) => {
    e.stopPropagation();
    vscode.postMessage({ type: 'reveal', documentUri, line });
  });
  return [b];
}

function traceItem(r: TraceRow, index: number, documentUri: string | undefined): HTMLLIElement {
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
  el('span', { class: 'op' }, r.op === 'log' ? (r.level ?? 'log') : r.op),
  el('span', { class: 'call' }, summaryLine(r)),
  el('span', { class: `outcome ${outcome}` }, ...(outcome ? [icon(r.ok ? 'pass' : 'error'), ` ${outcome}`] : [])),
  // Start, duration and line each in a column of their own, shared by every row (a subgrid), so the numbers line up.
  el('span', { class: 'start', 'data-testid': 'trace-start', title: 'Started this long after the run began' }, `@${r.startMs} ms`),
  el('span', { class: 'dur', 'data-testid': 'trace-duration', title: r.op === 'log' ? '' : 'How long the operation took' }, r.op === 'log' ? '' : `${r.durationMs} ms`),
  el('span', { class: 'at-line' }, ...lineButton(r, documentUri)));
  if (expanded && r.op !== 'log') {
    const details = el('div', { class: 'details', 'data-testid': 'trace-details' },
      el('div', { class: 'label' }, 'args'), jsonTree(r.args, { 'data-testid': 'args-tree' }));
    if (r.callId) {
      details.append(el('div', { class: 'label' }, 'call id'), el('pre', {}, r.callId));
    }
    if (r.ok) {
      details.append(el('div', { class: 'label' }, 'result'), jsonTree(r.result ?? '"(undefined)"', { 'data-testid': 'result-tree' }));
    } else {
      details.append(el('div', { class: 'label' }, 'error'), el('pre', { class: 'error-text' }, r.error ?? ''));
    }
    // Clicks inside the details (toggling a tree node) must not collapse the entry.
    details.addEventListener('click', (e) => e.stopPropagation());
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

/** The run on one axis: each operation a bar from its start for its duration; console lines as ticks. */
function timeline(r: TraceReportView): HTMLElement {
  const total = Math.max(1, r.durationMs, ...r.trace.map((t) => t.startMs + t.durationMs));
  const bars = r.trace.map((t, i) => {
    const left = (t.startMs / total) * 100;
    const width = t.op === 'log' ? 0 : Math.max(0.6, (t.durationMs / total) * 100);
    const bar = el('button', {
      type: 'button',
      class: `tl-bar ${t.op}${t.ok ? '' : ' failed'}${i === state.selected ? ' selected' : ''}`,
      title: `#${t.seq} ${t.op} @${t.startMs} ms${t.op === 'log' ? '' : `, ${t.durationMs} ms`}`,
      'aria-label': `#${t.seq} ${t.op} at ${t.startMs} ms`,
    });
    // Set through the CSSOM: the CSP allows no inline style attributes.
    bar.style.left = `${left}%`;
    bar.style.width = t.op === 'log' ? '2px' : `${width}%`;
    bar.addEventListener('click', () => {
      state.selected = i;
      render();
      document.getElementById(`entry-${t.seq}`)?.scrollIntoView({ block: 'nearest' });
    });
    return el('div', { class: 'tl-lane' }, bar);
  });
  return el('section', { class: 'timeline', 'data-testid': 'timeline', 'aria-label': `Timeline: ${r.trace.length} entries over ${total} ms` },
    el('h2', {}, 'Timeline'),
    el('div', { class: 'tl-axis muted' }, el('span', {}, '0 ms'), el('span', {}, `${total} ms`)),
    el('div', { class: 'tl-lanes' }, ...bars));
}

/** A Code Mode program's results exactly as the model reads them: exec's, then each wait's. */
function modelReads(c: NonNullable<TraceReportView['codeMode']>): HTMLElement {
  return el('section', { 'data-testid': 'code-mode-results', 'aria-label': 'What the model reads' },
    el('h2', {}, 'What the model reads'),
    el('p', { class: 'muted' }, c.untrusted
      ? 'OpenClaw hands these to the model inside its external-content notice: they carry MCP data.'
      : 'Code Mode results as OpenClaw returns them to the model, one per exec or wait call.'),
    ...c.legs.map((l, i) => el('details', { ...(i === c.legs.length - 1 ? { open: '' } : {}), 'data-testid': 'code-mode-leg', 'data-status': l.status },
      el('summary', {}, icon(l.status === 'completed' ? 'pass' : l.status === 'waiting' ? 'debug-pause' : 'error'), ` ${l.tool} → ${l.status}`),
      jsonTree(l.json, { class: 'value' }))));
}

function outcomeBanner(r: TraceReportView): HTMLElement {
  const o = r.outcome;
  const banner = el('div', { class: `banner outcome-${o.kind}`, role: 'status', 'data-testid': 'outcome', 'data-outcome': o.kind },
    el('div', { class: 'outcome-title' }, icon(OUTCOME_ICON[o.kind]), el('strong', {}, ` ${OUTCOME_WORD[o.kind]}: `), o.title));
  if (o.kind === 'ok') {
    banner.append(el('div', { class: 'label' }, 'Value'), jsonTree(r.value ?? '"(undefined)"', { 'data-testid': 'value', class: 'value' }));
  } else if (o.detail) {
    banner.append(el('pre', { class: 'error-detail', 'data-testid': 'error' }, o.detail));
  }
  if (r.stale) {
    banner.prepend(el('p', { class: 'stale', 'data-testid': 'stale' }, icon('warning'), ` ${r.stale}`));
  }
  return banner;
}

function isolationSection(r: TraceReportView): HTMLElement {
  const iso = r.isolation;
  const rows = [...iso.containment, ...(iso.hostContainment ?? [])].map((c) => el('tr', {},
    el('th', { scope: 'row' }, c.capability),
    el('td', { class: 'verdict' }, icon(c.contained ? 'pass' : 'error'), c.contained ? ' contained' : ' NOT contained'),
    el('td', {}, c.layer),
    el('td', { class: 'detail' }, c.detail)));
  const section = el('section', { 'data-testid': 'isolation' },
    el('h2', {}, 'Isolation'),
    el('p', {}, iso.ok ? 'Isolated child: ' : 'No isolated child: ', el('span', { class: 'muted' }, `Node ${iso.node} (${iso.nodePath}), started from ${iso.entry}`)),
    el('details', {}, el('summary', { class: 'muted' }, `Node options (${iso.flags.length})`), el('pre', {}, iso.flags.join('\n') || '(none)')));
  if (!iso.ok) {
    section.append(el('p', { class: 'muted' }, `Probe: ${iso.reason ?? 'the isolation probe failed'}`));
  }
  const contextRows = [
    el('tr', {}, el('th', { scope: 'row' }, 'string compilation'), el('td', { class: 'verdict' }, icon(iso.codeGenerationBlocked ? 'pass' : 'error'), iso.codeGenerationBlocked ? ' blocked' : ' ALLOWED'), el('td', {}, 'vm context'), el('td', { class: 'detail' }, 'eval and new Function inside the snippet context')),
    el('tr', {}, el('th', { scope: 'row' }, 'WebAssembly'), el('td', { class: 'verdict' }, icon(iso.wasmBlocked ? 'pass' : 'error'), iso.wasmBlocked ? ' blocked' : ' ALLOWED'), el('td', {}, 'vm context'), el('td', { class: 'detail' }, 'compiling a module inside the snippet context')),
  ];
  // Only what the probe checked: the list it looked for when the report carries it, and what it found.
  const present = iso.forbiddenGlobals;
  const checked = iso.checkedGlobals;
  if (checked && checked.length > 0) {
    contextRows.push(el('tr', {}, el('th', { scope: 'row' }, 'host globals'),
      el('td', { class: 'verdict' }, icon(present.length === 0 ? 'pass' : 'error'), present.length === 0 ? ' absent' : ` ${present.length} present`),
      el('td', {}, 'vm context'),
      el('td', { class: 'detail' }, present.length === 0 ? `none of the ${checked.length} checked: ${checked.join(', ')}` : `present: ${present.join(', ')} (checked ${checked.length}: ${checked.join(', ')})`)));
  } else if (present.length > 0) {
    contextRows.push(el('tr', {}, el('th', { scope: 'row' }, 'host globals'), el('td', { class: 'verdict' }, icon('error'), ` ${present.length} present`), el('td', {}, 'vm context'), el('td', { class: 'detail' }, present.join(', '))));
  }
  const realm = iso.realm;
  if (realm) {
    contextRows.push(
      el('tr', {}, el('th', { scope: 'row' }, 'ways out of the context'),
        el('td', { class: 'verdict' }, icon(realm.escapes.length === 0 ? 'pass' : 'error'), realm.escapes.length === 0 ? ` none of ${realm.attempts.length}` : ` ${realm.escapes.length} found`),
        el('td', {}, 'vm context'),
        el('td', { class: 'detail' }, realm.escapes.length === 0 ? `tried: ${realm.attempts.join('; ')}` : `reached the child's realm: ${realm.escapes.join('; ')}`)),
      el('tr', {}, el('th', { scope: 'row' }, 'hardened process'),
        el('td', { class: 'verdict' }, icon(realm.intrinsicsFrozen && realm.residue.length === 0 ? 'pass' : 'error'), realm.intrinsicsFrozen && realm.residue.length === 0 ? ' stripped' : ' NOT stripped'),
        el('td', {}, 'process hardening'),
        el('td', { class: 'detail' }, `${realm.intrinsicsFrozen ? 'intrinsics frozen' : 'intrinsics NOT frozen'}; ${realm.residue.length === 0 ? 'nothing left of process, require, fetch or WebSocket beyond the allow-list' : `left: ${realm.residue.join(', ')}`}`)),
    );
  }
  section.append(
    el('table', { class: 'isolation' },
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'capability'), el('th', { scope: 'col' }, 'verdict'), el('th', { scope: 'col' }, 'layer'), el('th', { scope: 'col' }, 'what the probe saw'))),
      el('tbody', {}, ...rows, ...contextRows)),
  );
  return section;
}

function timeOf(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString();
}

function historySection(): HTMLElement | undefined {
  if (caps.savedFile !== undefined || history.length === 0) {
    return undefined;
  }
  const rows = history.map((h) => {
    const show = el('button', { type: 'button', class: 'link', title: 'Show this run\'s trace', 'data-testid': 'history-show' }, h.source);
    show.addEventListener('click', () => vscode.postMessage({ type: 'showRun', id: h.id }));
    const actions: HTMLElement[] = [];
    if (caps.rerun && h.documentUri) {
      const documentUri = h.documentUri;
      const rerun = el('button', { type: 'button', class: 'secondary', title: 'Run this document again', 'data-testid': 'history-rerun' }, icon('debug-rerun'), ' Re-run');
      rerun.addEventListener('click', () => vscode.postMessage({ type: 'rerun', documentUri }));
      actions.push(rerun);
    }
    return el('tr', { class: h.id === shownHistoryId ? 'current' : '', 'data-testid': 'history-row', 'data-outcome': h.outcome },
      el('td', { class: 'verdict' }, icon(OUTCOME_ICON[h.outcome]), ` ${OUTCOME_WORD[h.outcome]}`),
      el('td', {}, show, ...(h.stale ? [el('span', { class: 'muted small', 'data-testid': 'history-stale', title: 'The config changed since this run' }, ' (stale)')] : [])),
      el('td', { class: 'num', 'data-testid': 'history-took' }, `${h.durationMs} ms`),
      el('td', { class: 'num' }, timeOf(h.at)),
      el('td', { class: 'actions' }, ...actions));
  });
  return el('section', { 'data-testid': 'history' },
    el('h2', {}, `Recent runs (${history.length})`),
    el('table', { class: 'history' },
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'outcome'), el('th', { scope: 'col' }, 'snippet'), el('th', { scope: 'col', class: 'num' }, 'took'), el('th', { scope: 'col', class: 'num' }, 'finished'), el('th', { scope: 'col' }, ''))),
      el('tbody', {}, ...rows)));
}

function toolbar(r: TraceReportView): HTMLElement {
  const bar = el('div', { class: 'toolbar' });
  if (caps.save) {
    const b = el('button', { type: 'button', class: 'secondary', 'data-testid': 'save-trace', title: 'Save this trace as a .tstrace.json file' }, icon('save'), ' Save Trace');
    b.addEventListener('click', () => vscode.postMessage({ type: 'save' }));
    bar.append(b);
  }
  if (caps.rerun && r.documentUri && caps.savedFile === undefined) {
    const documentUri = r.documentUri;
    const b = el('button', { type: 'button', class: 'secondary', 'data-testid': 'rerun', title: 'Run the same document again' }, icon('debug-rerun'), ' Re-run');
    b.addEventListener('click', () => vscode.postMessage({ type: 'rerun', documentUri }));
    bar.append(b);
  }
  return bar;
}

function render(): void {
  save();
  const r = state.report;
  if (!r) {
    const hist = historySection();
    app.replaceChildren(el('p', { class: 'muted' }, 'Run "Tool Search: Run Bridge Snippet" from an editor to see its trace here.'), ...(hist ? [hist] : []));
    return;
  }
  state.selected = Math.max(0, Math.min(state.selected, r.trace.length - 1));
  const t = r.telemetry;
  const list = el('ol', { role: 'listbox', tabindex: '0', class: 'trace', 'aria-label': 'Bridge trace (up/down to move, Enter to expand)', 'data-testid': 'trace' },
    ...r.trace.map((row, i) => traceItem(row, i, r.documentUri)));
  const selected = r.trace[state.selected];
  if (selected) {
    list.setAttribute('aria-activedescendant', `entry-${selected.seq}`);
  }
  list.addEventListener('keydown', onKey);
  const hist = historySection();
  app.replaceChildren(
    el('header', {},
      el('div', { class: 'title-row' },
        el('h1', {}, 'Bridge Trace ', el('span', { class: 'source' }, caps.savedFile !== undefined ? `${r.source} (saved: ${caps.savedFile})` : r.source)),
        toolbar(r)),
      el('p', { class: 'summary', 'data-testid': 'telemetry' },
        `${r.durationMs} ms (${r.warm ? 'warm' : 'cold'} child) · catalog ${t.catalogSize} tools · search ${t.searchCount}, describe ${t.describeCount}, call ${t.callCount}${r.at ? ` · finished ${timeOf(r.at)}` : ''}`)),
    outcomeBanner(r),
    ...(r.codeMode ? [modelReads(r.codeMode)] : []),
    ...(r.trace.length > 0 ? [timeline(r)] : []),
    el('h2', {}, `Trace (${r.trace.length} ${r.trace.length === 1 ? 'entry' : 'entries'})`),
    r.trace.length > 0 ? list : el('p', { class: 'muted' }, 'The snippet made no bridge calls and printed nothing.'),
    ...(hist ? [hist] : []),
    isolationSection(r),
  );
  if (document.activeElement === document.body || document.activeElement === null) {
    list.focus();
  }
  document.getElementById(`entry-${selected?.seq ?? -1}`)?.scrollIntoView({ block: 'nearest' });
}

function onKey(e: KeyboardEvent): void {
  const r = state.report;
  if (!r || r.trace.length === 0 || e.target !== e.currentTarget) {
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
  switch (msg.type) {
    case 'running': {
      runningShown = true;
      const note = el('p', { 'data-testid': 'running' }, `Running ${msg.source} in the isolated child…`);
      if (msg.cancellable) {
        const cancel = el('button', { type: 'button', class: 'secondary', 'data-testid': 'cancel-run', title: 'Stop the run: the sandbox child is killed and later calls are refused' }, icon('debug-stop'), ' Cancel run');
        cancel.addEventListener('click', () => {
          cancel.disabled = true;
          vscode.postMessage({ type: 'cancel' });
        });
        note.append(' ', cancel);
      }
      app.replaceChildren(note);
      return;
    }
    case 'error':
      runningShown = false;
      app.replaceChildren(el('div', { class: 'banner outcome-error', role: 'alert', 'data-testid': 'load-error' }, icon('error'), ` ${msg.message}`));
      return;
    case 'capabilities':
      caps = msg.capabilities;
      break;
    case 'history':
      history = msg.runs;
      if (runningShown) return;
      break;
    case 'report':
      runningShown = false;
      state = { report: msg.report, selected: 0, expanded: [] };
      shownHistoryId = msg.historyId;
      render();
      focusList();
      return;
  }
  render();
});

render();
vscode.postMessage({ type: 'ready' });
