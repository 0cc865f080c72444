import { randomBytes } from 'node:crypto';

/** A fresh script nonce per render, from the OS's CSPRNG. */
export function makeNonce(): string {
  return randomBytes(18).toString('base64');
}

export interface WebviewHtmlParts {
  title: string;
  cspSource: string;
  nonce: string;
  scriptUri: string;
  /** `media/panelBase.css`: what every panel shares. */
  baseStyleUri?: string;
  styleUri: string;
  /** Stylesheets loaded before `styleUri` (the codicon font). */
  extraStyleUris?: string[];
  /** Shown until the script renders; default: the catalog panel's text. */
  placeholder?: string;
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The shell page: nothing loads but our stylesheet and the one nonce'd
 * script; no inline handlers, no remote content, no eval.
 */
export function webviewHtml(p: WebviewHtmlParts): string {
  const csp = [
    "default-src 'none'",
    `style-src ${p.cspSource}`,
    `font-src ${p.cspSource}`,
    `img-src ${p.cspSource} data:`,
    `script-src 'nonce-${p.nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttr(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${p.baseStyleUri ? `<link rel="stylesheet" href="${escapeAttr(p.baseStyleUri)}">\n` : ''}${(p.extraStyleUris ?? []).map((u) => `<link rel="stylesheet" href="${escapeAttr(u)}">\n`).join('')}<link rel="stylesheet" href="${escapeAttr(p.styleUri)}">
<title>${escapeAttr(p.title)}</title>
</head>
<body>
<main id="app" aria-live="polite"><p class="muted">${escapeAttr(p.placeholder ?? 'Loading the catalog…')}</p></main>
<script nonce="${escapeAttr(p.nonce)}" src="${escapeAttr(p.scriptUri)}"></script>
</body>
</html>`;
}
