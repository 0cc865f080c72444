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

export interface TryItSection {
  element: HTMLElement;
  onValidation(seq: number, problem?: string): void;
  onResult(r: CallResultView): void;
}

/** The "Try it" section of one tool; returns the element and the hooks the panel calls on host replies. */
export function tryItSection(d: ToolDetailView, host: TryItHost): TryItSection {
  return new TryItForm(d, host).section();
}

/** One tool's form, raw editor, result and history, and the arguments they edit. */
class TryItForm {
  private readonly form: FormField;
  private args: Record<string, unknown>;
  private raw = false;
  private seq = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private idSeq = 0;
  private readonly fields = el('div', { class: 'form', 'data-testid': 'try-form' });
  private readonly rawEditor = el('textarea', { class: 'raw-json', rows: '8', spellcheck: 'false', 'aria-label': 'Arguments as JSON', 'data-testid': 'try-raw' });
  private readonly problem = el('p', { class: 'validation', role: 'status', 'aria-live': 'polite', 'data-testid': 'try-validation' });
  private readonly result = el('div', { class: 'result', 'data-testid': 'try-result', 'aria-live': 'polite' });
  private readonly historyList = el('ol', { class: 'history', 'data-testid': 'try-history' });
  private readonly runButton = el('button', { type: 'button', 'data-testid': 'try-run' }, icon('play'), ' Run through the gateway');

  constructor(private readonly d: ToolDetailView, private readonly host: TryItHost) {
    this.form = formOf(d.inputSchema);
    this.args = initialArgs(this.form);
    this.rawEditor.hidden = true;
  }

  section(): TryItSection {
    const d = this.d;
    const toggle = this.rawToggle();
    this.rawEditor.addEventListener('input', () => this.rawEdited());
    this.runButton.addEventListener('click', () => {
      this.runButton.disabled = true;
      this.result.replaceChildren(el('p', { class: 'muted', role: 'status' }, 'Running… (an approval prompt may be waiting in the editor)'));
      this.host.call(d.toolId, this.args);
    });
    if (d.callBlocked) {
      this.runButton.disabled = true;
    }
    this.redraw();
    this.drawHistory();
    const element = el('section', { class: 'try-it', 'aria-labelledby': 'try-it-h' },
      el('h3', { id: 'try-it-h' }, icon('debug-start'), ' Try it'),
      d.callBlocked ? el('p', { class: 'banner warning', 'data-testid': 'try-blocked' }, d.callBlocked) : el('p', { class: 'muted' }, 'Runs through the gateway exactly as a model\u2019s call: policy re-check, approval prompt, plugin hooks, the tool\u2019s own source.'),
      ...(d.callNote ? [el('p', { class: 'banner warning', 'data-testid': 'try-note' }, d.callNote)] : []),
      el('div', { class: 'toolbar' }, toggle),
      this.fields,
      this.rawEditor,
      this.problem,
      el('div', { class: 'toolbar' }, this.runButton),
      this.result,
      el('details', { class: 'history-box', open: '' }, el('summary', {}, 'Call history'), this.historyList));
    return {
      element,
      onValidation: (s, p) => {
        if (s !== this.seq) {
          return;
        }
        this.problem.textContent = shownText(p ? `The gateway would refuse these arguments: ${p}` : 'Arguments match the input schema.');
        this.problem.className = p ? 'validation error' : 'validation ok';
      },
      onResult: (r) => {
        this.runButton.disabled = Boolean(d.callBlocked);
        this.showResult(r);
        this.drawHistory();
        this.result.scrollIntoView({ block: 'nearest' });
      },
    };
  }

  private say(text: string, kind: 'warn' | 'error'): void {
    this.problem.textContent = shownText(text);
    this.problem.className = `validation ${kind}`;
  }

  private validateSoon(): void {
    if (this.timer) {
      clearTimeout(this.timer);
    }
    this.timer = setTimeout(() => {
      const missing = missingRequired(this.form, this.args);
      if (missing.length > 0) {
        this.say(`Required: ${missing.join(', ')}`, 'warn');
        return;
      }
      this.host.validate(this.d.toolId, ++this.seq, this.args);
    }, 250);
  }

  private update(path: readonly PathKey[], value: unknown): void {
    this.args = setAt(this.args, path, value);
    this.validateSoon();
  }

  private input(f: FormField, path: readonly PathKey[], id: string): HTMLElement {
    switch (f.kind) {
      case 'boolean':
        return this.booleanInput(f, path, id);
      case 'enum':
        return this.enumInput(f, path, id);
      case 'json':
        return this.jsonInput(f, path, id);
      default: {
        const current = getAt(this.args, path);
        const i = el('input', { id, type: f.kind === 'string' ? 'text' : 'number', 'data-path': JSON.stringify(path), ...(f.kind === 'integer' ? { step: '1' } : {}), ...(f.kind === 'number' ? { step: 'any' } : {}) });
        i.value = current === undefined ? '' : String(current);
        i.addEventListener('input', () => this.update(path, parseInput(f, i.value)));
        return i;
      }
    }
  }

  private booleanInput(f: FormField, path: readonly PathKey[], id: string): HTMLElement {
    const current = getAt(this.args, path);
    const s = el('select', { id, 'data-path': JSON.stringify(path) }, ...(f.required ? [] : [el('option', { value: '' }, '(not set)')]), el('option', { value: 'true' }, 'true'), el('option', { value: 'false' }, 'false'));
    s.value = current === true ? 'true' : current === false ? 'false' : f.required ? 'false' : '';
    if (f.required && current === undefined) {
      this.args = setAt(this.args, path, false);
    }
    s.addEventListener('change', () => this.update(path, s.value === '' ? undefined : s.value === 'true'));
    return s;
  }

  private enumInput(f: FormField, path: readonly PathKey[], id: string): HTMLElement {
    const current = getAt(this.args, path);
    const opts = f.options ?? [];
    const s = el('select', { id, 'data-path': JSON.stringify(path) }, ...(f.required ? [] : [el('option', { value: '' }, '(not set)')]), ...opts.map((o, i) => el('option', { value: String(i) }, optionLabel(o))));
    const at = opts.findIndex((o) => JSON.stringify(o) === JSON.stringify(current));
    s.value = at >= 0 ? String(at) : f.required && opts.length > 0 ? '0' : '';
    if (f.required && at < 0 && opts.length > 0) {
      this.args = setAt(this.args, path, opts[0]);
    }
    s.addEventListener('change', () => this.update(path, s.value === '' ? undefined : opts[Number(s.value)]));
    return s;
  }

  private jsonInput(f: FormField, path: readonly PathKey[], id: string): HTMLElement {
    const current = getAt(this.args, path);
    const t = el('textarea', { id, rows: '3', spellcheck: 'false', class: 'json-field', 'data-path': JSON.stringify(path), placeholder: 'JSON' });
    t.value = current === undefined ? '' : JSON.stringify(current, null, 2);
    t.addEventListener('input', () => {
      if (t.value.trim() === '') {
        this.update(path, undefined);
        t.removeAttribute('aria-invalid');
        return;
      }
      try {
        this.update(path, JSON.parse(t.value) as unknown);
        t.removeAttribute('aria-invalid');
      } catch {
        t.setAttribute('aria-invalid', 'true');
        this.say(`${f.key || 'value'}: not valid JSON yet`, 'warn');
      }
    });
    return t;
  }

  private renderField(f: FormField, path: readonly PathKey[]): HTMLElement {
    const id = `f-${this.d.toolId.replace(/[^A-Za-z0-9_-]/g, '_')}-${++this.idSeq}`;
    const name = f.key || (typeof path[path.length - 1] === 'number' ? `item ${String(path[path.length - 1])}` : 'value');
    const label = el('label', { for: id }, name, f.required ? el('span', { class: 'required', title: 'required' }, ' *') : '');
    const help = f.description ? el('div', { class: 'help' }, f.description) : '';
    if (f.kind === 'object') {
      return el('fieldset', { class: 'object' }, el('legend', {}, name, f.required ? ' *' : ''), help, ...(f.properties ?? []).map((p) => this.renderField(p, [...path, p.key])));
    }
    if (f.kind === 'array' && f.items) {
      return this.arrayField(f, f.items, path, name, help);
    }
    return el('div', { class: 'field' }, label, this.input(f, path, id), help);
  }

  private arrayField(f: FormField, items: FormField, path: readonly PathKey[], name: string, help: HTMLElement | string): HTMLElement {
    const list = getAt(this.args, path);
    const arr = Array.isArray(list) ? list : [];
    const box = el('fieldset', { class: 'array' }, el('legend', {}, name, f.required ? ' *' : '', el('span', { class: 'muted' }, ` (${arr.length} item${arr.length === 1 ? '' : 's'})`)), help);
    arr.forEach((_, i) => {
      const remove = el('button', { type: 'button', class: 'icon', title: `Remove item ${i}`, 'aria-label': `Remove item ${i} of ${name}` }, icon('trash'));
      remove.addEventListener('click', () => {
        this.args = removeAt(this.args, [...path, i]);
        this.redraw();
      });
      box.append(el('div', { class: 'array-item' }, this.renderField(items, [...path, i]), remove));
    });
    const add = el('button', { type: 'button', class: 'secondary', 'aria-label': `Add an item to ${name}` }, icon('add'), ' Add item');
    add.addEventListener('click', () => {
      this.args = setAt(this.args, [...path, arr.length], emptyValue(items) ?? '');
      this.redraw();
    });
    box.append(add);
    return box;
  }

  private redraw(): void {
    this.idSeq = 0;
    const props = this.form.properties ?? [];
    this.fields.replaceChildren(...(props.length === 0 ? [el('p', { class: 'muted' }, 'This tool takes no arguments.')] : props.map((p) => this.renderField(p, [p.key]))));
    this.validateSoon();
  }

  /** The "Edit as JSON" button: into the raw editor with the form's arguments, back with the editor's (if they are an object). */
  private rawToggle(): HTMLButtonElement {
    const toggle = el('button', { type: 'button', class: 'secondary', 'aria-pressed': 'false', 'data-testid': 'try-raw-toggle' }, icon('json'), ' Edit as JSON');
    toggle.addEventListener('click', () => {
      if (!this.raw) {
        this.rawEditor.value = JSON.stringify(this.args, null, 2);
      } else {
        try {
          const parsed = JSON.parse(this.rawEditor.value) as unknown;
          if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
            throw new Error('arguments must be a JSON object');
          }
          this.args = parsed as Record<string, unknown>;
        } catch (err) {
          this.say(`Cannot use the JSON: ${errorMessage(err)}`, 'error');
          return;
        }
        this.redraw();
      }
      this.raw = !this.raw;
      this.fields.hidden = this.raw;
      this.rawEditor.hidden = !this.raw;
      toggle.setAttribute('aria-pressed', String(this.raw));
    });
    return toggle;
  }

  private rawEdited(): void {
    try {
      const parsed = JSON.parse(this.rawEditor.value) as unknown;
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        this.args = parsed as Record<string, unknown>;
        this.validateSoon();
        return;
      }
      this.problem.textContent = 'Arguments must be a JSON object.';
    } catch {
      this.problem.textContent = 'Not valid JSON yet.';
    }
    this.problem.className = 'validation warn';
  }

  private showResult(r: CallResultView): void {
    const head = r.ok
      ? el('p', { class: 'outcome ok', 'data-testid': 'try-outcome' }, icon('pass'), ` Result in ${r.durationMs} ms (${r.callId})`)
      : el('p', { class: 'outcome refused', 'data-testid': 'try-outcome' }, icon('error'), ` ${r.blockedBy ? `Refused (${r.blockedBy})` : 'Failed'} in ${r.durationMs} ms: ${r.error ?? ''}`);
    this.result.replaceChildren(
      head,
      ...(r.text ? [el('h4', {}, 'As text'), el('pre', { class: 'result-text', 'data-testid': 'try-text' }, r.text)] : []),
      ...(r.json !== undefined ? [el('h4', {}, 'As JSON'), jsonTree(r.json, { openDepth: 3, testId: 'try-json' })] : []),
    );
  }

  private drawHistory(): void {
    const list = history.get(this.d.toolId) ?? [];
    this.historyList.replaceChildren(...list.map((r, i) => {
      // One cell per fact in columns every row shares (a subgrid), so the numbers line up.
      const b = el('button', { type: 'button', class: 'history-entry', title: 'Show this result and its arguments', 'data-testid': 'try-history-entry' },
        el('span', { class: 'n', 'data-testid': 'call-number' }, `${list.length - i}`),
        el('span', { class: 'at' }, new Date(r.at).toLocaleTimeString()),
        el('span', { class: 'said' }, icon(r.ok ? 'pass' : 'error'), ` ${r.ok ? 'ok' : (r.blockedBy ?? 'failed')}`),
        el('span', { class: 'ms', 'data-testid': 'call-ms' }, `${r.durationMs} ms`),
        el('span', { class: 'args' }, JSON.stringify(r.args).slice(0, 80)));
      b.addEventListener('click', () => {
        this.args = structuredClone(r.args);
        this.rawEditor.value = JSON.stringify(this.args, null, 2);
        this.redraw();
        this.showResult(r);
      });
      return el('li', { class: r.ok ? 'ok' : 'refused' }, b);
    }));
    if (list.length === 0) {
      this.historyList.append(el('li', { class: 'muted' }, 'No calls yet.'));
    }
  }
}
