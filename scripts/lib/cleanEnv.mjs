// The environment for an npm (or node) started from inside an `npm run`
// script. npm injects its own state into every script's environment, and a
// nested npm treats it as configuration: `npm_config_user_agent` names the
// outer Node (code-server's postinstall reads its Node version from it and
// refuses "node v20"), `npm_config_prefix`/`npm_config_global` redirect the
// install, and `npm_lifecycle_*`/`npm_package_*` describe a package that is
// not the one being installed. Builtins only: this runs before `npm ci`.

const NPM_INJECTED = /^(npm_config_|npm_lifecycle_|npm_package_|npm_command$|npm_execpath$|npm_node_execpath$|NODE$|INIT_CWD$|COLOR$|EDITOR$)/i;

// Pointers to the machine's own npm config files are kept: with another Node
// first on PATH a nested npm would otherwise look for its global npmrc beside
// that Node and lose the machine's registry settings (its CA file, say).
const KEPT = new Set(['npm_config_globalconfig', 'npm_config_userconfig']);

/**
 * `base` without what npm injected, then `extra` on top (so a caller can set
 * `npm_config_nodedir` and the like deliberately).
 */
export function cleanNpmEnv(extra = {}, base = process.env) {
  const env = {};
  for (const [key, value] of Object.entries(base)) {
    if (value === undefined || (NPM_INJECTED.test(key) && !KEPT.has(key.toLowerCase()))) continue;
    env[key] = value;
  }
  return { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false', ...extra };
}

/** The keys `cleanNpmEnv` removes from `base` (for tests and messages). */
export function injectedKeys(base = process.env) {
  return Object.keys(base).filter((k) => NPM_INJECTED.test(k) && !KEPT.has(k.toLowerCase()));
}
