import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The bundled plugins of an installed `openclaw` package, by folder name:
 * each `dist/extensions/<dir>/openclaw.plugin.json` that parses, with its
 * folder. The extractors read the facts they need from these manifests.
 */
export function bundledPluginManifests(pkgDir) {
  const extDir = path.join(pkgDir, 'dist', 'extensions');
  if (!fs.existsSync(extDir)) return [];
  return fs
    .readdirSync(extDir)
    .sort()
    .flatMap((d) => {
      const f = path.join(extDir, d, 'openclaw.plugin.json');
      if (!fs.existsSync(f)) return [];
      return [{ dir: path.join(extDir, d), manifest: JSON.parse(fs.readFileSync(f, 'utf8')) }];
    });
}
