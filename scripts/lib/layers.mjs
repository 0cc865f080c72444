// The import order of docs/architecture.md, as lint zones (eslint.config.mjs).
// A folder or file may import its own tier and the tiers before it, never a later one.

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
    { target: './src/extension', from: ['./src/cli', './src/sandbox', './src/webview/catalogPanel', './src/webview/tracePanel', './src/webview/previewPanel', './src/webview/diffPanel', './src/webview/playgroundPanel', './src/webview/comparePanel', './src/webview/sessionPanel'], message: 'The extension imports src/core, vscode and the webview protocols in src/webview/shared.' },
    // util/visibleText.ts and vocabulary.ts are pure string code (no Node built-ins): the one display escaping and
    // the one vocabulary, shared by every surface.
    { target: './src/webview', from: ['./src/core', './src/cli', './src/extension', './src/sandbox'], except: ['./types.ts', './util/visibleText.ts', './vocabulary.ts'], message: 'Webviews run in the browser: their protocols, types from src/core/types.ts, the display escaping of src/core/util/visibleText.ts and the words of src/core/vocabulary.ts.' },
  );
  return zones;
}
