import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { onPath } from '../bridge/osLayer';

/**
 * The operating system's wall around a capture's OpenClaw turn, which runs
 * the workspace's plugin code with the user's rights (issue 43). On Linux,
 * without privileges: the turn starts in its own user, mount and PID
 * namespaces (util-linux `unshare`), where every mount is read-only except
 * the turn's scratch folder and the compile cache, and the host's processes
 * do not exist; then it drops into a user namespace of its own that does not
 * own those mounts, so nothing it runs (a clean-environment child included)
 * can make them writable again. The network stays the host's: the turn must
 * reach its recording provider on 127.0.0.1, and the in-process guard is what
 * refuses other hosts (a child with a clean environment is not guarded).
 */
export interface CaptureLayer {
  /** The launcher (`unshare`, absolute). */
  command: string;
  /**
   * Its arguments for a turn that may write only `writable` (and each bind's
   * `from`, seen at its `to`), running `argv` (the Node binary first).
   */
  args(writable: readonly string[], argv: readonly string[], binds?: readonly { from: string; to: string }[]): string[];
  /** What a report says holds. */
  describe: string;
}

/**
 * Run by `sh` inside the new namespaces:
 * `N dir... M from to... uid gid unshare program args...`.
 * Each writable folder is bound onto itself (a mount of its own), each
 * `from` onto `to` (a private folder over one OpenClaw writes at a fixed
 * path), every other mount but /proc is made read-only, and the program
 * runs as the user's own id in a user namespace that cannot remount them.
 */
const SCRIPT = `set -e
n="$1"; shift
keep=""
i=0
while [ "$i" -lt "$n" ]; do
  mount --bind "$1" "$1"
  keep="$keep
$1"
  shift; i=$((i+1))
done
m="$1"; shift
i=0
while [ "$i" -lt "$m" ]; do
  mount --bind "$1" "$2"
  keep="$keep
$2"
  shift 2; i=$((i+1))
done
awk '$3 != "proc" {print $2}' /proc/self/mounts | sort -u | while read -r m; do
  m=$(printf '%b' "$m")
  case "$keep
" in *"
$m
"*) continue;; esac
  mount -o remount,bind,ro "$m" 2>/dev/null || true
done
uid="$1"; gid="$2"; unshare="$3"; shift 3
unset PWD OLDPWD
exec "$unshare" --user --map-user="$uid" --map-group="$gid" -- "$@"`;

let probed: CaptureLayer | { none: string } | undefined;

/**
 * The layer this host offers, or why there is none: probed once per process
 * by running `true` through it and checking a write outside its scratch is
 * refused while one inside lands.
 */
export function findCaptureLayer(env: Record<string, string | undefined> = process.env, platform: NodeJS.Platform = process.platform): CaptureLayer | { none: string } {
  if (probed) {
    return probed;
  }
  probed = probe(env, platform);
  return probed;
}

export function isCaptureLayer(v: CaptureLayer | { none: string }): v is CaptureLayer {
  return 'command' in v;
}

function layerOf(unshare: string, sh: string): CaptureLayer {
  const uid = String(process.getuid?.() ?? 0);
  const gid = String(process.getgid?.() ?? 0);
  return {
    command: unshare,
    describe: 'contained by the OS layer: own user, mount and PID namespaces; only its scratch folder, the OpenClaw install and the compile cache are writable',
    args: (writable, argv, binds = []) => [
      '--user', '--map-root-user', '--mount', '--propagation', 'private', '--pid', '--fork', '--kill-child', '--mount-proc', '--',
      sh, '-c', SCRIPT, 'sh', String(writable.length), ...writable, String(binds.length), ...binds.flatMap((b) => [b.from, b.to]), uid, gid, unshare, ...argv,
    ],
  };
}

function probe(env: Record<string, string | undefined>, platform: NodeJS.Platform): CaptureLayer | { none: string } {
  if (platform !== 'linux') {
    return { none: `${platform} has no unprivileged mount namespace: the turn writes with the user's rights` };
  }
  const unshare = onPath('unshare', env);
  const sh = onPath('sh', env);
  if (!unshare || !sh || !onPath('mount', env) || !onPath('awk', env)) {
    return { none: 'no unshare, mount, awk or sh on PATH: the turn writes with the user\'s rights' };
  }
  const layer = layerOf(unshare, sh);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-capture-layer-'));
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-capture-outside-'));
  try {
    const inside = path.join(dir, 'in');
    const escaped = path.join(outside, 'out');
    const r = spawnSync(layer.command, layer.args([dir], [sh, '-c', `: > "${inside}"; (: > "${escaped}") 2>/dev/null || true`]), { timeout: 10_000, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'], env: { PATH: env.PATH ?? '/usr/bin:/bin' } });
    if (r.status !== 0 || !fs.existsSync(inside)) {
      const said = (r.stderr ?? '').trim().split('\n').pop()?.slice(0, 200);
      return { none: `unprivileged namespaces are not available here (unshare exited ${r.status ?? r.signal ?? '?'}${said ? `: ${said}` : ''}): the turn writes with the user's rights` };
    }
    if (fs.existsSync(escaped)) {
      return { none: 'the mount namespace did not make the rest read-only: the turn writes with the user\'s rights' };
    }
    return layer;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  }
}
