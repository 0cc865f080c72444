// Installs the locked dependencies when node_modules is missing, so the
// README's commands work on a fresh clone. Builtins only:
// nothing else is installed yet when this runs.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanNpmEnv } from './lib/cleanEnv.mjs';
import { spawnSyncWithHeartbeat } from './lib/heartbeat.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lock = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules', '.package-lock.json');

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

if (mtime(installed) < 0 && mtime(lock) > 0) {
  console.log('[ensure-deps] installing locked dependencies (npm ci)…');
  // npm prints nothing until it is done: a line every 15 s meanwhile.
  const r = spawnSyncWithHeartbeat('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: root,
    // Started from `npm test`: the outer npm's injected variables must not steer this one.
    env: cleanNpmEnv({ PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' }),
  }, { prefix: '[ensure-deps] ', label: 'installing locked dependencies (npm ci)', usually: '1 min on an idle machine' });
  if (r.status !== 0) {
    console.error('[ensure-deps] npm ci failed');
    process.exit(r.status ?? 1);
  }
}
