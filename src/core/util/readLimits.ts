import * as fs from 'node:fs';

/**
 * Every bound on reading a file the user (or a workspace) gave, written once:
 * the readers import these and `readUserFile`, and none defines its own
 * (test/unit/foundation/readLimits.test.ts fails when one does). The threat
 * model in docs/architecture.md lists them. The bridge's run limits
 * (bridge/limits.ts) bound a program's run, not a file, and stay there.
 *
 * Why these sizes: each is far above what a real file of its kind holds
 * (OpenClaw's own bounds where it has them), and low enough that reading,
 * parsing and showing the largest allowed file stays within a few hundred MB
 * of the extension host's memory (the attack suite test/sandbox/
 * surfaceAttacks.test.ts measures it).
 */

const MiB = 1024 * 1024;

export const READ_LIMITS = {
  /** `openclaw.json`, the user's config, a config named in settings. */
  configBytes: 16 * MiB,
  /** A client-tools file (`.openclaw/client-tools.json`). */
  clientToolsBytes: 32 * MiB,
  /** A plugin's `openclaw.plugin.json`. */
  pluginManifestBytes: 4 * MiB,
  /** A saved MCP `tools/list` result (10,000 tools are about 20 MB). */
  mcpSnapshotBytes: 128 * MiB,
  /** An MCP servers file (`.vscode/mcp.json`, `.mcp.json`, ...). */
  mcpServersFileBytes: 4 * MiB,
  /** A dotenv file named by an MCP server's `envFile`. */
  envFileBytes: 1 * MiB,
  /** A bootstrap file of the agent workspace (OpenClaw bounds them too; the prompt would be useless anyway). */
  bootstrapFileBytes: 2 * MiB,
  /** An OpenClaw package's `package.json` (the locator reads name, version and bin). */
  packageJsonBytes: 1 * MiB,
  /** The bytes a session file's kind is told from (its first JSON line must fit). */
  sessionSniffBytes: 64 * 1024,
  /** An OpenClaw JSONL transcript or a product session log read through `readSessions`. */
  sessionJsonlBytes: 64 * MiB,
  /** Folders below a sessions path that are searched for stores and transcripts. */
  sessionWalkDepth: 5,
  /** Session files found under one path; the rest are not looked at. */
  sessionWalkFiles: 5000,
  /** OpenClaw's SQLite agent store: the file and its `-wal` together. */
  storeBytes: 512 * MiB,
  /** Sessions read from one store; later ones are counted, not read. */
  storeSessions: 2000,
  /** Events per session and table of a store. */
  storeEventsPerSession: 100_000,
  /** One event's JSON, plain or decompressed (OpenClaw's own bound is 4 MiB). */
  storeEventBytes: 4 * MiB,
  /** Decompressed and plain event bytes over a whole store. */
  storeTotalEventBytes: 256 * MiB,
  /** The product's session log in the step viewer: characters read (the rest is cut at a line). */
  sessionLogChars: 32 * MiB,
  /** Lines of a session log read by the viewer. */
  sessionLogLines: 200_000,
  /** A longer line of a session log is reported, not parsed. */
  sessionLogLineChars: 1 * MiB,
  /** Problems a session log lists; the rest are counted. */
  sessionLogProblems: 200,
  /** A file the user names or opens: a program, a budget, search tests, a capture report, a catalog snapshot, a saved trace. */
  inputFileBytes: 64 * MiB,
  /** A saved Bridge Trace (`*.tstrace.json`), in characters (a run's own caps keep real ones far smaller). */
  traceFileChars: 16 * MiB,
  /** Files of a workspace hashed for the capture store's key; past it the turn is not stored. */
  captureTreeFiles: 5000,
  /** Bytes of a workspace hashed for the capture store's key. */
  captureTreeBytes: 64 * MiB,
  /** Directory entries looked at while finding the host's Unix sockets a capture turn must not reach (`/run`, `/tmp`, ...). */
  socketScanEntries: 20_000,
  /** How deep under each of those folders. */
  socketScanDepth: 4,
} as const;

/** A file that is not read: larger than its bound, or not a regular file (a FIFO, a device, a socket). */
export class FileBoundError extends Error {
  constructor(
    message: string,
    readonly reason: 'too-large' | 'not-a-file',
  ) {
    super(message);
  }
}

function kindOf(st: fs.Stats): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a named pipe';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * The bytes of `file`, at most `maxBytes`. Opened without blocking, so a
 * named pipe in a workspace cannot hang the reader; only a regular file is
 * read, and its size is checked before a byte is, then again while reading
 * (a file that grows past the bound is refused, not cut). Throws
 * `FileBoundError` (the message says why, without the path: callers name the
 * file) or the file system's own error (ENOENT, EACCES).
 */
export function readUserFile(file: string, maxBytes: number): Buffer {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) {
      throw new FileBoundError(`${kindOf(st)}, not a file: not read`, 'not-a-file');
    }
    if (st.size > maxBytes) {
      throw new FileBoundError(`${st.size} bytes; at most ${maxBytes} are read`, 'too-large');
    }
    // One byte more than the bound: a file that grew since fstat is seen, not cut.
    let buf = Buffer.allocUnsafe(Math.min(st.size, maxBytes) + 1);
    let got = 0;
    for (;;) {
      const n = fs.readSync(fd, buf, got, buf.length - got, got);
      if (n === 0) {
        return buf.subarray(0, got);
      }
      got += n;
      if (got > maxBytes) {
        throw new FileBoundError(`more than ${maxBytes} bytes; at most ${maxBytes} are read`, 'too-large');
      }
      if (got === buf.length) {
        // Grew while read (or a size the file system does not report), still within the bound.
        const next = Buffer.allocUnsafe(Math.min(maxBytes + 1, buf.length * 2));
        buf.copy(next, 0, 0, got);
        buf = next;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** `readUserFile` as UTF-8 text. */
export function readUserText(file: string, maxBytes: number): string {
  return readUserFile(file, maxBytes).toString('utf8');
}

/** The first `maxBytes` of `file` (for telling its kind), with the same refusal of what is not a regular file. */
export function readUserFileHead(file: string, maxBytes: number): Buffer {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) {
      throw new FileBoundError(`${kindOf(st)}, not a file: not read`, 'not-a-file');
    }
    const buf = Buffer.alloc(maxBytes);
    const n = fs.readSync(fd, buf, 0, maxBytes, 0);
    return buf.subarray(0, n);
  } finally {
    fs.closeSync(fd);
  }
}
