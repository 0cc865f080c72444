// The Session Log viewer: the four questions answered on top, then the
// session step by step (model requests, Tool Search operations, calls), turn
// by turn, with the event behind each step as a tree. Lines that could not be
// read are listed with their line numbers. DOM is built with textContent only.
import {
  parseSessionHostMessage,
  parseSessionPanelState,
  type FinalCallView,
  type ProgramStepView,
  type SessionLogView,
  type SessionPanelState,
  type SessionSourceView,
  type SessionStepView,
  type SessionWebviewMessage,
} from '../shared/sessionProtocol';
import { el, hostApi, icon } from '../shared/dom';
import { jsonTree } from '../shared/jsonTree';

const vscode = hostApi<SessionWebviewMessage, SessionPanelState>();
const app = document.getElementById('app') as HTMLElement;
const state: SessionPanelState = parseSessionPanelState(vscode.getState());
let view: SessionLogView | undefined;

interface FlatStep {
  turn: number;
  turnId: string;
  step: SessionStepView;
}

function flat(v: SessionLogView): FlatStep[] {
  return v.turns.flatMap((t, turn) => t.steps.map((step) => ({ turn, turnId: t.turnId, step })));
}

const KIND_ICON: Record<SessionStepView['kind'], string> = {
  'turn-start': 'play-circle',
  'model-request': 'comment-discussion',
  search: 'search',
  describe: 'symbol-interface',
  call: 'tools',
  'model-call': 'hubot',
  'turn-end': 'debug-stop',
};
const KIND_LABEL: Record<SessionStepView['kind'], string> = {
  'turn-start': 'turn start',
  'model-request': 'model request',
  search: 'search',
  describe: 'describe',
  call: 'call',
  'model-call': 'model call',
  'turn-end': 'turn end',
};

function lineLink(line: number): HTMLElement {
  const b = el('button', { type: 'button', class: 'link', title: `Open line ${line} of the log`, 'data-testid': 'open-line' }, `line ${line}`);
  b.addEventListener('click', (e) => {
    e.stopPropagation();
    vscode.postMessage({ type: 'openLine', line });
  });
  return b;
}

function callText(c: FinalCallView): string {
  return c.name && c.name !== c.id ? `${c.name} (${c.id})` : c.id;
}

function answer(testid: string, question: string, main: string, detail?: string): HTMLElement {
  return el('div', { class: 'answer', 'data-testid': testid },
    el('div', { class: 'question' }, question),
    el('div', { class: 'value' }, main),
    ...(detail ? [el('div', { class: 'muted small' }, detail)] : []));
}

function answers(v: SessionLogView): HTMLElement {
  const a = v.answers;
  const schemas = a.schemasUpFront !== undefined
    ? answer('answer-schemas', 'Schemas up front', String(a.schemasUpFront), `${a.catalogSchemasUpFront ?? 0} of them catalog tools${v.effectiveMode ? `; ${v.effectiveMode} mode` : ''}${v.catalogSize !== undefined ? `; catalog of ${v.catalogSize}` : ''}`)
    : answer('answer-schemas', 'Schemas up front', 'not recorded', 'the log has no model request (turn-start)');
  const ops = answer('answer-operations', 'Searches and describes', `${a.searches} ${a.searches === 1 ? 'search' : 'searches'}, ${a.describes} ${a.describes === 1 ? 'describe' : 'describes'}`);
  const final = a.finalTool
    ? answer('answer-final', 'Final tool', a.finalTool.name ?? a.finalTool.id, `${a.finalTool.id}${a.otherTools.length > 0 ? `; after ${a.otherTools.map(callText).join(', ')}` : ''}`)
    : answer('answer-final', 'Final tool', 'none ran', a.failedCalls.length > 0 ? `${a.failedCalls.length} refused or failed: ${a.failedCalls.map((c) => `${c.id}${c.error ? ` (${c.error})` : ''}`).join('; ')}` : undefined);
  const source = a.finalTool
    ? answer('answer-source', 'From which source', a.finalTool.origin, `via ${a.finalTool.via}`)
    : answer('answer-source', 'From which source', '—');
  return el('section', { class: 'answers', 'aria-label': 'The four questions' }, schemas, ops, final, source);
}

function problemsSection(v: SessionLogView): HTMLElement | undefined {
  if (v.problems.length === 0 && !v.truncated) {
    return undefined;
  }
  const items = v.problems.map((p) => el('li', { 'data-testid': 'problem' }, lineLink(p.line), `: ${p.message}`));
  if (v.moreProblems > 0) {
    items.push(el('li', {}, `… and ${v.moreProblems} more`));
  }
  return el('section', { class: 'banner problems', 'data-testid': 'problems' },
    el('div', {}, icon('warning'), ` ${v.problems.length + v.moreProblems} ${v.problems.length + v.moreProblems === 1 ? 'line was' : 'lines were'} not read${v.truncated ? `; ${v.truncated}` : ''}. The rest of the log is shown.`),
    el('ul', {}, ...items));
}

function stepper(steps: FlatStep[]): HTMLElement {
  const current = steps[state.step];
  const prev = el('button', { type: 'button', class: 'secondary', 'data-testid': 'prev-step', 'aria-label': 'Previous step' }, icon('arrow-left'), ' Previous');
  const next = el('button', { type: 'button', class: 'secondary', 'data-testid': 'next-step', 'aria-label': 'Next step' }, 'Next ', icon('arrow-right'));
  prev.disabled = state.step <= 0;
  next.disabled = state.step >= steps.length - 1;
  prev.addEventListener('click', () => go(state.step - 1));
  next.addEventListener('click', () => go(state.step + 1));
  const head = el('div', { class: 'stepper-bar' }, prev,
    el('span', { class: 'position', 'data-testid': 'step-position', 'aria-live': 'polite' }, current ? `Step ${state.step + 1} of ${steps.length} · turn ${current.turnId}` : 'No steps'),
    next);
  if (!current) {
    return el('section', { class: 'stepper' }, head);
  }
  const s = current.step;
  return el('section', { class: 'stepper', 'data-testid': 'current-step', 'data-kind': s.kind },
    head,
    el('div', { class: `step-card${s.ok ? '' : ' failed'}` },
      el('div', { class: 'step-title' }, icon(KIND_ICON[s.kind]), el('strong', {}, ` ${s.title}`), s.ok ? '' : ' (failed)'),
      el('div', { class: 'muted small' }, KIND_LABEL[s.kind], ...(s.line > 0 ? [' · ', lineLink(s.line)] : [])),
      ...(s.replay ? [replayButton(s.replay.hits !== undefined)] : []),
      ...(s.program ? [programCard(s.program)] : []),
      jsonTree(s.detail, { 'data-testid': 'step-event' })));
}

/** A Code Mode leg: the program as the model wrote it, then what its run gave back (the calls follow as steps). */
function programCard(p: ProgramStepView): HTMLElement {
  const row = (testid: string, label: string, ...value: (string | HTMLElement)[]): HTMLElement =>
    el('div', { class: 'program-row', 'data-testid': testid }, el('span', { class: 'program-label' }, label), ...value);
  const status = p.status ?? 'not recorded';
  const counts = p.counts ? `${p.counts.searches} ${p.counts.searches === 1 ? 'search' : 'searches'}, ${p.counts.describes} ${p.counts.describes === 1 ? 'describe' : 'describes'}, ${p.counts.calls} ${p.counts.calls === 1 ? 'call' : 'calls'}` : undefined;
  return el('section', { class: 'program', 'data-testid': 'program', 'aria-label': 'Code Mode program' },
    ...(p.code !== undefined ? [el('div', { class: 'program-label' }, 'Program (exec)'), el('pre', { class: 'program-code', 'data-testid': 'program-code', tabindex: '0' }, p.code)] : []),
    ...(p.resumes !== undefined ? [row('program-resumes', 'Resumed (wait)', p.resumes)] : []),
    row('program-status', 'Status', `${status}${p.reason ? ` (${p.reason})` : ''}${p.runId ? `, run ${p.runId}` : ''}`),
    ...(counts ? [row('program-counts', 'In this leg', counts)] : []),
    ...(p.output.length > 0 ? [el('div', { class: 'program-label' }, 'Output'), el('pre', { class: 'program-output', 'data-testid': 'program-output' }, p.output.join('\n'))] : []),
    ...(p.value !== undefined ? [el('div', { class: 'program-label' }, 'Returned'), el('pre', { class: 'program-value', 'data-testid': 'program-value' }, p.value)] : []),
    ...(p.error !== undefined ? [el('div', { class: 'program-label' }, 'Error'), el('pre', { class: 'program-error', 'data-testid': 'program-error' }, p.error)] : []));
}

/** Asks the current catalog the step's query again: same hits? and why not the final tool? */
function replayButton(hitsRecorded: boolean): HTMLElement {
  const final = view?.answers.finalTool;
  const title = `Run this query against the current catalog in the Search Playground${hitsRecorded ? ' and compare the hits with the session\'s' : ''}${final ? `; explain where ${final.name ?? final.id}, the tool the session finally called, ranks` : ''}`;
  const b = el('button', { type: 'button', class: 'secondary replay', title, 'data-testid': 'replay-search' }, icon('search'), ' Replay in Search Playground');
  b.addEventListener('click', () => vscode.postMessage({ type: 'replaySearch', step: state.step }));
  return el('div', { class: 'step-actions' }, b);
}

function stepList(v: SessionLogView): HTMLElement {
  let index = 0;
  const turns = v.turns.map((t) => {
    const items = t.steps.map((s) => {
      const i = index++;
      const li = el('li', {
        class: `step depth-${s.depth}${i === state.step ? ' current' : ''}${s.ok ? '' : ' failed'}`,
        role: 'option',
        'aria-selected': String(i === state.step),
        id: `step-${i}`,
        'data-testid': 'step',
        'data-kind': s.kind,
        title: KIND_LABEL[s.kind],
      }, icon(KIND_ICON[s.kind]), el('span', { class: 'title' }, ` ${s.title}`), ...(s.ok ? [] : [el('span', { class: 'flag' }, ' ', icon('error'), ' failed')]));
      li.addEventListener('click', () => go(i));
      return li;
    });
    return el('li', { class: 'turn' },
      el('div', { class: 'turn-head' }, `Turn ${t.turnId}`, t.ok === false ? ` — ended with an error${t.error ? `: ${t.error}` : ''}` : ''),
      el('ol', { class: 'steps' }, ...items));
  });
  const list = el('ol', { class: 'turns', role: 'listbox', tabindex: '0', 'aria-label': 'Steps (up/down or j/k to move)', 'data-testid': 'steps' }, ...turns);
  list.setAttribute('aria-activedescendant', `step-${state.step}`);
  list.addEventListener('keydown', onKey);
  return list;
}

function go(i: number): void {
  if (!view) {
    return;
  }
  const n = flat(view).length;
  state.step = Math.max(0, Math.min(n - 1, i));
  render();
  document.getElementById(`step-${state.step}`)?.scrollIntoView({ block: 'nearest' });
}

function onKey(e: KeyboardEvent): void {
  const moves: Record<string, number> = { ArrowDown: 1, j: 1, ArrowRight: 1, ArrowUp: -1, k: -1, ArrowLeft: -1 };
  const d = moves[e.key];
  if (d !== undefined) {
    e.preventDefault();
    go(state.step + d);
    (app.querySelector('ol.turns') as HTMLElement | null)?.focus();
  } else if (e.key === 'Home' || e.key === 'End') {
    e.preventDefault();
    go(e.key === 'Home' ? 0 : Number.MAX_SAFE_INTEGER);
    (app.querySelector('ol.turns') as HTMLElement | null)?.focus();
  }
}

function render(): void {
  vscode.setState(state);
  const v = view;
  if (!v) {
    return;
  }
  const steps = flat(v);
  state.step = Math.max(0, Math.min(state.step, steps.length - 1));
  const problems = problemsSection(v);
  const where = v.source ? `${v.eventCount} events of ${v.source.format === 'openclaw-store' ? 'an OpenClaw store' : 'an OpenClaw transcript'}${v.source.openclawVersion ? ` (OpenClaw ${v.source.openclawVersion})` : ''}` : `${v.eventCount} events on ${v.lineCount} lines`;
  app.replaceChildren(
    el('header', {},
      el('h1', {}, v.source ? 'Session ' : 'Session Log ', el('span', { class: 'source' }, v.file)),
      ...(v.source && v.source.sessions.length > 1 ? [sessionPicker(v.source)] : []),
      el('p', { class: 'summary muted', 'data-testid': 'session-summary' }, `${v.turns.length} ${v.turns.length === 1 ? 'turn' : 'turns'}, ${steps.length} steps from ${where}`)),
    answers(v),
    ...(problems ? [problems] : []),
    steps.length > 0
      ? el('div', { class: 'steps-layout' }, stepper(steps), el('section', { class: 'all-steps' }, el('h2', {}, 'All steps'), stepList(v)))
      : el('p', { class: 'muted', 'data-testid': 'empty' }, 'No session events in this file. Session logs are what `compare --log-dir`, `call --log` and the extension write (one JSON event per line).'),
  );
}

/** A store holds many sessions: one is shown, the picker switches (the host sends the other's view). */
function sessionPicker(source: SessionSourceView): HTMLElement {
  const select = el('select', { id: 'session-pick', 'data-testid': 'session-pick' }, ...source.sessions.map((label, i) => el('option', { value: String(i) }, label))) as HTMLSelectElement;
  select.value = String(source.selected);
  select.addEventListener('change', () => {
    state.step = 0;
    vscode.postMessage({ type: 'pickSession', index: Number(select.value) });
  });
  return el('p', {}, el('label', { for: 'session-pick' }, `${source.sessions.length} sessions in this file: `), select);
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const msg = parseSessionHostMessage(event.data);
  if (!msg) {
    return;
  }
  if (msg.type === 'error') {
    app.replaceChildren(el('div', { class: 'banner problems', role: 'alert', 'data-testid': 'load-error' }, icon('error'), ` ${msg.message}`));
    return;
  }
  view = msg.view;
  render();
});

vscode.postMessage({ type: 'ready' });
