import * as fs from 'node:fs';
import * as path from 'node:path';
import { decompress } from 'fzstd';
import initSqlJs, { type Database, type SqlJsStatic, type SqlValue } from 'sql.js';
import { errorMessage } from '../util/errors';
import { READ_LIMITS } from '../util/readLimits';
import { readSqliteImage } from './sqliteImage';

/**
 * OpenClaw's agent store (`agents/<agent>/agent/openclaw-agent.sqlite` under
 * the state folder, from 2026.9 on): its sessions, each with its transcript
 * entries (table `transcript_events`; large events zstd-compressed) and its
 * trajectory events (`trajectory_runtime_events`). Read with sql.js (SQLite
 * compiled to WebAssembly: no native build, the same in the extension host's
 * Node and the CLI's), from an in-memory image with the store's `-wal`
 * applied, so a store whose OpenClaw is still running reads up to its last
 * commit. Nothing is written, and every size is bounded before it is read.
 */

export interface StoreLimits {
  /** Bytes of the file and its `-wal` together. */
  maxStoreBytes: number;
  /** Sessions read; later ones are counted, not read. */
  maxSessions: number;
  /** Events per session and table. */
  maxEventsPerSession: number;
  /** Bytes of one event's JSON (OpenClaw's own bound is 4 MiB). */
  maxEventBytes: number;
  /** Decompressed and plain event bytes over the whole store. */
  maxTotalEventBytes: number;
}

export const STORE_LIMITS: StoreLimits = {
  maxStoreBytes: READ_LIMITS.storeBytes,
  maxSessions: READ_LIMITS.storeSessions,
  maxEventsPerSession: READ_LIMITS.storeEventsPerSession,
  maxEventBytes: READ_LIMITS.storeEventBytes,
  maxTotalEventBytes: READ_LIMITS.storeTotalEventBytes,
};

export interface StoreSession {
  sessionId: string;
  sessionKey?: string;
  createdAt?: number;
  updatedAt?: number;
  provider?: string;
  model?: string;
  /** Transcript entries in `seq` order, parsed (the JSONL transcript's lines of older versions). */
  entries: unknown[];
  /** Trajectory events in `seq` order, parsed. */
  trajectory: unknown[];
}

export interface OpenClawStore {
  file: string;
  /** From `schema_meta`, when the store has it. */
  agentId?: string;
  openclawVersion?: string;
  schemaVersion?: number;
  sessions: StoreSession[];
  /** Sessions past `maxSessions`, not read. */
  skippedSessions: number;
  /** WAL frames applied to the file's pages. */
  walFrames: number;
  /** Events or rows that could not be read, with where. */
  problems: string[];
}

export class StoreError extends Error {}

let sqlJs: Promise<SqlJsStatic> | undefined;

/** sql.js's WebAssembly binary: beside the bundle (esbuild.mjs copies it), else the package's, from source. */
function wasmFile(): string {
  const candidates = [path.join(__dirname, 'sql-wasm.wasm'), path.join(__dirname, '..', '..', '..', 'node_modules', 'sql.js', 'dist', 'sql-wasm.wasm')];
  const found = candidates.find((c) => fs.existsSync(c));
  if (!found) {
    throw new StoreError(`sql.js's sql-wasm.wasm is missing (looked for ${candidates.join(', ')}); run npm run build`);
  }
  return found;
}

function loadSqlJs(): Promise<SqlJsStatic> {
  sqlJs ??= (async () => {
    const bytes = fs.readFileSync(wasmFile());
    return initSqlJs({ wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer });
  })();
  return sqlJs;
}

type Row = Record<string, SqlValue>;

function rows(db: Database, sql: string, params: SqlValue[] = []): Row[] {
  const stmt = db.prepare(sql);
  try {
    stmt.bind(params);
    const out: Row[] = [];
    while (stmt.step()) {
      out.push(stmt.getAsObject());
    }
    return out;
  } finally {
    stmt.free();
  }
}

function tables(db: Database): Set<string> {
  return new Set(rows(db, "SELECT name FROM sqlite_master WHERE type = 'table'").map((r) => String(r.name)));
}

const str = (v: SqlValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: SqlValue | undefined): number | undefined => (typeof v === 'number' ? v : undefined);

class Budget {
  used = 0;
  constructor(readonly limits: StoreLimits) {}
  take(bytes: number, where: string): void {
    if (bytes > this.limits.maxEventBytes) {
      throw new StoreError(`${where}: ${bytes} bytes, more than the ${this.limits.maxEventBytes} an event may have`);
    }
    this.used += bytes;
    if (this.used > this.limits.maxTotalEventBytes) {
      throw new StoreError(`the store's events exceed ${this.limits.maxTotalEventBytes} bytes; the rest is not read`);
    }
  }
}

function eventText(r: Row, budget: Budget, where: string): string {
  const json = str(r.event_json);
  if (json !== undefined) {
    budget.take(Buffer.byteLength(json, 'utf8'), where);
    return json;
  }
  const z = r.event_zstd;
  const size = num(r.event_utf8_bytes);
  if (!(z instanceof Uint8Array) || size === undefined || size < 1) {
    throw new StoreError(`${where}: neither event_json nor a sized event_zstd`);
  }
  budget.take(size, where);
  // Decompressing into a buffer of the declared size (and one byte) bounds what a hostile frame can
  // expand to: fzstd stops there. JSON text holds no NUL byte, so the byte past the declared size
  // tells a frame that expands further, and a NUL inside it one that is shorter than declared.
  const out = decompress(z, new Uint8Array(size + 1));
  if (out.length > size && out[size] !== 0) {
    throw new StoreError(`${where}: its zstd frame expands past the ${size} bytes the row declares; not read`);
  }
  const nul = out.indexOf(0);
  if (nul !== -1 && nul < size) {
    throw new StoreError(`${where}: its zstd frame holds ${nul} bytes, not the ${size} the row declares; not read`);
  }
  return new TextDecoder('utf-8', { fatal: true }).decode(out.subarray(0, size));
}

function parseEvents(db: Database, table: string, sessionId: string, budget: Budget, limits: StoreLimits, problems: string[]): unknown[] {
  const out: unknown[] = [];
  const list = rows(db, `SELECT * FROM ${table} WHERE session_id = ? ORDER BY seq LIMIT ?`, [sessionId, limits.maxEventsPerSession + 1]);
  if (list.length > limits.maxEventsPerSession) {
    problems.push(`${table}, session ${sessionId}: more than ${limits.maxEventsPerSession} events; the first ${limits.maxEventsPerSession} are read`);
    list.length = limits.maxEventsPerSession;
  }
  for (const r of list) {
    const where = `${table}, session ${sessionId}, seq ${String(r.seq)}`;
    try {
      out.push(JSON.parse(eventText(r, budget, where)) as unknown);
    } catch (err) {
      if (err instanceof StoreError && /exceed/.test(err.message)) {
        throw err;
      }
      problems.push(`${where}: ${errorMessage(err)}`);
    }
  }
  return out;
}

/** Reads an OpenClaw agent store. Throws `StoreError` (or SqliteImageError) when `file` is not one. */
export async function readOpenClawStore(file: string, limits: StoreLimits = STORE_LIMITS): Promise<OpenClawStore> {
  const { image, walFrames } = readSqliteImage(file, limits.maxStoreBytes);
  const SQL = await loadSqlJs();
  let db: Database;
  try {
    db = new SQL.Database(image);
  } catch (err) {
    throw new StoreError(`not a readable SQLite database: ${errorMessage(err)}`);
  }
  try {
    let names: Set<string>;
    try {
      names = tables(db);
    } catch (err) {
      throw new StoreError(`not a readable SQLite database: ${errorMessage(err)}`);
    }
    if (!names.has('transcript_events')) {
      throw new StoreError('an SQLite database, but not an OpenClaw agent store (no transcript_events table)');
    }
    const store: OpenClawStore = { file, sessions: [], skippedSessions: 0, walFrames, problems: [] };
    if (names.has('schema_meta')) {
      const meta = rows(db, 'SELECT * FROM schema_meta LIMIT 1')[0];
      if (meta) {
        const agent = str(meta.agent_id);
        const version = str(meta.app_version);
        const schema = num(meta.schema_version);
        if (agent !== undefined) store.agentId = agent;
        if (version !== undefined) store.openclawVersion = version;
        if (schema !== undefined) store.schemaVersion = schema;
      }
    }
    const windows = names.has('session_windows')
      ? new Map(rows(db, 'SELECT * FROM session_windows').map((r) => [String(r.session_id), r]))
      : new Map<string, Row>();
    const ids = rows(db, 'SELECT session_id, MIN(created_at) AS first FROM transcript_events GROUP BY session_id ORDER BY first, session_id').map((r) => String(r.session_id));
    const budget = new Budget(limits);
    const withTrajectory = names.has('trajectory_runtime_events');
    for (const sessionId of ids) {
      if (store.sessions.length >= limits.maxSessions) {
        store.skippedSessions++;
        continue;
      }
      const w = windows.get(sessionId);
      const session: StoreSession = {
        sessionId,
        entries: parseEvents(db, 'transcript_events', sessionId, budget, limits, store.problems),
        trajectory: withTrajectory ? parseEvents(db, 'trajectory_runtime_events', sessionId, budget, limits, store.problems) : [],
      };
      const key = str(w?.session_key);
      if (key !== undefined) session.sessionKey = key;
      const created = num(w?.created_at);
      if (created !== undefined) session.createdAt = created;
      const updated = num(w?.updated_at);
      if (updated !== undefined) session.updatedAt = updated;
      const provider = str(w?.model_provider);
      if (provider !== undefined) session.provider = provider;
      const model = str(w?.model);
      if (model !== undefined) session.model = model;
      store.sessions.push(session);
    }
    return store;
  } finally {
    db.close();
  }
}
