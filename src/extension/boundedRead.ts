import * as vscode from 'vscode';
import { FileBoundError, readUserFile } from '../core/util/readLimits';

/**
 * A document's bytes within `maxBytes` (a bound of core/util/readLimits.ts):
 * a local file through `readUserFile` (no named pipe, no device, size checked
 * first), any other scheme by its reported size before it is read.
 */
export async function readBoundedUri(uri: vscode.Uri, maxBytes: number): Promise<Uint8Array> {
  if (uri.scheme === 'file') {
    return readUserFile(uri.fsPath, maxBytes);
  }
  const { size } = await vscode.workspace.fs.stat(uri);
  if (size > maxBytes) {
    throw new FileBoundError(`${size} bytes; at most ${maxBytes} are read`, 'too-large');
  }
  return vscode.workspace.fs.readFile(uri);
}
