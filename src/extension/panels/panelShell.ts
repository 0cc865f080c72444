import * as vscode from 'vscode';
import { makeNonce, webviewHtml } from './webviewHtml';

export interface PanelPage {
  title: string;
  /** The panel's bundle in `dist/webview/`, e.g. `catalogPanel.js`. */
  script: string;
  /** The panel's own stylesheet in `media/`, loaded after `panelBase.css`. */
  stylesheet: string;
  placeholder?: string;
  /** More stylesheets under `media/`, as path segments (e.g. the codicon font's). */
  extraStyles?: string[][];
}

/** The shell page of one of our panels: its bundle and styles from the extension, a fresh nonce, strict CSP. */
export function panelHtml(webview: vscode.Webview, extensionUri: vscode.Uri, page: PanelPage): string {
  const asset = (...p: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...p)).toString();
  return webviewHtml({
    title: page.title,
    cspSource: webview.cspSource,
    nonce: makeNonce(),
    scriptUri: asset('dist', 'webview', page.script),
    baseStyleUri: asset('media', 'panelBase.css'),
    styleUri: asset('media', page.stylesheet),
    extraStyleUris: (page.extraStyles ?? []).map((p) => asset('media', ...p)),
    placeholder: page.placeholder,
  });
}
