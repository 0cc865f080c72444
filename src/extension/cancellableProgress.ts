import * as vscode from 'vscode';

export type ProgressReporter = vscode.Progress<{ message?: string; increment?: number }>;

/**
 * Long work in a cancellable notification whose Cancel aborts `abort` (the
 * work reads its signal; panels may abort the same controller). The
 * listener lives only as long as the work.
 */
export function withCancellableProgress<T>(title: string, abort: AbortController, task: (progress: ProgressReporter) => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
    const onCancel = token.onCancellationRequested(() => abort.abort());
    try {
      return await task(progress);
    } finally {
      onCancel.dispose();
    }
  });
}
