import * as fs from 'node:fs';
import * as path from 'node:path';

/** The name `contributes.typescriptServerPlugins` gives; tsserver loads it from `<extension>/node_modules/<name>`. */
export const TS_PLUGIN_NAME = 'tool-search-inspector-bridge-typings';

const SHIM_PACKAGE = `${JSON.stringify({ name: TS_PLUGIN_NAME, version: '0.0.0', private: true, main: 'index.js' }, null, 2)}\n`;
const SHIM_INDEX = [
  "'use strict';",
  '// Written by Tool Search Inspector: the TypeScript server loads plugins only from node_modules,',
  '// and the packaged extension ships no node_modules. The plugin itself is dist/tsPlugin.js.',
  "const plugin = require('../../dist/tsPlugin.js');",
  'module.exports = plugin.default || plugin;',
  '',
].join('\n');

export type ShimState = 'present' | 'written';

/**
 * Makes sure `<extension>/node_modules/<name>` points at the bundled plugin.
 * Written at most once per install (the extension folder is the extension's
 * own); throws when the folder cannot be written.
 */
export function ensureTypingsPlugin(extensionPath: string): ShimState {
  const dir = path.join(extensionPath, 'node_modules', TS_PLUGIN_NAME);
  const files: [string, string][] = [['package.json', SHIM_PACKAGE], ['index.js', SHIM_INDEX]];
  const current = files.every(([name, text]) => {
    try {
      return fs.readFileSync(path.join(dir, name), 'utf8') === text;
    } catch {
      return false;
    }
  });
  if (current) {
    return 'present';
  }
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, text] of files) {
    fs.writeFileSync(path.join(dir, name), text);
  }
  return 'written';
}
