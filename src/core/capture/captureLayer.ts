import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { onPath } from '../bridge/osLayer';
import { READ_LIMITS } from '../util/readLimits';
import { RELAY_SOURCE } from './loopbackRelay';

/**
 * The operating system's wall around a capture's OpenClaw turn, which runs
 * the workspace's plugin code with the user's rights (issue 43). On Linux,
 * without privileges: the turn starts in its own user, mount and PID
 * namespaces (util-linux `unshare`), where every mount is read-only except
 * the turn's scratch folder and the compile cache, and the host's processes
 * do not exist; then it drops into a user namespace of its own that does not
 * own those mounts, so nothing it runs (a clean-environment child included)
 * can make them writable again. Where `ip` (iproute2) is there too, the turn
 * also gets a network namespace of its own: a loopback with nothing of the
 * host's on it, where only the ports the capture relays
 * (loopbackRelay.ts: its recording provider, the config's loopback MCP
 * servers) answer. Without it the network stays the host's and the
 * in-process guard alone refuses other hosts (a child with a clean
 * environment is not guarded). A network namespace does not cover Unix
 * sockets bound by path (a desktop bus, a container daemon, the editor's
 * IPC): every one the host has bound outside the turn's own folders is
 * covered by an empty device in the mount namespace (`hostSocketPaths`), so
 * a connect to it is refused. That includes sockets bound in another network
 * namespace (a container daemon's on the host, seen from a container): they
 * are found on disk, under the folders where sockets live.
 */
export interface CaptureLayer {
  /** The launcher (`unshare`, absolute). */
  command: string;
  /**
   * Its arguments for a turn that may write only `writable` (and what
   * `mounts` adds), running `argv` (the Node binary first).
   */
  args(writable: readonly string[], argv: readonly string[], mounts?: LayerMounts): string[];
  /** What a report says holds. */
  describe: string;
  /**
   * Whether an unprivileged overlay mount holds here (`LayerMounts.overlays`);
   * where it does not, a folder the turn must write has to be writable itself.
   */
  overlay: boolean;
  /** Whether the turn gets its own network namespace (then `relay` is how it reaches its provider). */
  network: boolean;
  /** What a report says of the network. */
  describeNetwork: string;
  /** The same layer on the host's network, `why` said in its report (a turn whose ports cannot be relayed). */
  withoutNetwork(why: string): CaptureLayer;
}

/** What a turn's layer mounts besides its writable folders. */
export interface LayerMounts {
  /** Each `from` (a folder of the turn's scratch) seen at `to` (a folder OpenClaw writes at a fixed path). */
  binds?: readonly { from: string; to: string }[];
  /**
   * Each `dir` seen through an overlay whose writes land in `upper` (with
   * `work`, both in the turn's scratch): the OpenClaw install, which a
   * release writes on its first run, stays as it was on the host. Only where
   * `CaptureLayer.overlay` holds and `overlayable(dir)`.
   */
  overlays?: readonly { dir: string; upper: string; work: string }[];
  relay?: RelayArgs;
  /** The host's Unix sockets to cover; default `hostSocketPaths(writable)`. */
  sockets?: readonly string[];
}

/** An overlay's option string cannot carry these characters in a path (nor can the kernel parse them). */
export function overlayable(dir: string): boolean {
  return path.isAbsolute(dir) && !/[,:\\\n]/.test(dir);
}

/** What a report says of a turn on the host's network, `why` it has none of its own when known. */
export function hostNetworkText(why?: string): string {
  return `the host's network${why ? ` (${why})` : ''}: the in-process guard refuses hosts off loopback and the host's abstract Unix sockets, a child with a clean environment is not guarded`;
}

/** Most host sockets one turn's layer covers (a mount each); past it the rest stay reachable, and the report says so. */
export const MAX_COVERED_SOCKETS = 4096;
/** Lines of /proc/net/unix read (one per socket of the host's network namespace, most of them unnamed). */
const MAX_SOCKET_TABLE_LINES = 200_000;

/** Host Unix sockets the layer covers, and how many more it left reachable. */
export interface HostSockets {
  paths: string[];
  uncovered: number;
}

/**
 * Folders where sockets bound by path live: the system's and the user's
 * runtime folders (a container daemon's socket mounted into a dev container,
 * the desktop bus), X11's, and the user's agent sockets (GnuPG, SSH, Docker).
 * A socket bound in another network namespace is missing from this one's
 * socket table but is on disk here.
 */
export function socketFolders(env: Record<string, string | undefined> = process.env): string[] {
  const home = os.homedir();
  // Not all of /tmp: it holds every stale socket a crashed program left (a mount each, at every turn's start).
  const dirs = ['/run', '/var/run', '/dev/shm', '/tmp/.X11-unix', env.XDG_RUNTIME_DIR, path.join(home, '.gnupg'), path.join(home, '.ssh'), path.join(home, '.docker')];
  return [...new Set(dirs.filter((d): d is string => typeof d === 'string' && path.isAbsolute(d)))];
}

/** Sockets under `roots`, at most `socketScanDepth` deep, within `socketScanEntries` entries in all; symlinks are not followed. */
function socketsOnDisk(roots: readonly string[], inKept: (p: string) => boolean, found: Set<string>): void {
  let budget = READ_LIMITS.socketScanEntries;
  const walk = (dir: string, depth: number): void => {
    if (budget <= 0 || inKept(dir)) {
      return;
    }
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (--budget < 0) {
        return;
      }
      const p = path.join(dir, e.name);
      if (e.isSocket()) {
        if (!inKept(p)) {
          found.add(p);
        }
      } else if (e.isDirectory() && depth < READ_LIMITS.socketScanDepth) {
        walk(p, depth + 1);
      }
    }
  };
  for (const root of roots) {
    walk(root, 1);
  }
}

/**
 * The Unix sockets bound by path on the host that still exist as sockets and
 * lie outside `keep` (the turn's writable folders: the relay's own sockets are
 * in its scratch): those the host's network namespace lists
 * (`/proc/net/unix`, the eighth column; `table` stands in for it), and those
 * found on disk under `roots` (`socketFolders()`), which covers sockets bound
 * in another network namespace.
 */
export function hostSocketPaths(keep: readonly string[], table?: string, roots: readonly string[] = socketFolders()): HostSockets {
  let text = table;
  if (text === undefined) {
    try {
      text = fs.readFileSync('/proc/net/unix', 'utf8');
    } catch {
      text = '';
    }
  }
  const inKept = (p: string): boolean => keep.some((k) => p === k || p.startsWith(k.endsWith('/') ? k : `${k}/`));
  const seen = new Set<string>();
  socketsOnDisk(roots, inKept, seen);
  const lines = text.split('\n');
  for (const line of lines.slice(1, MAX_SOCKET_TABLE_LINES)) {
    const cols = line.trim().split(/\s+/);
    // A path with spaces spans several columns; the path starts at the eighth.
    const p = cols.slice(7).join(' ');
    if (p.startsWith('/') && !inKept(p)) {
      seen.add(p);
    }
  }
  const paths: string[] = [];
  let uncovered = 0;
  for (const p of [...seen].sort()) {
    try {
      if (!fs.lstatSync(p).isSocket()) {
        continue;
      }
    } catch {
      continue;
    }
    if (paths.length < MAX_COVERED_SOCKETS) {
      paths.push(p);
    } else {
      uncovered++;
    }
  }
  return { paths, uncovered };
}

/** The relay's inside half: the Node that runs it, its folder of sockets, the ports it listens on. */
export interface RelayArgs {
  node: string;
  dir: string;
  ports: readonly number[];
}

/**
 * Run by `sh` inside the new namespaces:
 * `N dir... M from to... O dir upper work... S socket... NET uid gid unshare program args...`,
 * where NET is `-` (the host's network) or `ip node relay-dir relay-source K
 * port...`. Each writable folder is bound onto itself (a mount of its own),
 * each `from` onto `to` (a private folder over one OpenClaw writes at a fixed
 * path), an overlay onto each overlaid `dir` (a failed one ends the turn:
 * it never runs with the folder writable instead), /dev/null onto each host
 * socket (a connect is refused), every
 * other mount but /proc is made read-only, the namespace's
 * loopback is brought up and the relay started (the turn is started only
 * once it listens), and the program runs as the user's own id in a user
 * namespace that can neither remount those mounts nor reconfigure the network.
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
o="$1"; shift
i=0
while [ "$i" -lt "$o" ]; do
  mount -t overlay overlay -o "lowerdir=$1,upperdir=$2,workdir=$3" "$1"
  keep="$keep
$1"
  shift 3; i=$((i+1))
done
s="$1"; shift
i=0
while [ "$i" -lt "$s" ]; do
  mount --bind /dev/null "$1" 2>/dev/null || true
  shift; i=$((i+1))
done
awk '$3 != "proc" {print $2}' /proc/self/mounts | sort -u | while read -r m; do
  m=$(printf '%b' "$m")
  case "$keep
" in *"
$m
"*) continue;; esac
  mount -o remount,bind,ro "$m" 2>/dev/null || true
done
ipcmd="$1"; shift
if [ "$ipcmd" != "-" ]; then
  "$ipcmd" link set lo up
  node="$1"; dir="$2"; src="$3"; k="$4"; shift 4
  ports=""
  i=0
  while [ "$i" -lt "$k" ]; do
    ports="$ports $1"
    shift; i=$((i+1))
  done
  if [ "$k" -gt 0 ]; then
    NODE_OPTIONS= "$node" -e "$src" "$dir" $ports </dev/null >/dev/null 2>&1 &
    i=0
    until [ -e "$dir/ready" ]; do
      i=$((i+1))
      if [ "$i" -gt 400 ]; then
        echo "capture layer: the loopback relay did not start" >&2
        exit 125
      fi
      sleep 0.025
    done
  fi
fi
uid="$1"; gid="$2"; unshare="$3"; shift 3
unset PWD OLDPWD
exec "$unshare" --user --map-user="$uid" --map-group="$gid" -- "$@"`;

let probed: Promise<CaptureLayer | { none: string }> | undefined;

/**
 * The layer this host offers, or why there is none: probed once per process
 * (asynchronously: the extension host's event loop keeps running) by a write
 * through it inside its scratch, which must land, and one outside, which must
 * be refused.
 */
export function findCaptureLayer(env: Record<string, string | undefined> = process.env, platform: NodeJS.Platform = process.platform): Promise<CaptureLayer | { none: string }> {
  probed ??= probe(env, platform);
  return probed;
}

export function isCaptureLayer(v: CaptureLayer | { none: string }): v is CaptureLayer {
  return 'command' in v;
}

/** `ip`: the namespace gets a network of its own (iproute2 brings its loopback up); `netNone`: why it does not. */
function layerOf(unshare: string, sh: string, ip: string | undefined, netNone = 'no `ip` (iproute2) to bring up a private loopback', overlay = false): CaptureLayer {
  const uid = String(process.getuid?.() ?? 0);
  const gid = String(process.getgid?.() ?? 0);
  const netArgs = (relay: RelayArgs | undefined): string[] =>
    !ip ? ['-'] : relay ? [ip, relay.node, relay.dir, RELAY_SOURCE, String(relay.ports.length), ...relay.ports.map(String)] : [ip, '-', '-', '-', '0'];
  return {
    command: unshare,
    describe: `contained by the OS layer: own user, mount${ip ? ', PID and network' : ' and PID'} namespaces; only its scratch folder and the compile cache are writable`,
    overlay,
    network: ip !== undefined,
    withoutNetwork: (why) => layerOf(unshare, sh, undefined, why, overlay),
    describeNetwork: ip
      ? 'its own network namespace: only the loopback ports the capture relays (its recording provider, the config\'s loopback MCP servers) reach the host; no other host port, LAN or internet'
      : hostNetworkText(netNone),
    args: (writable, argv, { binds = [], overlays = [], relay, sockets = hostSocketPaths(writable).paths } = {}) => [
      '--user', '--map-root-user', '--mount', '--propagation', 'private', '--pid', '--fork', '--kill-child', '--mount-proc', ...(ip ? ['--net'] : []), '--',
      sh, '-c', SCRIPT, 'sh',
      String(writable.length), ...writable,
      String(binds.length), ...binds.flatMap((b) => [b.from, b.to]),
      String(overlays.length), ...overlays.flatMap((o) => [o.dir, o.upper, o.work]),
      String(sockets.length), ...sockets,
      ...netArgs(relay), uid, gid, unshare, ...argv,
    ],
  };
}

async function probe(env: Record<string, string | undefined>, platform: NodeJS.Platform): Promise<CaptureLayer | { none: string }> {
  if (platform !== 'linux') {
    return { none: `${platform} has no unprivileged mount namespace: the turn writes with the user's rights` };
  }
  const unshare = onPath('unshare', env);
  const sh = onPath('sh', env);
  if (!unshare || !sh || !onPath('mount', env) || !onPath('awk', env)) {
    return { none: 'no unshare, mount, awk or sh on PATH: the turn writes with the user\'s rights' };
  }
  const ip = onPath('ip', { PATH: `${env.PATH ?? '/usr/bin:/bin'}${path.delimiter}/usr/sbin${path.delimiter}/sbin` });
  const overlay = await overlayHolds(layerOf(unshare, sh, undefined), sh, env);
  const withNet = ip ? await tryLayer(layerOf(unshare, sh, ip, undefined, overlay), sh, env) : undefined;
  if (withNet !== undefined && typeof withNet !== 'string') {
    return withNet;
  }
  // Without a network of their own (its loopback would not come up) the other namespaces may still hold.
  const without = await tryLayer(layerOf(unshare, sh, undefined, withNet === undefined ? undefined : `its private loopback did not come up: ${withNet}`, overlay), sh, env);
  return typeof without === 'string' ? { none: without } : without;
}

/**
 * True when a write through an overlay inside the layer lands in its upper
 * folder and leaves the folder underneath as it was (Linux 5.11 on allows
 * the mount in a user namespace; some kernels and filesystems refuse it).
 */
async function overlayHolds(layer: CaptureLayer, sh: string, env: Record<string, string | undefined>): Promise<boolean> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-capture-overlay-'));
  try {
    const lower = path.join(dir, 'lower');
    const upper = path.join(dir, 'upper');
    const work = path.join(dir, 'work');
    for (const d of [lower, upper, work]) {
      fs.mkdirSync(d);
    }
    if (!overlayable(lower)) {
      return false;
    }
    const status = await new Promise<number | null>((resolve) => {
      execFile(layer.command, layer.args([dir], [sh, '-c', `: > "${lower}/written"`], { overlays: [{ dir: lower, upper, work }], sockets: [] }), { timeout: 10_000, env: { PATH: env.PATH ?? '/usr/bin:/bin' } }, (err) => {
        const e = err as (Error & { code?: unknown }) | null;
        resolve(e ? (typeof e.code === 'number' ? e.code : null) : 0);
      });
    });
    return status === 0 && fs.existsSync(path.join(upper, 'written')) && !fs.existsSync(path.join(lower, 'written'));
  } catch {
    return false;
  } finally {
    try {
      fs.chmodSync(path.join(dir, 'work', 'work'), 0o700); // left mode 000 by the overlay
    } catch {
      // the mount never happened
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The layer when a probe through it holds, else why not (a string when only the network part failed). */
async function tryLayer(layer: CaptureLayer, sh: string, env: Record<string, string | undefined>): Promise<CaptureLayer | { none: string } | string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-capture-layer-'));
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'tsi-capture-outside-'));
  try {
    const inside = path.join(dir, 'in');
    const escaped = path.join(outside, 'out');
    const r = await new Promise<{ status: number | null; signal: string | null; stderr: string }>((resolve) => {
      execFile(layer.command, layer.args([dir], [sh, '-c', `: > "${inside}"; (: > "${escaped}") 2>/dev/null || true`]), { timeout: 10_000, encoding: 'utf8', env: { PATH: env.PATH ?? '/usr/bin:/bin' } }, (err, _stdout, stderr) => {
        const e = err as (Error & { code?: unknown; signal?: NodeJS.Signals | null }) | null;
        resolve({ status: e ? (typeof e.code === 'number' ? e.code : null) : 0, signal: e?.signal ?? null, stderr: String(stderr ?? '') });
      });
    });
    if (r.status !== 0 || !fs.existsSync(inside)) {
      const said = (r.stderr ?? '').trim().split('\n').pop()?.slice(0, 200);
      if (layer.network) {
        return `unshare exited ${r.status ?? r.signal ?? '?'}${said ? `: ${said}` : ''}`;
      }
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
