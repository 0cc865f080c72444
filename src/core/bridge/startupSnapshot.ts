import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sandboxV8Flags, type NodeRuntime } from './nodeRuntime';

const building = new Map<string, Promise<string>>();

/**
 * A V8 start-up snapshot of the sandbox bundle for one Node binary, built
 * once with the child's own V8 options and kept in `dir` (named by a hash of
 * binary, bundle and options, so a changed one is rebuilt). Children started
 * from it skip compiling Node's start-up code, which those V8 options would
 * otherwise force on every spawn.
 *
 * `dir` must be private to this user: whoever can replace a snapshot decides
 * what the child runs. It is created with mode 0700 and refused when another
 * user owns it or others can write to it.
 */
export function ensureSnapshot(runtime: NodeRuntime, bundlePath: string, heapMb: number, dir: string): Promise<string> {
  const v8Flags = sandboxV8Flags(heapMb);
  const hash = createHash('sha256')
    .update([runtime.path, runtime.version, runtime.mtimeMs, v8Flags.join(' ')].join('\0'))
    .update(fs.readFileSync(bundlePath))
    .digest('hex')
    .slice(0, 24);
  const blob = path.join(dir, `sandbox-${runtime.version}-${hash}.blob`);
  let pending = building.get(blob);
  if (!pending) {
    pending = build(runtime, bundlePath, v8Flags, dir, blob);
    building.set(blob, pending);
    pending.catch(() => building.delete(blob));
  }
  return pending;
}

/** Drops a snapshot that failed its probe, so the next probe builds it afresh. */
export function discardSnapshot(blob: string): void {
  building.delete(blob);
  fs.rmSync(blob, { force: true });
}

async function build(runtime: NodeRuntime, bundlePath: string, v8Flags: string[], dir: string, blob: string): Promise<string> {
  privateDir(dir);
  if (fs.existsSync(blob)) {
    return blob;
  }
  const partial = `${blob}.${process.pid}.partial`;
  await new Promise<void>((resolve, reject) => {
    // Our own bundle, loaded without running (its main is deferred to each child).
    execFile(runtime.path, [...v8Flags, '--no-warnings', '--snapshot-blob', partial, '--build-snapshot', bundlePath], { env: {}, timeout: 60_000 }, (err, _out, stderr) => {
      if (err) {
        reject(new Error(`bridge: building the start-up snapshot failed: ${stderr.trim().split('\n').pop() ?? err.message}`));
        return;
      }
      resolve();
    });
  });
  fs.renameSync(partial, blob);
  // Older snapshots of this Node version belong to bundles that are gone.
  const prefix = `sandbox-${runtime.version}-`;
  for (const f of fs.readdirSync(dir)) {
    if (f.startsWith(prefix) && f.endsWith('.blob') && path.join(dir, f) !== blob) {
      fs.rmSync(path.join(dir, f), { force: true });
    }
  }
  return blob;
}

function privateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = fs.statSync(dir);
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid) {
    throw new Error(`bridge: the snapshot folder ${dir} belongs to another user`);
  }
  if (process.platform !== 'win32' && (st.mode & 0o022) !== 0) {
    throw new Error(`bridge: the snapshot folder ${dir} is writable by others`);
  }
}
