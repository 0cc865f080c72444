import * as fs from 'node:fs';
import { readUserFile } from '../util/readLimits';

/**
 * The bytes of an SQLite database as a reader sees it, with its write-ahead
 * log applied. OpenClaw keeps its stores in WAL mode, and a store whose
 * OpenClaw is still running (or was killed) holds its newest events in
 * `<file>-wal`, not in the file. sql.js reads a database image from memory
 * and cannot apply a WAL, so the committed frames are applied here, following
 * the file format (https://www.sqlite.org/fileformat2.html#walformat): frames
 * count only while their salts match the header and the running checksum
 * holds, and only up to the last commit frame.
 */

export class SqliteImageError extends Error {}

const DB_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
const WAL_HEADER = 32;
const FRAME_HEADER = 24;

export function isSqliteFile(head: Buffer): boolean {
  return head.length >= DB_MAGIC.length && head.subarray(0, DB_MAGIC.length).equals(DB_MAGIC);
}

function pageSizeOf(db: Buffer): number {
  const raw = db.readUInt16BE(16);
  return raw === 1 ? 65536 : raw;
}

function checksum(buf: Buffer, start: number, end: number, bigEndian: boolean, s: [number, number]): [number, number] {
  let [s0, s1] = s;
  for (let i = start; i < end; i += 8) {
    const x0 = bigEndian ? buf.readUInt32BE(i) : buf.readUInt32LE(i);
    const x1 = bigEndian ? buf.readUInt32BE(i + 4) : buf.readUInt32LE(i + 4);
    s0 = (s0 + x0 + s1) >>> 0;
    s1 = (s1 + x1 + s0) >>> 0;
  }
  return [s0, s1];
}

/** Applies the committed frames of `wal` to `db`; returns `db` unchanged when the log holds none. */
export function applyWal(db: Buffer, wal: Buffer, maxBytes = Number.MAX_SAFE_INTEGER): { image: Buffer; frames: number } {
  if (wal.length < WAL_HEADER) {
    return { image: db, frames: 0 };
  }
  const magic = wal.readUInt32BE(0);
  if (magic !== 0x377f0682 && magic !== 0x377f0683) {
    throw new SqliteImageError('the -wal file is not an SQLite write-ahead log');
  }
  const bigEndian = (magic & 1) === 1;
  const pageSize = wal.readUInt32BE(8);
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) {
    throw new SqliteImageError(`the -wal file names an impossible page size (${pageSize})`);
  }
  if (db.length > 0 && pageSizeOf(db) !== pageSize) {
    throw new SqliteImageError(`the -wal file's page size (${pageSize}) is not the database's (${pageSizeOf(db)})`);
  }
  const salt1 = wal.readUInt32BE(16);
  const salt2 = wal.readUInt32BE(20);
  let sum = checksum(wal, 0, 24, bigEndian, [0, 0]);
  if (sum[0] !== wal.readUInt32BE(24) || sum[1] !== wal.readUInt32BE(28)) {
    // A log whose header does not check is one SQLite itself ignores.
    return { image: db, frames: 0 };
  }
  const pending = new Map<number, number>();
  let committed = new Map<number, number>();
  let committedPages = 0;
  for (let off = WAL_HEADER; off + FRAME_HEADER + pageSize <= wal.length; off += FRAME_HEADER + pageSize) {
    if (wal.readUInt32BE(off + 8) !== salt1 || wal.readUInt32BE(off + 12) !== salt2) {
      break;
    }
    sum = checksum(wal, off, off + 8, bigEndian, sum);
    sum = checksum(wal, off + FRAME_HEADER, off + FRAME_HEADER + pageSize, bigEndian, sum);
    if (sum[0] !== wal.readUInt32BE(off + 16) || sum[1] !== wal.readUInt32BE(off + 20)) {
      break;
    }
    const pgno = wal.readUInt32BE(off);
    if (pgno === 0) {
      break;
    }
    pending.set(pgno, off + FRAME_HEADER);
    const dbPages = wal.readUInt32BE(off + 4);
    if (dbPages !== 0) {
      committed = new Map([...committed, ...pending]);
      pending.clear();
      committedPages = dbPages;
    }
  }
  if (committed.size === 0) {
    return { image: db, frames: 0 };
  }
  // A commit frame names the database's size in pages: a hostile log names billions.
  if (committedPages * pageSize > maxBytes) {
    throw new SqliteImageError(`the -wal file's last commit makes the database ${committedPages} pages of ${pageSize} bytes; at most ${maxBytes} bytes are read`);
  }
  const image = Buffer.alloc(committedPages * pageSize);
  db.copy(image, 0, 0, Math.min(db.length, image.length));
  for (const [pgno, at] of committed) {
    if (pgno <= committedPages) {
      wal.copy(image, (pgno - 1) * pageSize, at, at + pageSize);
    }
  }
  return { image, frames: committed.size };
}

/**
 * The database image of `file` with its `-wal` applied, at most `maxBytes`
 * (file and log together), marked as a rollback-journal database so an
 * in-memory reader never looks for a log of its own.
 */
export function readSqliteImage(file: string, maxBytes: number): { image: Buffer; walFrames: number } {
  // The log beside the real file, as SQLite finds it. A -wal that is a symlink is never one SQLite
  // wrote: it could graft another store's pages (or any file) onto this one, so it is refused.
  const walFile = `${fs.realpathSync(file)}-wal`;
  let walSize = 0;
  try {
    const st = fs.lstatSync(walFile);
    if (st.isSymbolicLink()) {
      throw new SqliteImageError(`its -wal is a symlink (to ${fs.readlinkSync(walFile)}); a store's log is read only from a file beside it`);
    }
    walSize = st.isFile() ? st.size : 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw err;
    }
  }
  const db = readUserFile(file, maxBytes);
  if (db.length + walSize > maxBytes) {
    throw new SqliteImageError(`the store is ${db.length + walSize} bytes with its -wal; at most ${maxBytes} are read`);
  }
  if (!isSqliteFile(db)) {
    throw new SqliteImageError('not an SQLite database');
  }
  const { image, frames } = walSize > 0 ? applyWal(db, readUserFile(walFile, maxBytes - db.length), maxBytes) : { image: db, frames: 0 };
  if (!isSqliteFile(image)) {
    throw new SqliteImageError('the database with its -wal applied is not an SQLite database');
  }
  const out = image === db ? Buffer.from(db) : image;
  // Bytes 18 and 19: file format write and read versions; 2 means WAL.
  out[18] = 1;
  out[19] = 1;
  return { image: out, walFrames: frames };
}
