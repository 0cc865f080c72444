// "Try it": a form generated from a tool's input schema (formModel), a raw
// JSON editor as the fallback, live validation by the host (the gateway's own
// argument check) and the call through the gateway. Results and the call
// history stay with the panel while it lives.
import type { CallResultView, ToolDetailView } from '../shared/catalogProtocol';
import { el, icon, shownText } from '../shared/dom';
import { emptyValue, formOf, getAt, initialArgs, missingRequired, parseInput, removeAt, setAt, type FormField, type PathKey } from './formModel';
import { jsonTree } from './jsonTree';
import { errorMessage } from '../../core/util/errors';

export interface TryItHost {
  validate(toolId: string, seq: number, args: Record<string, unknown>): void;
  call(toolId: string, args: Record<string, unknown>): void;
}

const HISTORY_MAX = 20;
const history = new Map<string, CallResultView[]>();

export function recordCall(r: CallResultView): void {
  const list = history.get(r.toolId) ?? [];
  list.unshift(r);
  history.set(r.toolId, list.slice(0, HISTORY_MAX));
}

function optionLabel(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** The "Try it" section of one tool; returns the element and the hooks the panel calls on host replies. */
export function tryItSection(d: ToolDetailView, host: TryItHost): { element: HTMLElement; onValidation(seq: number, problem?: string): void; onResult(r: CallResultView): void } {
  const form = formOf(d.inputSchema);
  let args: Record<string, unknown> = initialArgs(form);
  let raw = false;
  let seq = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fields = el('div', { class: 'form', 'data-testid': 'try-form' });
  const rawEditor = el('textarea', { class: 'raw-json', rows: '8', spellcheck: 'false', 'aria-label': 'Arguments as JSON', 'data-testid': 'try-raw' });
  rawEditor.hidden = true;
  const problem = el('p', { class: 'validation', role: 'status', 'aria-live': 'polite', 'data-testid': 'try-validation' });
  const result = el('div', { class: 'result', 'data-testid': 'try-result', 'aria-live': 'polite' });
  const historyList = el('ol', { class: 'history', 'data-testid': 'try-history' });

  const validateSoon = (): void => {
    if (timer) {
      clearTimeout(timer);
    }
    timer = setTimeout(() => {
      const missing = missingRequired(form, args);
      if (missing.length > 0) {
        problem.textContent = shownText(`Required: ${missing.join(', ')}`);
        problem.className = 'validation warn';
        return;
      }
      host.validate(d.toolId, ++seq, args);
    }, 250);
  };

  const update = (path: readonly PathKey[], value: unknown): void => {
    args = setAt(args, path, value);
    validateSoon();
  };

  const input = (f: FormField, path: readonly PathKey[], id: string): HTMLElement => {
    const current = getAt(args, path);
    switch (f.kind) {
      case 'boolean': {
        const s = el('select', { id, 'data-path': JSON.stringify(path) }, ...(f.required ? [] : [el('option', { value: '' }, '(not set)')]), el('option', { value: 'true' }, 'true'), el('option', { value: 'false' }, 'false'));
        s.value = current === true ? 'true' : current === false ? 'false' : f.required ? 'false' : '';
        if (f.required && current === undefined) {
          args = setAt(args, path, false);
        }
        s.addEventListener('change', () => update(path, s.value === '' ? undefined : s.value === 'true'));
        return s;
      }
      case 'enum': {
        const opts = f.options ?? [];
        const s = el('select', { id, 'data-path': JSON.stringify(path) }, ...(f.required ? [] : [el('option', { value: '' }, '(not set)')]), ...opts.map((o, i) => el('option', { value: String(i) }, optionLabel(o))));
        const at = opts.findIndex((o) => JSON.stringify(o) === JSON.stringify(current));
        s.value = at >= 0 ? String(at) : f.required && opts.length > 0 ? '0' : '';
        if (f.required && at < 0 && opts.length > 0) {
          args = setAt(args, path, opts[0]);
        }
        s.addEventListener('change', () => update(path, s.value === '' ? undefined : opts[Number(s.value)]));
        return s;
      }
      case 'json': {
        const t = el('textarea', { id, rows: '3', spellcheck: 'false', class: 'json-field', 'data-path': JSON.stringify(path), placeholder: 'JSON' });
        t.value = current === undefined ? '' : JSON.stringify(current, null, 2);
        t.addEventListener('input', () => {
          if (t.value.trim() === '') {
            update(path, undefined);
            t.removeAttribute('aria-invalid');
            return;
          }
          try {
            update(path, JSON.parse(t.value) as unknown);
            t.removeAttribute('aria-invalid');
          } catch {
            t.setAttribute('aria-invalid', 'true');
            problem.textContent = shownText(`${f.key || 'value'}: not valid JSON yet`);
            problem.className = 'validation warn';
          }
        });
        return t;
      }
      default: {
        const i = el('input', { id, type: f.kind === 'string' ? 'text' : 'number', 'data-path': JSON.stringify(path), ...(f.kind === 'integer' ? { step: '1' } : {}), ...(f.kind === 'number' ? { step: 'any' } : {}) });
        i.value = current === undefined ? '' : String(current);
        i.addEventListener('input', () => update(path, parseInput(f, i.value)));
        return i;
      }
    }
  };

  let idSeq = 0;
  const renderField = (f: FormField, path: readonly PathKey[]): HTMLElement => {
    const id = `f-${d.toolId.replace(/[^A-Za-z0-9_-]/g, '_')}-${++idSeq}`;
    const name = f.key || (typeof path[path.length - 1] === 'number' ? `item ${String(path[path.length - 1])}` : 'value');
    const label = el('label', { for: id }, name, f.required ? el('span', { class: 'required', title: 'required' }, ' *') : '');
    const help = f.description ? el('div', { class: 'help' }, f.description) : '';
    if (f.kind === 'object') {
      return el('fieldset', { class: 'object' }, el('legend', {}, name, f.required ? ' *' : ''), help, ...(f.properties ?? []).map((p) => renderField(p, [...path, p.key])));
    }
    if (f.kind === 'array' && f.items) {
      const items = f.items;
      const list = getAt(args, path);
      const arr = Array.isArray(list) ? list : [];
      const box = el('fieldset', { class: 'array' }, el('legend', {}, name, f.required ? ' *' : '', el('span', { class: 'muted' }, ` (${arr.length} item${arr.length === 1 ? '' : 's'})`)), help);
      arr.forEach((_, i) => {
        const remove = el('button', { type: 'button', class: 'icon', title: `Remove item ${i}`, 'aria-label': `Remove item ${i} of ${name}` }, icon('trash'));
        remove.addEventListener('click', () => {
          args = removeAt(args, [...path, i]);
          redraw();
        });
        box.append(el('div', { class: 'array-item' }, renderField(items, [...path, i]), remove));
      });
      const add = el('button', { type: 'button', class: 'secondary', 'aria-label': `Add an item to ${name}` }, icon('add'), ' Add item');
      add.addEventListener('click', () => {
        args = setAt(args, [...path, arr.length], emptyValue(items) ?? '');
        redraw();
      });
      box.append(add);
      return box;
    }
    return el('div', { class: 'field' }, label, input(f, path, id), help);
  };

  const redraw = (): void => {
    idSeq = 0;
    const props = form.properties ?? [];
    fields.replaceChildren(...(props.length === 0 ? [el('p', { class: 'muted' }, 'This tool takes no arguments.')] : props.map((p) => renderField(p, [p.key]))));
    validateSoon();
  };

  const toggle = el('button', { type: 'button', class: 'secondary', 'aria-pressed': 'false', 'data-testid': 'try-raw-toggle' }, icon('json'), ' Edit as JSON');
  toggle.addEventListener('click', () => {
    if (!raw) {
      rawEditor.value = JSON.stringify(args, null, 2);
    } else {
      try {
        const parsed = JSON.parse(rawEditor.value) as unknown;
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
          throw new Error('arguments must be a JSON object');
        }
        args = parsed as Record<string, unknown>;
      } catch (err) {
        problem.textContent = shownText(`Cannot use the JSON: ${errorMessage(err)}`);
        problem.className = 'validation error';
        return;
      }
      redraw();
    }
    raw = !raw;
    fields.hidden = raw;
    rawEditor.hidden = !raw;
    toggle.setAttribute('aria-pressed', String(raw));
  });
  rawEditor.addEventListener('input', () => {
    try {
      const parsed = JSON.parse(rawEditor.value) as unknown;
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        args = parsed as Record<string, unknown>;
        validateSoon();
        return;
      }
      problem.textContent = 'Arguments must be a JSON object.';
    } catch {
      problem.textContent = 'Not valid JSON yet.';
    }
    problem.className = 'validation warn';
  });

  const run = el('button', { type: 'button', 'data-testid': 'try-run' }, icon('play'), ' Run through the gateway');
  run.addEventListener('click', () => {
    run.disabled = true;
    result.replaceChildren(el('p', { class: 'muted', role: 'status' }, 'Running… (an approval prompt may be waiting in the editor)'));
    host.call(d.toolId, args);
  });
  if (d.callBlocked) {
    run.disabled = true;
  }

  const showResult = (r: CallResultView): void => {
    const head = r.ok
      ? el('p', { class: 'outcome ok', 'data-testid': 'try-outcome' }, icon('pass'), ` Result in ${r.durationMs} ms (${r.callId})`)
      : el('p', { class: 'outcome refused', 'data-testid': 'try-outcome' }, icon('error'), ` ${r.blockedBy ? `Refused (${r.blockedBy})` : 'Failed'} in ${r.durationMs} ms: ${r.error ?? ''}`);
    result.replaceChildren(
      head,
      ...(r.text ? [el('h4', {}, 'As text'), el('pre', { class: 'result-text', 'data-testid': 'try-text' }, r.text)] : []),
      ...(r.json !== undefined ? [el('h4', {}, 'As JSON'), jsonTree(r.json, { openDepth: 3, testId: 'try-json' })] : []),
    );
  };

  const drawHistory = (): void => {
    const list = history.get(d.toolId) ?? [];
    historyList.replaceChildren(...list.map((r, i) => {
      // One cell per fact in columns every row shares (a subgrid), so the numbers line up.
      const b = el('button', { type: 'button', class: 'history-entry', title: 'Show this result and its arguments', 'data-testid': 'try-history-entry' },
        el('span', { class: 'n', 'data-testid': 'call-number' }, `${list.length - i}`),
        el('span', { class: 'at' }, new Date(r.at).toLocaleTimeString()),
        el('span', { class: 'said' }, icon(r.ok ? 'pass' : 'error'), ` ${r.ok ? 'ok' : (r.blockedBy ?? 'failed')}`),
        el('span', { class: 'ms', 'data-testid': 'call-ms' }, `${r.durationMs} ms`),
        el('span', { class: 'args' }, JSON.stringify(r.args).slice(0, 80)));
      b.addEventListener('click', () => {
        args = structuredClone(r.args);
        rawEditor.value = JSON.stringify(args, null, 2);
        redraw();
        showResult(r);
      });
      return el('li', { class: r.ok ? 'ok' : 'refused' }, b);
    }));
    if (list.length === 0) {
      historyList.append(el('li', { class: 'muted' }, 'No calls yet.'));
    }
  };

  redraw();
  drawHistory();
  const element = el('section', { class: 'try-it', 'aria-labelledby': 'try-it-h' },
    el('h3', { id: 'try-it-h' }, icon('debug-start'), ' Try it'),
    d.callBlocked ? el('p', { class: 'banner warning', 'data-testid': 'try-blocked' }, d.callBlocked) : el('p', { class: 'muted' }, 'Runs through the gateway exactly as a model\u2019s call: policy re-check, approval prompt, plugin hooks, the tool\u2019s own source.'),
    ...(d.callNote ? [el('p', { class: 'banner warning', 'data-testid': 'try-note' }, d.callNote)] : []),
    el('div', { class: 'toolbar' }, toggle),
    fields,
    rawEditor,
    problem,
    el('div', { class: 'toolbar' }, run),
    result,
    el('details', { class: 'history-box', open: '' }, el('summary', {}, 'Call history'), historyList));
  return {
    element,
    onValidation(s, p) {
      if (s !== seq) {
        return;
      }
      problem.textContent = shownText(p ? `The gateway would refuse these arguments: ${p}` : 'Arguments match the input schema.');
      problem.className = p ? 'validation error' : 'validation ok';
    },
    onResult(r) {
      run.disabled = Boolean(d.callBlocked);
      showResult(r);
      drawHistory();
      result.scrollIntoView({ block: 'nearest' });
    },
  };
}
