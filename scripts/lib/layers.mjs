// The import order of docs/architecture.md, as lint zones (eslint.config.mjs).
// A folder or file may import its own tier and the tiers before it, never a later one.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Why src/oracle imports only `node:` modules (its no-restricted-imports rule in eslint.config.mjs). */
export const ORACLE_IMPORTS = 'src/oracle runs in a Node 24 child beside a real OpenClaw (or preloaded into a capture turn): it imports Node built-ins only (node:...).';

/** The folders of src/webview: one per panel, and `shared`. */
function webviewFolders() {
  return fs.readdirSync(path.join(ROOT, 'src', 'webview'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
}

/** Tiers of src/core, from the bottom up. */
export const CORE_TIERS = [
  ['types.ts', 'vocabulary.ts', 'reasons.ts', 'toolApi.ts', 'util'],
  ['config'],
  ['policy'],
  ['sources'],
  ['catalog'],
  ['workspace.ts', 'telemetry'],
  ['search'],
  ['gateway'],
  ['modes', 'provider', 'bridge', 'prompt'],
  ['orchestration', 'explain', 'oracle', 'learning', 'authoring', 'searchExplain', 'capture'],
];

const core = (p) => `./src/core/${p}`;

/** Zones for import-x/no-restricted-paths: each target may not import from the listed paths. */
export function layerZones() {
  const zones = CORE_TIERS.flatMap((tier, i) => {
    const later = CORE_TIERS.slice(i + 1).flat().map(core);
    return later.length === 0
      ? []
      : tier.map((member) => ({ target: core(member), from: later, message: `src/core/${member} is in tier ${i + 1} of the core order (docs/architecture.md) and may not import a later tier.` }));
  });
  zones.push(
    { target: './src/core', from: ['./src/cli', './src/extension', './src/webview', './src/sandbox'], message: 'src/core is pure: it never imports the CLI, the extension, webviews or the sandbox child.' },
    { target: './src/sandbox', from: ['./src/core', './src/cli', './src/extension', './src/webview'], except: ['./bridge/protocol.ts', './bridge/framing.ts'], message: 'The sandbox child imports only the bridge protocol and its framing.' },
    { target: './src/cli', from: ['./src/extension', './src/webview', './src/sandbox'], message: 'The CLI is built over src/core only.' },
    { target: './src/extension', from: ['./src/cli', './src/sandbox'], message: 'The extension imports src/core, vscode and the webview protocols in src/webview/shared.' },
    { target: './src/extension', from: './src/webview', except: ['./shared'], message: 'The extension imports src/core, vscode and the webview protocols in src/webview/shared.' },
    // util/visibleText.ts and vocabulary.ts are pure string code (no Node built-ins): the one display escaping and
    // the one vocabulary, shared by every surface; util/errors.ts the one reading of a thrown value's message.
    { target: './src/webview', from: ['./src/core', './src/cli', './src/extension', './src/sandbox'], except: ['./types.ts', './util/visibleText.ts', './util/errors.ts', './vocabulary.ts'], message: 'Webviews run in the browser: their protocols, types from src/core/types.ts, the display escaping of src/core/util/visibleText.ts and errorMessage of src/core/util/errors.ts.' },
  );
  // Each panel's browser code imports its own folder and src/webview/shared; shared imports no panel.
  for (const folder of webviewFolders()) {
    const own = folder === 'shared' ? ['./shared'] : [`./${folder}`, './shared'];
    zones.push({ target: `./src/webview/${folder}`, from: './src/webview', except: own, message: `src/webview/${folder} may import ${folder === 'shared' ? 'only its own folder' : 'its own folder and src/webview/shared'} of src/webview (each panel is its own bundle).` });
  }
  return zones;
}
