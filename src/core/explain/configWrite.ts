import * as fs from 'node:fs';
import * as path from 'node:path';

/** A config the fix plan will not write, with why. */
export class ConfigWriteError extends Error {}

/**
 * Writes a fix plan's edited config over `file`, and nothing else: a config
 * that is a symlink is refused (writing through it would change a file
 * elsewhere, outside the folder the user asked about), as is anything but a
 * regular file. The text goes to a temporary file beside it with the same
 * mode, then replaces it by rename, so a crash or a full disk leaves the old
 * config whole, never half of each.
 */
export function writeConfigFile(file: string, text: string): void {
  const st = fs.lstatSync(file);
  if (st.isSymbolicLink()) {
    throw new ConfigWriteError(`${file} is a symlink to ${fs.realpathSync(file)}: not written through it; run the fix on that file itself`);
  }
  if (!st.isFile()) {
    throw new ConfigWriteError(`${file} is not a regular file: not written`);
  }
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.tsi-${process.pid}-${Date.now()}.tmp`);
  const fd = fs.openSync(tmp, 'wx', st.mode & 0o777);
  try {
    fs.writeFileSync(fd, text);
    fs.fsyncSync(fd);
  } catch (err) {
    fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  fs.closeSync(fd);
  try {
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}
