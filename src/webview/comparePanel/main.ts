// The Compare webview: the same turn in direct mode and with Tool Search,
// side by side. Talks to the host only through the shared protocol; builds
// DOM with textContent (prompts, tool names and results are untrusted).
import { MAX_PROMPT_CHARS, parseCompareState, parseHostMessage, type CompareState, type CompareView, type LaneView, type ProviderKind, type SetupView, type SizesView, type TraceStepView, type WebviewMessage } from '../shared/compareProtocol';
import { el, hostApi, icon } from '../shared/dom';

const vscode = hostApi<WebviewMessage, CompareState>();
const app = document.getElementById('app') as HTMLElement;

let state: CompareState = parseCompareState(vscode.getState());
let setup: SetupView | undefined;
let running: { provider: string; lane?: string; laneMode?: string; capture?: { version: string; modes: string[] } } | undefined;
let notice: { kind: 'error' | 'cancelled'; text: string } | undefined;
/** A run's own state reached this page: a kept result read later must not replace it. */
let liveSeen = false;

const n = (x: number): string => x.toLocaleString('en-US');

function save(): void {
  vscode.setState(state);
}

const STEP_ICONS: Record<TraceStepView['kind'], string> = {
  'turn-start': 'debug-start',
  'model-request': 'arrow-right',
  'model-call': 'comment-discussion',
  search: 'search',
  describe: 'symbol-structure',
  call: 'tools',
  'turn-end': 'debug-stop',
};

function button(label: string, codicon: string, onClick: () => void, attrs: Record<string, string> = {}): HTMLButtonElement {
  const b = el('button', { type: 'button', ...attrs }, icon(codicon), ` ${label}`);
  b.addEventListener('click', onClick);
  return b;
}

function laneTitle(l: LaneView): string {
  return l.lane === 'direct' ? 'Direct mode' : `Tool Search (${l.effectiveMode}${l.effectiveMode !== l.mode ? `, asked ${l.mode}` : ''})`;
}

function sizesRow(label: string, s: SizesView | undefined, testid: string): HTMLElement {
  return el('tr', { 'data-testid': testid }, el('th', { scope: 'row' }, label), ...(s ? [s.tools, s.prompt, s.total].map((x) => el('td', { class: 'num' }, n(x))) : [el('td', { colspan: '3', class: 'muted' }, 'not counted')]));
}

function callList(calls: LaneView['finalCalls']): string {
  return calls.length === 0 ? 'none' : calls.map((c) => `${c.name} (${c.origin}, via ${c.via})`).join('; ');
}

function traceList(l: LaneView): HTMLElement {
  const list = el('ol', { class: 'trace', 'aria-label': `${laneTitle(l)}: session log events` });
  for (const s of l.trace) {
    const status = s.ok === undefined ? '' : s.ok ? 'ok' : 'failed';
    list.append(
      el(
        'li',
        { class: `step ${status}${s.nested ? ' nested' : ''}`, 'data-testid': `step-${s.kind}` },
        icon(s.ok === false ? 'error' : STEP_ICONS[s.kind]),
        ' ',
        el('span', { class: 'step-title' }, s.title),
        s.detail ? el('span', { class: 'step-detail' }, ` — ${s.detail}`) : '',
      ),
    );
  }
  if (l.traceOmitted > 0) {
    list.append(el('li', { class: 'muted' }, `${n(l.traceOmitted)} more events in the session log`));
  }
  return list;
}

function laneCard(l: LaneView, view: CompareView): HTMLElement {
  const headingId = `lane-${l.lane}-h`;
  const metrics = el(
    'table',
    { class: 'metrics' },
    el('thead', {}, el('tr', {}, el('th', { title: 'The first request of this lane through the gateway: the tools array as OpenClaw sends it, without OpenClaw\'s own prompt' }, 'First gateway request'), el('th', {}, 'Tools'), el('th', {}, 'Prompt'), el('th', {}, 'Total'))),
    el('tbody', {}, sizesRow('Bytes', l.bytes, 'bytes'), sizesRow('o200k tokens', l.tokens, 'tokens')),
  );
  const facts = el(
    'dl',
    { class: 'facts' },
    el('dt', {}, 'Schemas up front'),
    el('dd', { 'data-testid': 'schemas' }, n(l.schemasUpFront)),
    // A recorded run keeps no request sizes: no line rather than "0:".
    ...(l.requests.length > 0 ? [el('dt', {}, 'Requests'), el('dd', {}, `${l.requests.length}: ${l.requests.map((r) => `${n(r.bytes)} B`).join(', ')}`)] : []),
    el('dt', {}, 'Searches / describes / calls'),
    el('dd', { 'data-testid': 'counts' }, `${l.searches} / ${l.describes} / ${l.calls}`),
    el('dt', {}, 'Final tool'),
    el('dd', { 'data-testid': 'final-tool' }, callList(l.finalCalls)),
    ...(l.failedCalls.length > 0 ? [el('dt', {}, 'Refused or failed'), el('dd', { class: 'failed' }, callList(l.failedCalls))] : []),
  );
  const visible = view.recorded ? '' : el('details', {}, el('summary', {}, `Visible tools (${n(l.visibleTools.length + l.visibleOmitted)})`), el('p', { class: 'mono' }, `${l.visibleTools.join(', ')}${l.visibleOmitted > 0 ? ` … ${n(l.visibleOmitted)} more` : ''}`));
  const open = button(view.sessionViewer ? 'Open in Session Viewer' : 'Open Session Log', view.sessionViewer ? 'go-to-file' : 'file-code', () => vscode.postMessage({ type: 'openSessionLog', lane: l.lane }), {
    'data-testid': 'open-session',
    title: l.logFile ? `${view.sessionViewer ? 'Step through' : 'Open'} ${l.logFile}` : 'This lane wrote no session log',
    ...(l.logFile ? {} : { disabled: '' }),
  });
  return el(
    'section',
    { class: 'lane', 'data-testid': `lane-${l.lane}`, 'aria-labelledby': headingId },
    el('h2', { id: headingId }, icon(l.lane === 'direct' ? 'list-flat' : 'search'), ` ${laneTitle(l)}`),
    ...(l.fallbackReason ? [el('p', { class: 'note' }, icon('info'), ` ${l.fallbackReason}`)] : []),
    ...(l.error ? [el('p', { class: 'banner error', role: 'alert' }, icon('error'), ` ${l.error}`)] : []),
    metrics,
    facts,
    visible,
    el('h3', {}, 'Trace'),
    traceList(l),
    ...(l.finalText !== undefined ? [el('details', {}, el('summary', {}, 'Final answer'), el('p', { class: 'answer' }, l.finalText || '(empty)'))] : []),
    el('div', { class: 'toolbar' }, open),
  );
}

function percentFewer(a: number, b: number): string {
  return a > 0 ? `${(100 * (1 - b / a)).toFixed(1)}% fewer` : '';
}

/** Where checks 4 and 5 were measured: OpenClaw's real requests, or its predicted ones with a way to capture the real ones. */
function realSection(view: CompareView): HTMLElement {
  const r = view.real;
  const check = button('Check Against the Real Request', 'beaker', () => vscode.postMessage({ type: 'checkReal' }), {
    'data-testid': 'check-real',
    title: 'Runs one real OpenClaw turn in direct mode and one in the Tool Search lane\'s mode, side by side, and measures checks 4 and 5 on what OpenClaw sent',
  });
  check.disabled = running !== undefined;
  if (!r) {
    return el('p', { class: 'note', 'data-testid': 'real-status' }, icon('info'), ' Checks 4 and 5 are measured on the lanes\' gateway requests (no prediction of OpenClaw\'s own request for this version). ', check);
  }
  const lines: (string | HTMLElement)[] = [icon(r.source === 'capture' ? (r.missing.length === 0 ? 'pass' : 'warning') : 'info')];
  lines.push(r.source === 'capture' ? ` Checks 4 and 5 measured on the first requests OpenClaw ${r.version} really sent` : ` Checks 4 and 5 measured on OpenClaw ${r.version}'s requests as predicted (test:real holds them byte-equal to real ones)`);
  lines.push(r.direct && r.toolSearch ? `: ${n(r.toolSearch.bytes)} bytes and ${n(r.toolSearch.tools)} tools in ${r.mode} mode vs ${n(r.direct.bytes)} bytes and ${n(r.direct.tools)} tools direct (${percentFewer(r.direct.bytes, r.toolSearch.bytes)}).` : '.');
  for (const m of r.missing) {
    lines.push(el('span', { class: 'failed' }, ` The ${m.mode} turn sent no request (${m.why}); its check uses the prediction.`));
  }
  if (r.source === 'prediction') {
    lines.push(' ', check);
  }
  return el('p', { class: 'note', 'data-testid': 'real-status' }, ...lines);
}

/** The savings the user acts on: OpenClaw's real requests once captured, else the prediction, saying which. */
function sizeHeadline(view: CompareView): string {
  const r = view.real;
  if (r?.direct && r.toolSearch) {
    return `OpenClaw ${r.version}'s ${r.source === 'capture' ? 'real' : 'predicted'} first request with Tool Search: ${n(r.toolSearch.bytes)} bytes vs ${n(r.direct.bytes)} direct (${percentFewer(r.direct.bytes, r.toolSearch.bytes)})`;
  }
  const d = view.lanes.direct.bytes?.total;
  const t = view.lanes.toolSearch.bytes?.total;
  if (d === undefined || t === undefined) {
    return 'Request sizes are not recorded in the sessions';
  }
  return `Tool Search's first gateway request: ${n(t)} bytes vs ${n(d)} direct (${percentFewer(d, t)})`;
}

function resultSection(view: CompareView): HTMLElement {
  const d = view.lanes.direct;
  const t = view.lanes.toolSearch;
  const checks = el('ul', { class: 'checks', 'data-testid': 'checks' });
  for (const c of view.checks) {
    const [cls, testid, codicon, word] = c.skipped ? ['skip', 'check-skip', 'circle-slash', 'SKIP'] : c.ok ? ['pass', 'check-pass', 'pass', 'PASS'] : ['fail', 'check-fail', 'error', 'FAIL'];
    checks.append(el('li', { class: cls, 'data-testid': testid }, icon(codicon), ' ', el('span', { class: 'check-name' }, `${word} ${c.name}`), el('span', { class: 'check-detail' }, `: ${c.detail}`)));
  }
  const passed = view.checks.filter((c) => c.ok).length;
  const skipped = view.checks.filter((c) => c.skipped).length;
  const ran = view.checks.length - skipped;
  const skippedText = skipped > 0 ? ` (${skipped} skipped: the prompt names no tool to call)` : '';
  // The lanes' tokens count the gateway requests: beside OpenClaw's own sizes they would mix two different requests.
  const ownSizes = view.real?.direct !== undefined && view.real.toolSearch !== undefined;
  const tokens = !ownSizes && d.tokens && t.tokens ? `; ${n(t.tokens.total)} tokens vs ${n(d.tokens.total)} (${percentFewer(d.tokens.total, t.tokens.total)})` : '';
  return el(
    'div',
    { class: 'result' },
    ...(view.stale ? [el('p', { class: 'note stale', role: 'status', 'data-testid': 'stale' }, icon('warning'), ` ${view.stale}`)] : []),
    el(
      'p',
      { class: view.allOk ? 'summary ok' : 'summary failed', 'data-testid': 'summary' },
      icon(view.allOk ? 'pass-filled' : 'error'),
      view.recorded
        ? ` ${passed}/${view.checks.length} checks pass on two recorded runs${view.recorded.versions.length > 0 ? ` of OpenClaw ${view.recorded.versions.join(' and ')}` : ''}. ${sizeHeadline(view)}.`
        : ` ${passed}/${ran} checks pass${skippedText} (${view.provider === 'mock' ? 'mock provider' : view.provider}, ${n(view.durationMs)} ms). ${sizeHeadline(view)}${tokens}.`,
    ),
    ...(view.recorded ? [el('p', { class: 'note', 'data-testid': 'recorded' }, icon('history'), ` Direct: ${view.recorded.direct}. Tool Search: ${view.recorded.toolSearch}.`)] : [realSection(view)]),
    el('section', { 'aria-labelledby': 'checks-h' }, el('h2', { id: 'checks-h' }, 'Checks'), checks),
    el('div', { class: 'lanes' }, laneCard(d, view), laneCard(t, view)),
  );
}

function providerChoice(s: SetupView | undefined, current: ProviderKind): HTMLElement {
  const group = el('fieldset', { class: 'providers' }, el('legend', {}, 'Provider'));
  const option = (kind: ProviderKind, label: string, detail: string, disabled: boolean): HTMLElement => {
    const input = el('input', { type: 'radio', name: 'provider', value: kind, id: `provider-${kind}`, 'data-testid': `provider-${kind}` });
    input.checked = kind === current;
    input.disabled = disabled;
    return el('div', { class: 'option' }, input, el('label', { for: `provider-${kind}` }, label, el('span', { class: 'muted' }, ` ${detail}`)));
  };
  group.append(option('mock', 'Mock provider', '(offline, on loopback: the design’s scripted model)', false));
  const url = s?.baseUrl;
  group.append(option('openai', 'OpenAI-compatible', url ? `${url} (${s.keyStored ? 'API key stored' : 'no API key stored'})` : `(${s?.baseUrlProblem ?? 'not configured'})`, url === undefined));
  return group;
}

function selectedProvider(): ProviderKind {
  const checked = document.querySelector<HTMLInputElement>('input[name="provider"]:checked');
  return checked?.value === 'openai' ? 'openai' : 'mock';
}

function render(): void {
  const promptBox = el('textarea', { id: 'prompt', rows: '2', maxlength: String(MAX_PROMPT_CHARS), 'data-testid': 'prompt', spellcheck: 'false' });
  promptBox.value = state.prompt ?? setup?.prompt ?? '';
  promptBox.addEventListener('input', () => {
    state = { ...state, prompt: promptBox.value };
    save();
  });
  const run = button('Run Both Lanes', 'play', () => {
    const prompt = promptBox.value.trim();
    if (prompt.length === 0) {
      promptBox.focus();
      return;
    }
    vscode.postMessage({ type: 'run', provider: selectedProvider(), prompt, real: realBox.checked });
  }, { 'data-testid': 'run', class: 'primary' });
  const realBox = el('input', { type: 'checkbox', id: 'real', 'data-testid': 'real' });
  realBox.checked = state.real === true;
  realBox.addEventListener('change', () => {
    state = { ...state, real: realBox.checked };
    save();
  });
  const cancel = button('Cancel', 'debug-stop', () => vscode.postMessage({ type: 'cancel' }), { 'data-testid': 'cancel' });
  run.disabled = running !== undefined;
  cancel.disabled = running === undefined;
  const form = el(
    'form',
    { class: 'setup', 'aria-label': 'Comparison setup' },
    el('label', { for: 'prompt' }, 'Prompt'),
    promptBox,
    providerChoice(setup, setup?.provider ?? 'mock'),
    el('div', { class: 'option' }, realBox, el('label', { for: 'real' }, 'Also check against OpenClaw’s real requests', el('span', { class: 'muted' }, ' (runs OpenClaw once per lane’s mode, side by side: about a minute)'))),
    el('div', { class: 'toolbar', role: 'toolbar', 'aria-label': 'Compare actions' }, run, cancel, button('Set API Key…', 'key', () => vscode.postMessage({ type: 'setApiKey' }), { 'data-testid': 'set-key' }), button('Settings', 'gear', () => vscode.postMessage({ type: 'openSettings' }))),
  );
  form.addEventListener('submit', (e) => e.preventDefault());
  // Ctrl/Cmd+Enter in the prompt runs, as in a chat box.
  promptBox.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !run.disabled) {
      e.preventDefault();
      run.click();
    }
  });
  const status = el('div', { class: 'status', role: 'status', 'aria-live': 'polite', 'data-testid': 'status' });
  if (running) {
    const where = running.lane ? `${running.lane === 'direct' ? 'direct' : 'Tool Search'} lane (${running.laneMode ?? ''})` : 'starting';
    const text = running.capture
      ? ` Capturing OpenClaw ${running.capture.version}'s real requests (${running.capture.modes.join(', ')})…`
      : ` Running against ${running.provider === 'mock' ? 'the mock provider' : running.provider}: ${where}…`;
    status.append(el('span', { class: 'codicon codicon-loading codicon-modifier-spin', 'aria-hidden': 'true' }), text, el('progress', { 'aria-label': running.capture ? 'Capture running' : 'Comparison running' }));
  } else if (notice) {
    status.append(el('p', { class: `banner ${notice.kind}`, role: notice.kind === 'error' ? 'alert' : 'status', 'data-testid': notice.kind }, icon(notice.kind === 'error' ? 'error' : 'circle-slash'), ` ${notice.text}`));
  }
  const parts: HTMLElement[] = [el('header', {}, el('h1', {}, icon('split-horizontal'), ' Compare: direct mode vs Tool Search'), el('p', { class: 'muted' }, 'The same turn sent twice through the real gateway: once with every schema up front, once with Tool Search. Each lane writes a session log.')), form, status];
  if (state.view) {
    parts.push(resultSection(state.view));
  } else if (!running && !notice) {
    parts.push(el('p', { class: 'muted empty', 'data-testid': 'empty' }, 'No comparison yet. Run both lanes to see their checks, bytes, tokens and traces side by side.'));
  }
  const focused = document.activeElement?.id;
  app.replaceChildren(...parts);
  // Re-rendering replaces the DOM: keep the keyboard where it was.
  if (focused) {
    document.getElementById(focused)?.focus();
  }
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const msg = parseHostMessage(event.data);
  if (!msg) {
    return;
  }
  if (msg.type === 'running' || msg.type === 'result' || msg.type === 'cancelled' || msg.type === 'error') {
    liveSeen = true;
  }
  switch (msg.type) {
    case 'setup':
      setup = msg.setup;
      break;
    case 'kept':
      if (liveSeen) {
        return;
      }
      state = { ...state, view: msg.view };
      save();
      break;
    case 'running':
      running = { provider: msg.provider, ...(msg.lane ? { lane: msg.lane } : {}), ...(msg.laneMode ? { laneMode: msg.laneMode } : {}), ...(msg.capture ? { capture: msg.capture } : {}) };
      notice = undefined;
      // A new run replaces the last result: a cancelled or failed run must not leave the old one looking current.
      // A capture only re-measures two checks of the result shown, which stays.
      if (state.view && !msg.capture) {
        state = { ...(state.prompt !== undefined ? { prompt: state.prompt } : {}), ...(state.real !== undefined ? { real: state.real } : {}) };
        save();
      }
      break;
    case 'result':
      running = undefined;
      notice = undefined;
      state = { ...state, view: msg.view };
      save();
      break;
    case 'cancelled':
      notice = {
        kind: 'cancelled',
        text: running?.capture ? 'Capture cancelled by you: checks 4 and 5 stay measured on the prediction.' : 'Cancelled by you: no lane result is shown for this run.',
      };
      running = undefined;
      break;
    case 'loading':
      break;
    case 'error':
      running = undefined;
      notice = { kind: 'error', text: msg.message };
      break;
  }
  render();
});

render();
vscode.postMessage({ type: 'ready' });
