// The Mode Preview webview. Talks to the host only through the shared
// protocol; builds DOM with textContent (tool text is untrusted input).
import { type CaptureModeView, type CaptureView, type CheckedAgainst, MODE_NAMES, type RequestDiff, parseHostMessage, parsePanelState, TABS, type DeltaView, type ModeName, type ModeTokensView, type ModeView, type PanelState, type PartSizesView, type PreviewTab, type PreviewView, type WebviewMessage } from '../shared/previewProtocol';
import { el, hostApi, icon, shownText } from '../shared/dom';
import { SENT_BECAUSE } from '../../core/vocabulary';

const vscode = hostApi<WebviewMessage, PanelState>();
const app = document.getElementById('app') as HTMLElement;
let state: PanelState = parsePanelState(vscode.getState());
let raw: { mode: ModeName; json: string } | undefined;
/** The capture of the real request running or last run (the host sends it again on ready). */
let capture: CaptureView | undefined;
/** Set while a prompt edit waits for its render, so the paint time can be reported. */
let pending: { cause: string; started: number } | undefined;

const PROMPT_DEBOUNCE_MS = 200;
/** Longest raw request drawn in the panel; larger ones open as a document. */
const MAX_RAW_CHARS = 400_000;
const PARTS: (keyof PartSizesView)[] = ['tools', 'system', 'messages', 'framing'];
// One meaning per label (issue 44): "system prompt" is OpenClaw's whole prompt (the
// "What OpenClaw sends" table); the cards count the turn's own prompt lines
// (the mode's guidance and directory) without it, so they say "turn prompt".
const PART_TITLES: Record<keyof PartSizesView, string> = { tools: 'tools', system: 'turn prompt', messages: 'messages', framing: 'framing' };
const PART_HINTS: Partial<Record<keyof PartSizesView, string>> = { system: "the turn's own prompt lines (the mode's guidance and directory), without OpenClaw's system prompt" };
const TAB_TITLES: Record<PreviewTab, string> = { modes: 'Modes', directory: 'Directory', costs: 'Costs per tool', raw: 'Raw request', real: 'Real request' };
const WHY_TITLES: Record<string, string> = Object.fromEntries(Object.entries(SENT_BECAUSE).map(([k, v]) => [k, v.label]));
/** Why it is there, for each reason: the pill's title and the legend under the list. */
const WHY_MEANINGS: Record<string, string> = Object.fromEntries(Object.entries(SENT_BECAUSE).map(([k, v]) => [k, v.meaning]));

function button(label: string, title: string, onClick: () => void, opts: { icon?: string; cls?: string; testid?: string } = {}): HTMLButtonElement {
  const b = el('button', { type: 'button', title, class: opts.cls ?? '', ...(opts.testid ? { 'data-testid': opts.testid } : {}) }, ...(opts.icon ? [icon(opts.icon), ' '] : []), label);
  b.addEventListener('click', onClick);
  return b;
}

function save(): void {
  vscode.setState(state);
}

function post(msg: WebviewMessage): void {
  vscode.postMessage(msg);
}

function fmt(n: number): string {
  return n.toLocaleString('en-US');
}

function kb(n: number): string {
  return n >= 10240 ? `${fmt(Math.round(n / 1024))} KiB` : `${fmt(n)} B`;
}

function signed(n: number): string {
  return n > 0 ? `+${fmt(n)}` : fmt(n);
}

/** What a token cell shows while the host is still counting (never a zero). */
const COUNTING = 'counting…';

function tokenText(m: ModeView, n: number | undefined): string {
  if (n !== undefined) return fmt(n);
  return m.tokensPending ? COUNTING : '–';
}

function pct(x: number): string {
  return x >= 0.1 ? `${(x * 100).toFixed(0)}%` : `${(x * 100).toFixed(1)}%`;
}

// ---- header, prompt, banners ----

function header(v: PreviewView): HTMLElement {
  const title = el('div', { class: 'title-row' },
    el('h1', {}, icon('eye'), ` Mode Preview${v.workspaceName ? ` — ${v.workspaceName}` : ''}`),
    el('span', { class: 'toolbar' },
      captureButton(),
      button('Refresh', 'Rebuild the catalog and every preview', () => post({ type: 'refresh' }), { icon: 'refresh' })));
  const summary = el('p', { class: 'summary', 'data-testid': 'summary' },
    el('span', { class: 'pill mode', ...(v.codeMode ? { title: v.codeMode.reason } : {}) }, v.codeMode?.engaged ? `this run: ${v.configuredMode}` : `configured: ${v.configuredMode}`), ' ',
    el('strong', { 'data-testid': 'catalog-size' }, fmt(v.catalogSize)), ' tools in the catalog · ',
    el('span', { class: 'muted', 'data-testid': 'assembly-ms' }, `assembled in ${v.assemblyMs} ms`));
  // Which surface the run gets, and why: Code Mode replaces Tool Search when it engages.
  const surface = v.codeMode?.engaged ? [el('p', { class: 'small', 'data-testid': 'code-mode-why' }, icon('code'), ` Code Mode engages for this run: ${v.codeMode.reason}. The model sees exec and wait and reaches every other tool from a program; the other cards show what each mode would send instead.`)] : [];
  return el('header', {}, title, ...refusedBanner(v), ...runRefusedBanner(v), ...noToolsBanner(v), summary, ...surface, checkedLine(v.checkedAgainst), ...banners(v), deltas(v));
}

/** OpenClaw's refusal of the config, above everything else: every key at its line with the doctor's fix. */
function refusedBanner(v: PreviewView): HTMLElement[] {
  const r = v.refused;
  if (!r) {
    return [];
  }
  const list = el('ul', { class: 'small' }, ...r.keys.map((k) => el('li', {}, `${r.file !== undefined && k.line !== undefined ? `${r.file}:${k.line} ` : ''}${k.path}: ${k.fix}`)));
  return [el('div', { class: 'banner error', role: 'alert', 'data-testid': 'config-refused' }, icon('error'), ' ', el('strong', {}, r.headline), ` (${r.keys.length} key${r.keys.length === 1 ? '' : 's'} it rejects). The cards below are what it would run after openclaw doctor --fix.`, list)];
}

/** OpenClaw's refusal of this agent's runs: its own message, where the allowlist is; the cards are what a run would get if it were not refused. */
function runRefusedBanner(v: PreviewView): HTMLElement[] {
  const r = v.runRefused;
  if (!r) {
    return [];
  }
  const where = r.file !== undefined && r.line !== undefined ? ` (${r.file}:${r.line})` : '';
  return [el('div', { class: 'banner error', role: 'alert', 'data-testid': 'run-refused' }, icon('error'), ' ', el('strong', {}, r.headline), `${where}: `, el('q', {}, r.message), ' No request is sent; the cards below are what the run would get if it were not refused.')];
}

/** An agent its policy leaves no tool: the cards compare prompts only, so a Tool Search mode can cost more than direct. */
function noToolsBanner(v: PreviewView): HTMLElement[] {
  const n = v.noTools;
  if (!n) {
    return [];
  }
  const where = n.file !== undefined && n.line !== undefined ? ` (${n.file}:${n.line})` : '';
  return [el('div', { class: 'banner warning', role: 'status', 'data-testid': 'no-tools' }, icon('warning'), ' ', el('strong', {}, 'This agent gets no tool'), `${where}: ${n.message.replace(/^This agent's runs get no tool: /, '')}. Every card below sends the prompt alone; a Tool Search mode adds its control tools to nothing, so it costs more than direct here.`)];
}

function captureButton(): HTMLButtonElement {
  if (capture?.status === 'installing') {
    // The capture starts by itself once the install is done.
    const b = button('Installing OpenClaw…', 'The capture starts when the install is done (progress and Cancel are in the notification)', () => undefined, { icon: 'loading', testid: 'capture-button' });
    b.disabled = true;
    return b;
  }
  if (capture?.status === 'running') {
    return button('Cancel capture', 'Stop the real OpenClaw turns', () => post({ type: 'cancelCapture' }), { icon: 'debug-stop', testid: 'capture-cancel' });
  }
  return button('Capture the real request', 'Run one real OpenClaw turn per mode on loopback and diff what it sends against this prediction', () => {
    state = { ...state, tab: 'real' };
    save();
    post({ type: 'capture' });
  }, { icon: 'record', testid: 'capture-button' });
}

/** Which OpenClaw the prediction models, and whether a real capture of it matched. */
function checkedLine(c: CheckedAgainst | undefined): HTMLElement {
  const line = el('p', { class: 'small muted', 'data-testid': 'checked-against' });
  if (!c) {
    return line;
  }
  line.append(icon('verified'), ` Predicts OpenClaw ${c.modelled}: `);
  if (!c.capture) {
    line.append('not checked against a real run yet.');
    return line;
  }
  if (c.capture.failed !== undefined) {
    // Nothing was captured to compare: no verdict on the prediction.
    line.append(el('strong', { 'data-verdict': 'failed' }, 'capture failed: '), c.capture.failed);
    return line;
  }
  const modes = Object.entries(c.capture.modes).map(([m, ok]) => `${m} ${ok ? 'matched' : 'differs'}`).join(', ');
  line.append(el('strong', { 'data-verdict': c.capture.matched ? 'matched' : 'differs' }, c.capture.matched ? 'matched' : 'differs from'), ` a real capture of OpenClaw ${c.capture.version} (${modes}).`);
  return line;
}

function banners(v: PreviewView): HTMLElement[] {
  const out: HTMLElement[] = [];
  for (const m of v.modes) {
    if (m.fallbackReason) {
      const b = el('div', { class: 'banner warning', role: 'status', 'data-testid': 'fallback' }, icon('warning'), ' ', el('strong', {}, `${m.mode} mode falls back to ${m.effectiveMode} mode: `), m.fallbackReason);
      // Only the isolation fallback lands on tools mode (a release without directory mode runs it as code).
      if (m.effectiveMode === 'tools') {
        b.append(' ', button('Isolation report in the logs', 'Show the log with the isolation probe', () => post({ type: 'showLogs' }), { cls: 'link' }));
      }
      out.push(b);
    }
  }
  // One banner for the release without Tool Search: the same for each of its Tool Search modes.
  const absent = v.modes.filter((m) => m.notInRelease && m.mode !== 'code-mode');
  if (absent[0]?.notInRelease) {
    out.push(el('div', { class: 'banner warning', role: 'status', 'data-testid': 'not-in-release' }, icon('warning'), ' ', absent[0].notInRelease));
  }
  // Only where the modelled release has code mode (a release may retire it); its control tool is the release's to name.
  if (v.isolation?.ok && v.modes.some((m) => m.mode === 'code')) {
    out.push(el('p', { class: 'muted small', 'data-testid': 'isolation' }, icon('shield'), ' Isolation probe passed: code mode can run its programs in an isolated child.'));
  }
  for (const s of v.failedServers) {
    out.push(el('div', { class: 'banner error', role: 'status', 'data-testid': 'failed-server' }, icon('error'), ' ',
      el('strong', {}, `MCP server "${s.name}" failed`), ` (${s.origin}): ${s.error}. Its tools are in no mode until it starts; search names it as unavailable.`));
  }
  if (v.missingRequired.length > 0) {
    out.push(el('div', { class: 'banner warning', role: 'status' }, icon('warning'), ` Required tools not in the authorized catalog: ${v.missingRequired.join(', ')}`));
  }
  return out;
}

function deltas(v: PreviewView): HTMLElement {
  const box = el('div', { class: 'deltas', 'data-testid': 'deltas', 'aria-live': 'polite' });
  if (!v.deltas) {
    return box;
  }
  if (v.deltas.length === 0) {
    box.append(el('span', { class: 'muted small' }, `No change since the last render (${v.cause}).`));
    return box;
  }
  box.append(el('span', { class: 'muted small' }, `Changed since the last render (${v.cause}): `));
  for (const d of v.deltas) {
    box.append(deltaChip(d));
  }
  return box;
}

function deltaChip(d: DeltaView): HTMLElement {
  const parts = [`${d.mode}:`];
  if (d.added.length) parts.push(`+${d.added.length} schema${d.added.length === 1 ? '' : 's'}`);
  if (d.removed.length) parts.push(`−${d.removed.length}`);
  if (d.tokens !== undefined) parts.push(`${signed(d.tokens)} tokens`);
  parts.push(`${signed(d.bytes)} B`);
  const title = [...d.added.map((n) => `+ ${n}`), ...d.removed.map((n) => `− ${n}`)].slice(0, 40).join('\n');
  return el('span', { class: 'pill delta', title, 'data-mode': d.mode }, parts.join(' '));
}

// What a prompt changes comes from the modelled release (core promptEffect), never from here.
const PROMPT_PLACEHOLDER = 'Type a user prompt';

function promptBox(v: PreviewView): HTMLElement {
  const area = el('textarea', { id: 'prompt', rows: '2', 'data-testid': 'prompt', placeholder: v.promptEffect?.placeholder ?? PROMPT_PLACEHOLDER, 'aria-label': 'User prompt' });
  area.value = state.prompt;
  let timer: ReturnType<typeof setTimeout> | undefined;
  area.addEventListener('input', () => {
    state = { ...state, prompt: area.value };
    save();
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      pending = { cause: 'prompt', started: performance.now() };
      post({ type: 'prompt', prompt: state.prompt });
    }, PROMPT_DEBOUNCE_MS);
  });
  return el('div', { class: 'prompt-row' }, el('label', { for: 'prompt' }, icon('comment'), ' Prompt'), area);
}

// ---- tabs ----

function tabs(v: PreviewView): HTMLElement {
  const list = el('div', { role: 'tablist', 'aria-label': 'Preview sections', class: 'tabs' });
  const panel = el('section', { role: 'tabpanel', id: 'tabpanel', tabindex: '0' });
  const buttons = TABS.map((t) => {
    const b = el('button', { type: 'button', role: 'tab', id: `tab-${t}`, 'aria-controls': 'tabpanel', 'data-testid': `tab-${t}`, 'aria-selected': String(t === state.tab), tabindex: t === state.tab ? '0' : '-1' }, TAB_TITLES[t]);
    b.addEventListener('click', () => select(t));
    return b;
  });
  const select = (t: PreviewTab, focus = false): void => {
    state = { ...state, tab: t };
    save();
    buttons.forEach((b, i) => {
      const on = TABS[i] === t;
      b.setAttribute('aria-selected', String(on));
      b.setAttribute('tabindex', on ? '0' : '-1');
      if (on && focus) b.focus();
    });
    panel.setAttribute('aria-labelledby', `tab-${t}`);
    panel.replaceChildren(tabContent(v, t));
  };
  // Arrow keys move between tabs (the WAI-ARIA tabs pattern); Tab moves into the panel.
  list.addEventListener('keydown', (e: KeyboardEvent) => {
    const i = TABS.indexOf(state.tab);
    const next = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : undefined;
    if (next === undefined) return;
    e.preventDefault();
    const t = TABS[(next + TABS.length) % TABS.length];
    if (t) select(t, true);
  });
  list.append(...buttons);
  select(state.tab);
  return el('div', {}, list, panel);
}

function tabContent(v: PreviewView, t: PreviewTab): HTMLElement {
  switch (t) {
    case 'modes':
      return modesTab(v);
    case 'directory':
      return directoryTab(v);
    case 'costs':
      return costsTab(v);
    case 'raw':
      return rawTab();
    case 'real':
      return realTab();
  }
}

// ---- the real request ----

const STATUS_TITLES: Record<CaptureModeView['status'], string> = { pending: 'waiting', queued: 'waiting for a turn slot…', running: 'running…', ok: 'captured', failed: 'failed', timeout: 'timed out', cancelled: 'cancelled' };

function realTab(): HTMLElement {
  const out = el('div', { 'data-testid': 'real' });
  if (!capture) {
    out.append(el('p', { class: 'muted' }, 'Capture the real request to see what OpenClaw itself sends in each mode, beside this prediction: one real `openclaw agent --local` turn per mode against a recording provider on loopback (where the OS offers it, each turn runs in its own namespaces: it writes only its scratch folder and reaches only that provider). It runs OpenClaw and the workspace\'s plugin and MCP server code, so it is off in untrusted workspaces.'),
      captureButton());
    return out;
  }
  const c = capture;
  const busy = c.status === 'running' || c.status === 'installing';
  const status = el('div', { class: `banner ${c.status === 'done' || busy ? 'info' : 'warning'}`, role: 'status', 'data-testid': 'capture-status', 'data-status': c.status },
    // Done is not "ok": the icon says whether every mode matched or some differ.
    icon(busy ? 'loading' : c.status === 'done' ? (c.modes.length > 0 && c.modes.every((m) => m.matched === true) ? 'pass' : 'diff') : 'warning'), ' ',
    c.status === 'running' ? `Running OpenClaw ${c.openclaw ?? ''} in every mode…` : c.message ?? c.status);
  out.append(status);
  if (c.status === 'running') out.append(captureButton());
  // No OpenClaw to run: one click installs the pinned release for capture, then captures.
  if (c.status === 'refused' && c.install) {
    out.append(button(`Install OpenClaw ${c.install} for capture`, 'Install it into the extension\'s storage from the npm registry (about 830 MB, no install scripts run), then capture', () => post({ type: 'installOpenclaw' }), { icon: 'cloud-download', testid: 'capture-install' }));
  }
  if (c.prompt) out.append(el('p', { class: 'small muted' }, `Prompt of the turns: ${c.prompt}${c.wallMs !== undefined ? ` · ${fmt(Math.round(c.wallMs / 100) / 10)} s wall` : ''}`));
  if (c.containment) {
    out.append(el('p', { class: 'small muted', 'data-testid': 'capture-containment' }, icon('shield'), ` Writes: ${c.containment.writes}. Network: ${c.containment.network}.`));
  }
  for (const m of c.modes) {
    out.append(captureCard(m));
  }
  return out;
}

function list(title: string, names: readonly string[], testid: string): HTMLElement {
  const box = el('div', { 'data-testid': testid });
  if (names.length === 0) return box;
  box.append(el('h4', {}, `${title} (${names.length})`), el('p', { class: 'small' }, ...names.flatMap((n, i) => [i > 0 ? ', ' : '', el('code', {}, n)])));
  return box;
}

function sizeRow(label: string, p: number, r: number): HTMLElement {
  return el('tr', {}, el('th', { scope: 'row' }, label), el('td', { class: 'num' }, fmt(p)), el('td', { class: 'num' }, fmt(r)), el('td', { class: 'num' }, signed(r - p)));
}

function diffBody(d: RequestDiff): HTMLElement[] {
  const t = d.tools;
  const sizes = el('table', { class: 'grid compact', 'data-testid': 'diff-sizes' },
    el('thead', {}, el('tr', {}, ...['', 'predicted', 'real', 'real − predicted'].map((h) => el('th', { scope: 'col' }, h)))),
    el('tbody', {}, sizeRow('bytes', d.sizes.predicted.bytes, d.sizes.real.bytes), sizeRow('tokens (o200k)', d.sizes.predicted.tokens, d.sizes.real.tokens),
      sizeRow('tools', t.predicted, t.real), sizeRow('system prompt chars', d.prompt.predictedChars, d.prompt.realChars), sizeRow('messages', d.messages.predicted, d.messages.real)));
  const tools = el('section', { 'data-testid': 'diff-tools' }, el('h4', {}, `Tools: ${fmt(t.same)} equal${t.sameOrder ? '' : ', sent in another order'}`),
    list('Only in the real request', t.added, 'tools-added'),
    list('Only in the prediction', t.removed, 'tools-removed'),
    list('Changed', t.changed.map((c) => `${c.name} (${[c.schema ? 'schema' : '', c.description ? 'description' : ''].filter(Boolean).join(', ')})`), 'tools-changed'));
  const p = d.prompt;
  const prompt = el('section', { 'data-testid': 'diff-prompt' }, el('h4', {}, `System prompt sections: ${fmt(p.same)} equal`),
    list('Only in the real request', p.added.map((x) => `${x.heading} (${fmt(x.realChars)} chars)`), 'sections-added'),
    list('Only in the prediction', p.removed.map((x) => `${x.heading} (${fmt(x.predictedChars)} chars)`), 'sections-removed'),
    list('Changed', p.changed.map((x) => `${x.heading} (${fmt(x.predictedChars)} → ${fmt(x.realChars)} chars)`), 'sections-changed'));
  const messages = el('section', { 'data-testid': 'diff-messages' }, el('h4', {}, `Messages: ${fmt(d.messages.differences.length)} differ`),
    el('ul', { class: 'small' }, ...d.messages.differences.map((m) => el('li', {}, `#${m.index} ${m.kind}: ${m.predictedRole ?? '–'} (${fmt(m.predictedChars)} chars) → ${m.realRole ?? '–'} (${fmt(m.realChars)} chars)`))));
  const envelope = el('section', { 'data-testid': 'diff-envelope' }, el('h4', {}, `Envelope: ${fmt(d.envelope.length)} key(s) differ`),
    el('ul', { class: 'small' }, ...d.envelope.map((e) => el('li', {}, el('code', {}, e.key), `: ${e.predicted ?? '(not sent)'} → ${e.real ?? '(not sent)'}`))));
  return [sizes, ...normalizedBox(d), tools, prompt, messages, envelope];
}

/** What was normalized before comparing (it changes from run to run), folded: shown, not hidden. */
function normalizedBox(d: RequestDiff): HTMLElement[] {
  const parts = d.normalized ?? [];
  if (parts.length === 0) return [];
  return [el('details', { 'data-testid': 'diff-normalized' },
    el('summary', { class: 'small' }, `Normalized before comparing: ${parts.map((p) => p.part).join(', ')} (they change from run to run)`),
    el('table', { class: 'grid compact small' },
      el('thead', {}, el('tr', {}, ...['part', 'predicted', 'real'].map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, ...parts.map((p) => el('tr', {}, el('th', { scope: 'row', title: p.what }, p.part), el('td', {}, el('code', {}, p.predicted ?? '–')), el('td', {}, el('code', {}, p.real ?? '–')))))))];
}

function captureCard(m: CaptureModeView): HTMLElement {
  const verdict = m.diff ? (m.matched ? 'equals the prediction' : 'differs from the prediction') : STATUS_TITLES[m.status];
  const card = el('article', { class: 'mode-card', 'data-testid': `capture-${m.mode}`, 'data-mode': m.mode, 'data-status': m.status, 'aria-label': `${m.mode} mode, real request` },
    el('h3', {}, m.mode, ' ', el('span', { class: `pill ${m.matched ? 'configured' : ''}`, 'data-testid': 'verdict' }, verdict), m.wallMs !== undefined ? el('span', { class: 'muted small' }, ` ${fmt(Math.round(m.wallMs / 100) / 10)} s`) : ''));
  if (m.error) card.append(el('p', { class: 'small' }, icon('warning'), ` ${m.error}`));
  if (m.inspectorOnly) card.append(el('p', { class: 'small muted', 'data-testid': 'inspector-only' }, icon('info'), ` Not in a real run, so left out of this comparison: ${m.inspectorOnly}.`));
  if (m.diff) card.append(...diffBody(m.diff));
  return card;
}

// ---- modes side by side ----

/** Widths through the CSSOM: the CSP allows no inline style attributes. */
function widthed(e: HTMLElement, percent: number): HTMLElement {
  e.style.width = `${percent.toFixed(3)}%`;
  return e;
}

function stackedBar(sizes: PartSizesView, total: number, max: number, unit: string): HTMLElement {
  const bar = el('div', { class: 'bar', role: 'img', 'aria-label': PARTS.map((p) => `${PART_TITLES[p]} ${fmt(sizes[p])} ${unit}`).join(', ') });
  for (const p of PARTS) {
    const w = max > 0 ? (100 * Math.max(0, sizes[p])) / max : 0;
    bar.append(widthed(el('span', { class: `seg seg-${p}`, title: `${PART_TITLES[p]}: ${fmt(sizes[p])} ${unit} (${total > 0 ? pct(sizes[p] / total) : '0%'})` }), w));
  }
  return bar;
}

function chart(v: PreviewView): HTMLElement {
  const useTokens = v.modes.every((m) => m.tokens);
  const unit = useTokens ? 'tokens' : 'bytes';
  const counting = v.modes.filter((m) => m.tokensPending).map((m) => m.mode);
  const max = Math.max(...v.modes.map((m) => (useTokens ? (m.tokens?.total ?? 0) : m.bytes.total)));
  const rows = v.modes.map((m) => {
    const sizes = useTokens && m.tokens ? m.tokens : m.bytes;
    return el('div', { class: 'chart-row' }, el('span', { class: 'chart-label' }, m.mode), stackedBar(sizes, sizes.total, max, unit), el('span', { class: 'num' }, `${fmt(sizes.total)}`));
  });
  const legend = el('div', { class: 'legend' }, ...PARTS.map((p) => el('span', {}, el('span', { class: `swatch seg-${p}` }), ` ${PART_TITLES[p]}`)));
  const note = counting.length > 0 ? [el('p', { class: 'muted small', role: 'status', 'data-testid': 'tokens-pending' }, icon('loading'), ` Counting the tokens of ${counting.join(', ')} mode; sizes in bytes until then.`)] : [];
  return el('section', { 'aria-labelledby': 'chart-h', 'data-testid': 'chart' }, el('h2', { id: 'chart-h' }, useTokens ? 'Tools and turn by mode (tokens, o200k)' : 'Tools and turn by mode (bytes)'), ...note, ...rows, legend);
}

function windowMeter(m: ModeView): HTMLElement {
  const box = el('div', { class: 'windows' });
  if (m.tokensPending) {
    box.append(el('span', { class: 'small muted' }, `share of the context window: ${COUNTING}`));
  }
  for (const w of m.windows) {
    const meter = el('meter', { min: '0', max: '1', value: String(Math.min(1, w.share)), high: '0.5', optimum: '0', title: `${pct(w.share)} of a ${fmt(w.tokens)}-token window` });
    box.append(el('div', { class: 'window', 'data-window': String(w.tokens) }, el('span', { class: 'small' }, `${fmt(w.tokens / 1000)}k`), meter, el('span', { class: 'small num' }, pct(w.share))));
  }
  return box;
}

function sizeTable(m: ModeView): HTMLElement {
  const body = el('tbody');
  for (const p of [...PARTS, 'total'] as const) {
    const hint = p === 'total' ? undefined : PART_HINTS[p];
    body.append(el('tr', {}, el('th', { scope: 'row', ...(hint ? { title: hint } : {}) }, p === 'total' ? 'total' : PART_TITLES[p]),
      el('td', { class: 'num', 'data-part': `bytes-${p}` }, fmt(m.bytes[p])),
      el('td', { class: 'num', 'data-part': `tokens-${p}` }, tokenText(m, m.tokens?.[p]))));
  }
  return el('table', { class: 'grid compact' }, el('thead', {}, el('tr', {}, el('th', {}, ''), el('th', { scope: 'col' }, 'bytes'), el('th', { scope: 'col' }, 'tokens'))), body);
}

/** About what the 220 px list shows without scrolling. */
const SCHEMAS_BEFORE_SCROLL = 10;

function schemaList(m: ModeView): HTMLElement {
  const summary = el('summary', {}, el('span', { 'data-testid': 'schema-count' }, fmt(m.schemaCount)), ` schema${m.schemaCount === 1 ? '' : 's'} up front: `, Object.entries(m.whyCounts).map(([why, n]) => `${fmt(n)} ${WHY_TITLES[why] ?? why}`).join(', '));
  const list = el('ul', { class: 'schemas', tabindex: '0', 'aria-label': `${m.schemaCount} schemas up front, the surface's own tools first` });
  // The surface's own tools (Tool Search's or Code Mode's) first: sorted by name they would sit below the fold.
  const first = (why: string): number => (why === 'tool-search' || why === 'code-mode' ? 0 : 1);
  const shown = [...m.schemas].sort((a, b) => first(a.why) - first(b.why));
  for (const s of shown) {
    list.append(el('li', { 'data-why': s.why }, el('code', {}, s.name), ' ', el('span', { class: `pill why why-${s.why}`, title: WHY_MEANINGS[s.why] ?? s.why }, WHY_TITLES[s.why] ?? s.why)));
  }
  if (m.schemaCount > m.schemas.length) list.append(el('li', { class: 'muted' }, `… and ${fmt(m.schemaCount - m.schemas.length)} more`));
  // Why each kind of schema is there, in the words every surface uses (core/vocabulary.ts).
  const legend = el('ul', { class: 'small muted why-legend', 'data-testid': 'why-legend' },
    ...Object.keys(m.whyCounts).map((why) => el('li', { 'data-why': why }, el('strong', {}, WHY_TITLES[why] ?? why), `: ${WHY_MEANINGS[why] ?? ''}`)));
  // A long list scrolls in its box: say so, since the box shows no scroll bar until it is hovered.
  const scrolls = m.schemas.length > SCHEMAS_BEFORE_SCROLL ? [el('p', { class: 'small muted scroll-hint', 'data-testid': 'schemas-scroll' }, icon('fold-down'), ` ${fmt(m.schemas.length)} listed: scroll the list for all of them`)] : [];
  return el('details', { 'data-testid': 'schemas' }, summary, ...scrolls, list, legend);
}

function modeCard(m: ModeView, v: PreviewView): HTMLElement {
  const configured = m.mode === v.configuredMode;
  const cm = v.codeMode;
  // The surface the run really gets is marked; with Code Mode decided, each card says why it is or is not the run's.
  const surfaceWhy = cm ? (m.mode === 'code-mode' ? (cm.engaged ? `Code Mode engages: ${cm.reason}` : `Not this run: ${cm.reason}`) : cm.engaged ? `Not this run: Code Mode engages (${cm.reason})` : undefined) : undefined;
  const title = el('h3', {}, m.mode, m.effectiveMode !== m.mode ? el('span', { class: 'muted' }, ` → ${m.effectiveMode}`) : '', configured ? el('span', { class: 'pill configured', title: surfaceWhy ?? 'The mode the configuration asks for' }, icon('check'), cm?.engaged ? ' this run' : ' configured') : '', m.notInRelease ? el('span', { class: 'pill not-in-release', title: m.notInRelease, 'data-part': 'not-in-release' }, icon('warning'), ' not in this release') : '');
  return el('article', { class: `mode-card${configured ? ' configured' : ''}`, 'data-testid': `mode-${m.mode}`, 'data-mode': m.mode, 'aria-label': `${m.mode} mode` },
    title,
    el('p', { class: 'big' }, el('strong', { 'data-testid': 'total-tokens', ...(m.tokensPending ? { 'data-pending': 'true', 'aria-busy': 'true' } : {}) }, tokenText(m, m.tokens?.total)), ' tokens · ', el('span', { 'data-testid': 'total-bytes' }, kb(m.bytes.total))),
    windowMeter(m),
    sizeTable(m),
    el('p', { class: 'small muted' }, `${fmt(m.deferred)} tools behind ${m.mode === 'code-mode' ? 'Code Mode (reached from exec programs)' : 'Tool Search'}`),
    ...(surfaceWhy && !configured ? [el('p', { class: 'small muted', 'data-part': 'surface-why' }, surfaceWhy)] : surfaceWhy ? [el('p', { class: 'small', 'data-part': 'surface-why' }, surfaceWhy)] : []),
    schemaList(m));
}

/**
 * What OpenClaw itself sends per mode: its whole request (system prompt,
 * bootstrap files, envelope) as predicted, and the savings on that, which
 * are what a user of OpenClaw gets (the sizes below are of the tools and
 * turn alone).
 */
function openclawSizes(v: PreviewView): HTMLElement | undefined {
  const rows = v.modes.filter((m) => m.openclaw);
  const unavailable = v.modes.find((m) => m.openclawUnavailable)?.openclawUnavailable;
  if (rows.length === 0 && unavailable) {
    // A version without generated templates: say so rather than show another release's request.
    return el('section', { 'aria-labelledby': 'openclaw-h', 'data-testid': 'openclaw-sizes' }, el('h2', { id: 'openclaw-h' }, 'What OpenClaw sends'), el('p', { class: 'small muted', 'data-part': 'openclaw-unavailable' }, unavailable));
  }
  if (rows.length === 0) {
    return undefined;
  }
  const direct = v.modes.find((m) => m.mode === 'direct')?.openclaw?.bytes;
  const version = rows[0]?.openclaw?.version ?? '';
  const body = el('tbody');
  for (const m of rows) {
    const o = m.openclaw;
    if (!o) continue;
    const saved = direct && m.mode !== 'direct' ? pct(1 - o.bytes / direct) : '—';
    body.append(el('tr', { 'data-mode': m.mode }, el('th', { scope: 'row' }, m.mode), el('td', { class: 'num', 'data-part': 'openclaw-bytes' }, kb(o.bytes)), el('td', { class: 'num' }, fmt(o.tools)), el('td', { class: 'num' }, fmt(o.systemPromptChars)), el('td', { class: 'num', 'data-part': 'openclaw-saved' }, saved)));
  }
  // The same tools are left out in every mode: said once, under the table.
  const left = rows.find((m) => m.openclaw?.inspectorOnly)?.openclaw?.inspectorOnly;
  return el('section', { 'aria-labelledby': 'openclaw-h', 'data-testid': 'openclaw-sizes' },
    el('h2', { id: 'openclaw-h' }, `What OpenClaw ${version} sends (whole request, predicted)`),
    el('p', { class: 'small muted' }, 'Its system prompt, bootstrap files and envelope included, as Capture the Real Request measures it. The sizes below count the tools (byte-equal to OpenClaw\'s) and the turn, without OpenClaw\'s own prompt.'),
    el('table', { class: 'grid compact' }, el('thead', {}, el('tr', {}, el('th', {}, 'mode'), ...['request', 'tools', 'system prompt chars', 'fewer bytes than direct'].map((h) => el('th', { scope: 'col', class: 'num' }, h)))), body),
    ...(left ? [el('p', { class: 'small', 'data-testid': 'openclaw-inspector-only' }, icon('info'), ` Not in a real run, so not counted here: ${fmt(left.tools)} tool${left.tools === 1 ? '' : 's'} the inspector shows (${left.text}). The cards below include them.`)] : []));
}

function modesTab(v: PreviewView): HTMLElement {
  return el('div', {}, ...[openclawSizes(v)].filter((x): x is HTMLElement => x !== undefined), chart(v), el('div', { class: 'mode-grid' }, ...v.modes.map((m) => modeCard(m, v))));
}

// ---- the directory ----

function directoryTab(v: PreviewView): HTMLElement {
  const d = v.directory;
  const out = el('div', {});
  out.append(likelyBox(v));
  if (!d) {
    out.append(el('p', { class: 'muted' }, 'Directory mode was not assembled.'));
    return out;
  }
  out.append(el('div', { class: 'bound' },
    el('label', { for: 'bound-meter' }, `Directory: ${fmt(d.chars)} of ${fmt(d.maxChars)} characters`),
    el('meter', { id: 'bound-meter', 'data-testid': 'bound', min: '0', max: String(d.maxChars), value: String(d.chars), high: String(Math.floor(d.maxChars * 0.9)) }),
    el('span', { class: 'small muted' }, `${d.shown} listed, ${d.omitted} omitted; descriptions cut to ${d.descriptionLimit}`)));
  if (d.reason) out.append(el('p', { class: 'small' }, icon('info'), ` ${d.reason}`));
  const lines = el('ol', { class: 'directory', 'data-testid': 'directory', 'aria-label': 'The directory as the model reads it' });
  for (const l of d.lines) {
    const li = el('li', l.tool ? { 'data-tool': l.tool } : {}, l.text || '\u00a0');
    if (l.shortenedFrom !== undefined) {
      li.classList.add('shortened');
      li.setAttribute('title', `description shortened from ${l.shortenedFrom} characters`);
      li.append(' ', el('span', { class: 'pill cut', 'aria-label': `shortened from ${l.shortenedFrom} characters` }, icon('fold'), ` ${l.shortenedFrom}`));
    }
    lines.append(li);
  }
  out.append(lines);
  if (d.dropped.length > 0) {
    out.append(el('h3', {}, 'Dropped to fit (callable by exact name, found by search)'), el('p', { class: 'small', 'data-testid': 'dropped' }, d.dropped.join(', ')));
  }
  if (d.unlisted.length > 0) {
    const ul = el('ul', { 'data-testid': 'unlisted' });
    for (const u of d.unlisted) {
      ul.append(el('li', {}, el('strong', {}, u.source === 'mcp' ? `MCP server "${u.owner}"` : u.source === 'client' ? 'client tools' : u.owner), `: ${u.count} tool${u.count === 1 ? '' : 's'} searchable but not listed — ${u.reason}`));
    }
    out.append(el('h3', {}, 'Searchable but not listed'), ul);
  }
  return out;
}

function likelyBox(v: PreviewView): HTMLElement {
  const hydrates = v.promptEffect?.hydrates ?? true;
  const box = el('section', { 'data-testid': 'likely', 'aria-labelledby': 'likely-h' }, el('h2', { id: 'likely-h' }, hydrates ? 'Hydrated from the prompt' : 'Schemas from the prompt'));
  if (!hydrates || !v.prompt.trim()) {
    if (v.promptEffect) box.append(el('p', { class: 'muted' }, v.promptEffect.beforePrompt));
    return box;
  }
  if (v.likely.length === 0) {
    box.append(el('p', { class: 'muted' }, 'No first-party tool matched this prompt; every schema stays behind Tool Search.'));
  }
  const ul = el('ul');
  for (const l of v.likely) {
    ul.append(el('li', { 'data-tool': l.name }, el('code', {}, l.name), l.terms.length ? el('span', { class: 'muted' }, ` — matched: ${l.terms.join(', ')}`) : el('span', { class: 'muted' }, ' — matched related words')));
  }
  if (v.required.length) ul.append(el('li', { class: 'muted' }, `required: ${v.required.join(', ')}`));
  box.append(ul);
  return box;
}

// ---- costs ----

function costsTab(v: PreviewView): HTMLElement {
  const body = el('tbody');
  const max = Math.max(1, ...v.topTools.map((t) => t.bytes));
  for (const t of v.topTools) {
    const name: Node = t.id && t.located ? button(t.name, `Open the definition of ${t.name}`, () => post({ type: 'openDefinition', toolId: t.id ?? '' }), { cls: 'link' }) : el('code', {}, t.name);
    body.append(el('tr', { 'data-tool': t.name }, el('td', {}, name), el('td', { class: 'num' }, fmt(t.bytes)), el('td', { class: 'num' }, t.tokens !== undefined ? fmt(t.tokens) : '–'),
      el('td', { class: 'barcell' }, widthed(el('span', { class: 'seg seg-tools' }), (100 * t.bytes) / max))));
  }
  return el('section', { 'aria-labelledby': 'costs-h' },
    el('h2', { id: 'costs-h' }, 'Largest schemas in direct mode'),
    el('p', { class: 'muted small' }, 'What makes direct mode expensive: each schema below is sent on every turn when Tool Search is off.'),
    el('table', { class: 'grid', 'data-testid': 'top-tools' }, el('thead', {}, el('tr', {}, ...['Tool', 'Bytes', 'Tokens', ''].map((c) => el('th', { scope: 'col' }, c)))), body));
}

// ---- raw request ----

function rawTab(): HTMLElement {
  const modes = el('div', { role: 'radiogroup', 'aria-label': 'Mode of the raw request', class: 'segmented' });
  for (const m of MODE_NAMES) {
    const b = el('button', { type: 'button', role: 'radio', 'aria-checked': String(m === state.rawMode), 'data-testid': `raw-${m}` }, m);
    b.addEventListener('click', () => {
      state = { ...state, rawMode: m };
      save();
      raw = undefined;
      redraw();
    });
    modes.append(b);
  }
  const tools = el('div', { class: 'toolbar' }, modes,
    button('Copy', 'Copy the request JSON', () => post({ type: 'copyRaw', mode: state.rawMode }), { icon: 'copy', testid: 'raw-copy' }),
    button('Open beside', 'Open the request as a JSON document beside the panel', () => post({ type: 'openRawDocument', mode: state.rawMode }), { icon: 'json', testid: 'raw-open' }));
  const pre = el('pre', { class: 'raw', 'data-testid': 'raw-json', tabindex: '0', 'aria-label': `Request body of ${state.rawMode} mode` });
  if (raw && raw.mode === state.rawMode) {
    // Shown escaped (a description's bidi or invisible characters); Copy and Open beside give the exact body.
    pre.textContent = shownText(raw.json.length > MAX_RAW_CHARS ? `${raw.json.slice(0, MAX_RAW_CHARS)}\n… ${fmt(raw.json.length - MAX_RAW_CHARS)} more characters: use "Open beside" for the whole request` : raw.json);
  } else {
    pre.textContent = 'Loading the request…';
    post({ type: 'raw', mode: state.rawMode });
  }
  return el('div', {}, tools, pre);
}

// ---- drawing ----

function redraw(): void {
  if (state.view) {
    draw(state.view);
  }
}

function draw(v: PreviewView): void {
  // Keep the prompt box (and its caret) when re-rendering for a prompt edit.
  const existing = document.getElementById('prompt-slot');
  const slot = existing ?? el('div', { id: 'prompt-slot' }, promptBox(v));
  // The modelled release can change under an open panel (a setting, an install).
  const area = slot.querySelector('textarea');
  if (area && v.promptEffect && area.placeholder !== v.promptEffect.placeholder) area.placeholder = v.promptEffect.placeholder;
  const body = el('div', { id: 'body' }, tabs(v));
  const top = header(v);
  if (existing && app.contains(existing)) {
    const old = document.getElementById('body');
    const oldHeader = app.querySelector('header');
    oldHeader?.replaceWith(top);
    old?.replaceWith(body);
  } else {
    app.replaceChildren(top, slot, body);
  }
}

function render(v: PreviewView): void {
  state = { ...state, view: v };
  save();
  raw = undefined;
  draw(v);
  const started = pending?.cause === v.cause ? pending.started : performance.now();
  pending = undefined;
  requestAnimationFrame(() => post({ type: 'rendered', cause: v.cause, ms: performance.now() - started }));
}

/** Late tokens of one mode, drawn into the view they were counted for (a newer view ignores them). */
function applyTokens(t: ModeTokensView): void {
  const v = state.view;
  if (!v || v.seq !== t.seq) {
    return;
  }
  const modes = v.modes.map((m): ModeView => {
    if (m.mode !== t.mode) return m;
    const next: ModeView = { ...m, tokens: t.tokens, windows: t.windows };
    delete next.tokensPending;
    return next;
  });
  state = { ...state, view: { ...v, modes } };
  save();
  // draw() keeps the prompt box and its caret; the open tab is drawn again with the counts.
  redraw();
  const started = performance.now();
  requestAnimationFrame(() => post({ type: 'rendered', cause: `${v.cause}:tokens`, ms: performance.now() - started }));
}

window.addEventListener('message', (e: MessageEvent<unknown>) => {
  const msg = parseHostMessage(e.data);
  if (!msg) {
    return;
  }
  switch (msg.type) {
    case 'preview':
      render(msg.view);
      break;
    case 'tokens':
      applyTokens(msg);
      break;
    case 'raw':
      raw = { mode: msg.mode, json: msg.json };
      if (state.tab === 'raw' && msg.mode === state.rawMode) redraw();
      break;
    case 'capture':
      // A capture that starts, is refused or installs what it needs (from the button or the palette) brings its tab forward.
      if ((msg.view.status === 'running' || msg.view.status === 'refused' || msg.view.status === 'installing') && capture?.status !== msg.view.status) {
        state = { ...state, tab: 'real' };
        save();
      }
      capture = msg.view;
      redraw();
      break;
    case 'loading':
      if (!state.view) {
        app.replaceChildren(el('p', { class: 'muted', role: 'status' }, 'Building the catalog…'));
      }
      break;
    case 'error':
      app.replaceChildren(el('p', { class: 'banner error', role: 'status' }, `Could not preview: ${msg.message}`), button('Retry', 'Rebuild the catalog', () => post({ type: 'refresh' })));
      break;
  }
});

// Show what we had at once (hide/show, reload), then ask for fresh data with the kept prompt.
if (state.view) {
  draw(state.view);
}
pending = { cause: 'open', started: performance.now() };
post({ type: 'ready', prompt: state.prompt });
