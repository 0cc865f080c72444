// The Explain webview: the decision chain of one tool, stage by stage, with
// every file:line a link and the one-click fix. Talks to the host only
// through the shared protocol; builds DOM with textContent (names, rules and
// reasons come from configs and servers).
import { parseHostMessage, type BlockerView, type ChainStepView, type ExplainView, type LinkView, type MatchView, type WebviewMessage } from '../shared/explainProtocol';
import { el, hostApi, icon } from '../shared/dom';
import { POLICY } from '../../core/vocabulary';

const vscode = hostApi<WebviewMessage, never>();
const app = document.getElementById('app') as HTMLElement;

const STAGE_TITLES: Record<ChainStepView['stage'], string> = {
  source: 'Source',
  policy: 'Policy',
  names: 'Names',
  surface: 'Model',
};
const EFFECT_ICONS: Record<ChainStepView['effect'], string> = { allow: 'pass', deny: 'circle-slash', none: 'circle-large-outline' };
const STATUS_ICONS: Record<string, string> = { cataloged: 'pass', 'direct-only': 'eye', excluded: 'circle-slash', unavailable: 'debug-disconnect', unknown: 'question' };

/** A file:line link as a button (reachable by Tab, opened with Enter or Space); built-in places are plain text. */
function link(at: LinkView, testid = 'location-link'): HTMLElement {
  if (at.file === undefined) {
    return el('span', { class: 'builtin', title: 'Built into OpenClaw: no file to open' }, icon('library'), ` ${at.text}`);
  }
  const b = el('button', { type: 'button', class: 'link', 'data-testid': testid, title: `Open ${at.text}` }, at.text);
  b.addEventListener('click', () => vscode.postMessage({ type: 'open', target: at }));
  return b;
}

function step(s: ChainStepView): HTMLElement {
  const cls = `step effect-${s.effect}${s.notReached ? ' not-reached' : ''}`;
  const li = el(
    'li',
    { class: cls, 'data-testid': `step-${s.stage}` },
    el('span', { class: 'stage' }, STAGE_TITLES[s.stage]),
    el('span', { class: 'effect', title: s.notReached ? `${POLICY.notReached.label}: ${POLICY.notReached.meaning}` : s.effect }, icon(EFFECT_ICONS[s.effect]), ` ${s.notReached ? POLICY.notReached.label : s.effect}`),
    el('span', { class: 'layer' }, s.layer),
    el('span', { class: 'said' }, s.said),
  );
  if (s.at) {
    li.append(el('span', { class: 'at' }, link(s.at, 'step-link')));
  }
  return li;
}

/** One layer that blocks the tool: its place (Go to Rule) and the plan's edit for it, or that no edit lifts it. */
function blocker(b: BlockerView): HTMLElement {
  const li = el('li', { class: 'blocker', 'data-testid': 'blocker' }, el('span', { class: 'layer' }, b.layer), el('span', { class: 'said' }, b.said));
  if (b.at) {
    li.append(el('span', { class: 'at' }, link(b.at, 'blocker-link')));
  }
  if (b.edit !== undefined || b.stuck === true) {
    li.append(el('span', { class: 'edit' }, b.edit !== undefined ? `fix: ${b.edit}` : 'no edit of the config lifts it'));
  }
  return li;
}

function match(m: MatchView, index: number): HTMLElement {
  const section = el('section', { class: `match status-${m.status}`, 'data-testid': 'match', 'aria-labelledby': `m${index}` });
  section.append(el('h2', { id: `m${index}` }, icon(STATUS_ICONS[m.status] ?? 'symbol-method'), ` ${m.id ?? m.name} `, el('span', { class: 'status', 'data-testid': 'status' }, m.status)));
  section.append(el('p', { class: 'why', 'data-testid': 'reason' }, m.reason));
  const facts = el('dl', { class: 'facts' });
  if (m.rule) {
    facts.append(el('dt', {}, 'Decided by'), el('dd', { 'data-testid': 'rule' }, link(m.rule, 'rule-link')));
  }
  if (m.related) {
    facts.append(el('dt', {}, 'Clashes with'), el('dd', {}, `${m.related.label} `, link(m.related.at, 'related-link')));
  }
  if (m.definition) {
    facts.append(el('dt', {}, 'Defined at'), el('dd', {}, link(m.definition, 'definition-link')));
  }
  // With several blocking layers the first layer's hint alone would read as the whole fix.
  const layers = m.blockers?.length ?? 0;
  if (layers > 1) {
    facts.append(el('dt', {}, 'How to fix'), el('dd', { 'data-testid': 'hint' }, `${layers} layers block it (below): ${m.fix ? 'the fix edits each of them in one undoable edit' : 'no edit of the config lifts them all'}`));
  } else if (m.hint) {
    facts.append(el('dt', {}, 'How to fix'), el('dd', { 'data-testid': 'hint' }, m.hint));
  }
  if (facts.childElementCount > 0) {
    section.append(facts);
  }
  if (m.fix && m.id) {
    const id = m.id;
    const b = el('button', { type: 'button', class: 'primary', 'data-testid': 'apply-fix' }, icon('lightbulb-autofix'), ` ${m.fix.title}`);
    b.addEventListener('click', () => {
      b.disabled = true;
      vscode.postMessage({ type: 'applyFix', toolId: id });
    });
    section.append(el('div', { class: 'fix' }, b));
  }
  if (m.fixNote) {
    section.append(el('p', { class: 'fix-note', 'data-testid': 'fix-note' }, m.fixNote));
  }
  if (m.blockers && m.blockers.length > 0) {
    section.append(el('h3', {}, 'Blocked by'), el('ul', { class: 'blockers', 'data-testid': 'blockers' }, ...m.blockers.map(blocker)));
  }
  if (m.chain.length > 0) {
    section.append(el('h3', {}, 'Decision chain'), el('ol', { class: 'chain', 'data-testid': 'chain' }, ...m.chain.map(step)));
  }
  return section;
}

function render(view: ExplainView): void {
  const parts: HTMLElement[] = [el('h1', {}, 'Explain ', el('code', {}, view.query))];
  if (view.stale) {
    parts.push(el('div', { class: 'banner stale', role: 'alert', 'data-testid': 'stale' }, icon('warning'), ' The config does not parse: this is the last good catalog. ', link(view.stale.where, 'stale-link'), ` ${view.stale.message}`));
  }
  if (view.openclawVersion) {
    parts.push(el('p', { class: 'muted' }, `Modelling ${view.openclawVersion}.`));
  }
  parts.push(el('div', { class: 'result', role: 'status', 'data-testid': 'fix-result' }));
  view.matches.forEach((m, i) => parts.push(match(m, i)));
  if (view.suggestions.length > 0) {
    const p = el('p', { class: 'suggestions' }, 'Did you mean: ');
    view.suggestions.forEach((s, i) => {
      const b = el('button', { type: 'button', class: 'link', 'data-testid': 'suggestion' }, s);
      b.addEventListener('click', () => vscode.postMessage({ type: 'explain', query: s }));
      p.append(...(i > 0 ? [', ', b] : [b]));
    });
    parts.push(p);
  }
  if (view.unavailableServers.length > 0) {
    parts.push(el('p', { class: 'muted' }, `Servers that failed (their tools are missing): ${view.unavailableServers.join(', ')}`));
  }
  app.replaceChildren(...parts);
  // The panel re-explains after every rebuild (a fix brings the tool back): the fix's result and Undo stay.
  if (lastResult) {
    showResult(lastResult.ok, lastResult.message, lastResult.undo);
  }
}

let shownQuery = '';
let lastResult: { ok: boolean; message: string; undo: boolean } | undefined;

function showResult(ok: boolean, message: string, undo: boolean): void {
  lastResult = { ok, message, undo };
  const box = app.querySelector<HTMLElement>('[data-testid="fix-result"]');
  if (!box) {
    return;
  }
  box.className = `result ${ok ? 'ok' : 'failed'}`;
  box.replaceChildren(icon(ok ? 'check' : 'error'), ` ${message} `);
  if (undo) {
    const b = el('button', { type: 'button', 'data-testid': 'undo-fix' }, icon('discard'), ' Undo');
    b.addEventListener('click', () => vscode.postMessage({ type: 'undoFix' }));
    box.append(b);
  }
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const msg = parseHostMessage(event.data);
  if (!msg) {
    return;
  }
  switch (msg.type) {
    case 'explain':
      if (msg.view.query !== shownQuery) {
        lastResult = undefined;
        shownQuery = msg.view.query;
      }
      render(msg.view);
      break;
    case 'fixResult':
      showResult(msg.ok, msg.message, msg.undo);
      break;
    case 'loading':
      app.replaceChildren(el('p', { class: 'muted' }, 'Building the catalog…'));
      break;
    case 'error':
      app.replaceChildren(el('p', { class: 'banner error', role: 'alert' }, msg.message));
      break;
  }
});

vscode.postMessage({ type: 'ready' });
