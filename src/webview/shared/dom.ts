// What every panel's browser code shares: the host bridge and the DOM builder.
// DOM is built with textContent only: everything shown came from a config, a tool or a snippet.

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

/** An element with attributes and children (strings become text nodes, never HTML). */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

/** A codicon glyph (the panel loads the codicon stylesheet); decorative, so hidden from screen readers. */
export function icon(name: string): HTMLElement {
  return el('span', { class: `codicon codicon-${name}`, 'aria-hidden': 'true' });
}
