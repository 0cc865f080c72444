import * as fs from 'node:fs';
import * as path from 'node:path';
import { PATH_FOR_NODE } from './protocol';

/**
 * The operating system's own wall around the sandbox child, where the
 * platform offers one without privileges. On Linux the child is started in
 * its own user and PID namespace (util-linux `unshare`): the host's process
 * does not exist in its view, so no signal reaches it even if every
 * in-process layer fell (Node's permission model does not cover signals).
 * Node must start with `node` as its `argv[0]`, as the host's own spawn does,
 * so the child never sees the binary's path (`process.argv0`): `unshare`
 * looks the name `node` up on a `PATH` of the binary's own folder, which the
 * child drops first thing (`PATH_FOR_NODE`); a binary named otherwise goes
 * through `perl`'s `exec { path } "node", ...`, which costs about 4 ms more
 * of every start (measured on Node 20). Elsewhere (macOS, Windows, no
 * `unshare` or `perl`) there is none, and the isolation report says the
 * in-process layers alone hold.
 */
export interface OsLayer {
  kind: 'pid-namespace';
  /** The launcher (`unshare`, absolute). */
  command: string;
  /** Its arguments up to and including `--`. */
  namespaceArgs: readonly string[];
  /** `perl`, absolute: for a Node binary not named `node`. */
  perl: string;
}

/** `perl -e` program: run the binary named first, with `node` as its argv[0] and the rest as its arguments. */
const EXEC_AS_NODE = 'exec { shift } "node", @ARGV';


export function onPath(name: string, env: Record<string, string | undefined>): string | undefined {
  for (const dir of (env.PATH ?? '/usr/bin:/bin').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) {
        return candidate;
      }
    } catch {
      // not here
    }
  }
  return undefined;
}

/** The OS layer this host can offer, or why there is none. */
export function findOsLayer(env: Record<string, string | undefined> = process.env, platform: NodeJS.Platform = process.platform): OsLayer | { none: string } {
  if (platform !== 'linux') {
    return { none: `${platform} has no unprivileged PID namespace` };
  }
  const unshare = onPath('unshare', env);
  const perl = onPath('perl', env);
  if (!unshare || !perl) {
    return { none: `no ${unshare ? 'perl' : 'unshare'} on PATH to start the child in its own namespaces` };
  }
  // --map-current-user: the child keeps the host user's own id (and its file access), in a user namespace of its own.
  return { kind: 'pid-namespace', command: unshare, namespaceArgs: ['--user', '--map-current-user', '--pid', '--fork', '--kill-child', '--'], perl };
}

export function isOsLayer(v: OsLayer | { none: string }): v is OsLayer {
  return 'kind' in v;
}

/** What to spawn for a Node child: the launcher, its arguments and the environment it starts with, or Node itself with none. */
export function spawnCommand(nodePath: string, argv: readonly string[], layer: OsLayer | undefined): { command: string; args: string[]; env: Record<string, string> } {
  if (!layer) {
    return { command: nodePath, args: [...argv], env: {} };
  }
  if (path.isAbsolute(nodePath) && path.basename(nodePath) === 'node' && !path.dirname(nodePath).includes(path.delimiter)) {
    return { command: layer.command, args: [...layer.namespaceArgs, 'node', ...argv], env: { [PATH_FOR_NODE]: path.dirname(nodePath) } };
  }
  return { command: layer.command, args: [...layer.namespaceArgs, layer.perl, '-e', EXEC_AS_NODE, nodePath, ...argv], env: {} };
}
