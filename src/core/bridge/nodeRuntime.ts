import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** A Node binary as the sandbox will run it. */
export interface NodeRuntime {
  /** Absolute, symlinks resolved. */
  path: string;
  /** `v20.20.2`. */
  version: string;
  major: number;
  /** `--permission`, or `--experimental-permission` before it was stable. */
  permissionFlag: string;
  mtimeMs: number;
}

export class NodeRuntimeError extends Error {}

/** Finds `nodePath` (a path, or a bare name looked up on PATH) and resolves symlinks. */
export function locateNode(nodePath: string, env: Record<string, string | undefined> = process.env): { path: string; mtimeMs: number } {
  let found: string | undefined;
  if (nodePath.includes('/') || nodePath.includes('\\')) {
    found = path.resolve(nodePath);
  } else {
    const exts = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE').split(';') : [''];
    outer: for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
      for (const ext of exts) {
        const candidate = path.join(dir, nodePath + ext);
        if (isExecutable(candidate)) {
          found = candidate;
          break outer;
        }
      }
    }
    if (!found) {
      throw new NodeRuntimeError(`bridge: no "${nodePath}" on PATH`);
    }
  }
  if (!isExecutable(found)) {
    throw new NodeRuntimeError(`bridge: ${found} is not an executable file`);
  }
  const real = fs.realpathSync(found);
  return { path: real, mtimeMs: fs.statSync(real).mtimeMs };
}

function isExecutable(p: string): boolean {
  try {
    fs.accessSync(p, fs.constants.X_OK);
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The permission flag a Node version understands; undefined before the permission model existed. */
export function permissionFlagFor(version: string): string | undefined {
  const m = /^v(\d+)\.(\d+)\./.exec(version);
  if (!m) {
    return undefined;
  }
  const major = Number(m[1]);
  const minor = Number(m[2]);
  if (major >= 23 || (major === 22 && minor >= 13)) {
    return '--permission';
  }
  return major >= 20 ? '--experimental-permission' : undefined;
}

export function inspectNode(nodePath: string, env?: Record<string, string | undefined>): Promise<NodeRuntime> {
  const located = locateNode(nodePath, env);
  return new Promise((resolve, reject) => {
    execFile(located.path, ['--version'], { timeout: 10_000, env: {} }, (err, stdout) => {
      if (err) {
        reject(new NodeRuntimeError(`bridge: ${located.path} --version failed: ${err.message}`));
        return;
      }
      const version = stdout.trim();
      const permissionFlag = permissionFlagFor(version);
      if (!permissionFlag) {
        reject(new NodeRuntimeError(`bridge: ${located.path} is Node ${version || '(unknown)'}; the sandbox needs Node 20 or later for the permission model`));
        return;
      }
      resolve({ ...located, version, major: Number(version.slice(1).split('.')[0]), permissionFlag });
    });
  });
}

/**
 * How the child gets its code: `eval` passes the bundle's source as `-e`, so
 * the child needs no file-system allowance at all (and its stack frames name
 * `[eval]`, not a path on this machine); `file` is the fallback when the
 * source is too long for one command-line argument, with the one read
 * allowance it needs: the bundle.
 */
export type SandboxEntry = 'eval' | 'file';

/** Linux caps one argument at 128 KiB, Windows a whole command line at 32 Ki characters. */
const MAX_EVAL_CHARS = process.platform === 'win32' ? 24_000 : 100_000;

const sources = new Map<string, { mtimeMs: number; text: string }>();

/** The bundle's code as `-e` will run it, cached by mtime; the source-map comment is dropped (nothing could read the map). */
export function sandboxSource(bundlePath: string): string {
  const mtimeMs = fs.statSync(bundlePath).mtimeMs;
  const cached = sources.get(bundlePath);
  if (cached?.mtimeMs === mtimeMs) {
    return cached.text;
  }
  const text = fs.readFileSync(bundlePath, 'utf8').replace(/\n\/\/# sourceMappingURL=\S*\s*$/, '\n');
  sources.set(bundlePath, { mtimeMs, text });
  return text;
}

/** The V8 options of the child. */
export function sandboxV8Flags(heapMb: number): string[] {
  return ['--disallow-code-generation-from-strings', `--max-old-space-size=${heapMb}`];
}

/**
 * The child's node options: the permission model (with no allowance; in
 * `file` mode the one read of its bundle), no code generation from strings,
 * a heap cap and an in-context refusal of `import()` (the child freezes its
 * own intrinsics).
 *
 * No V8 start-up snapshot: one built from the bundle (`--build-snapshot`)
 * started slower than `-e` on Node 20, 22, 24 and 26 once the bundle's
 * own start-up was trimmed (bench:bridge, 1.51-1.70x against 1.28-1.43x of
 * a bare child), and whoever could replace it would decide what the child runs.
 */
export function sandboxFlags(runtime: NodeRuntime, bundlePath: string, heapMb: number): { flags: string[]; entry: SandboxEntry } {
  const entry: SandboxEntry = sandboxSource(bundlePath).length <= MAX_EVAL_CHARS ? 'eval' : 'file';
  const flags = [
    runtime.permissionFlag,
    ...(entry === 'file' ? [`--allow-fs-read=${bundlePath}`] : []),
    ...sandboxV8Flags(heapMb),
    // Lets the snippet's \`import()\` reject from inside its context (see snippetContext).
    '--experimental-vm-modules',
    // The permission model's "experimental" banner on Node 20 is noise on stderr.
    '--no-warnings',
  ];
  return { flags, entry };
}

/** The child's whole argument list. */
export function sandboxArgv(flags: readonly string[], entry: SandboxEntry, bundlePath: string): string[] {
  switch (entry) {
    case 'eval':
      return [...flags, '-e', sandboxSource(bundlePath)];
    case 'file':
      return [...flags, bundlePath];
  }
}
