// What every panel's browser code shares: the host bridge and the DOM builder.
// DOM is built with textContent only: everything shown came from a config, a tool or a snippet.
// And it is shown escaped: `el` writes every string child and every shown attribute (title,
// aria-label, placeholder, alt) through `visibleLines`, so controls, bidi overrides and invisible
// characters appear as `\x1b` or `<U+202E>` and cannot reorder or hide what a panel shows.
import { visibleLines } from '../../core/util/visibleText';

/** Attributes people read (tooltips, screen readers): escaped like text. Others (ids, data-*) stay raw. */
const SHOWN_ATTRIBUTES: ReadonlySet<string> = new Set(['title', 'aria-label', 'placeholder', 'alt', 'aria-description']);

/** Text as a panel shows it: `core/util/visibleText.ts`'s `visibleLines`. For `textContent` set directly. */
export function shownText(text: string): string {
  return visibleLines(text);
}

/** The webview's handle on the host, typed by the panel's protocol. */
export interface VsCodeApi<Out, State> {
  postMessage(msg: Out): void;
  getState(): unknown;
  setState(state: State): void;
}

declare function acquireVsCodeApi<Out, State>(): VsCodeApi<Out, State>;

/** The host bridge; VS Code allows one call per page. */
export function hostApi<Out, State>(): VsCodeApi<Out, State> {
  return acquireVsCodeApi<Out, State>();
}

/** An element with attributes and children (strings become text nodes, never HTML, with hidden characters shown escaped). */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    e.setAttribute(k, SHOWN_ATTRIBUTES.has(k) ? visibleLines(v) : v);
  }
  e.append(...children.map((c) => (typeof c === 'string' ? visibleLines(c) : c)));
  return e;
}

/** A codicon glyph (the panel loads the codicon stylesheet); decorative, so hidden from screen readers. */
export function icon(name: string): HTMLElement {
  return el('span', { class: `codicon codicon-${name}`, 'aria-hidden': 'true' });
}
