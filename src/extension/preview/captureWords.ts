// Pure (no `vscode`): unit-tested like core.

/** The setting that names the OpenClaw a capture runs. */
export const OPENCLAW_SETTING = 'toolSearchInspector.oracle.openclaw';

/**
 * No OpenClaw for capture is installed: the three ways to get one, the
 * one-click install first (the panel and the notification offer its button).
 */
export function notInstalledWords(version: string): string {
  return `OpenClaw ${version} is not installed for capture. Install it here (one click: about 830 MB from the npm registry into the extension's storage, no install scripts run), install your own (\`npm install -g openclaw@${version}\`, with Node 24 or newer; it is found on PATH), or set ${OPENCLAW_SETTING} to an installed openclaw package folder.`;
}

/**
 * OpenClaw's unavailability in an editor user's words: the setting that
 * names the OpenClaw to run, and an install they can do themselves, instead
 * of the CLI's flag and this repository's script (which a user of the .vsix
 * does not have).
 */
export function editorWords(message: string): string {
  return message
    .replace(/ Install it \(about a minute, from the npm registry, no install scripts run\) with:\n\s*node scripts\/lib\/openclawTooling\.mjs --version (\S+)\nor pass --openclaw PATH to an installed openclaw package\./, (_m, v: string) => ` Install OpenClaw (\`npm install -g openclaw@${v}\`, with Node 24 or newer) or set ${OPENCLAW_SETTING} to an installed openclaw package folder.`)
    .replace(/Set TSI_OPENCLAW_NODE or install the pinned one with node scripts\/lib\/openclawTooling\.mjs/, 'Install Node 24 or newer on PATH (or set TSI_OPENCLAW_NODE in the environment VS Code starts with)')
    .replace(/--openclaw PATH/g, OPENCLAW_SETTING);
}
