import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

let root: string | undefined;

/**
 * A fresh temp folder for a test. All of them live under one folder per test
 * process, removed when the process exits, so no test leaves files behind
 * (tests may still remove their own earlier).
 */
export function scratchDir(prefix: string): string {
  if (root === undefined) {
    const made = fs.mkdtempSync(path.join(os.tmpdir(), `tsi-test-${process.pid}-`));
    root = made;
    process.on('exit', () => fs.rmSync(made, { recursive: true, force: true }));
  }
  return fs.mkdtempSync(path.join(root, prefix));
}
