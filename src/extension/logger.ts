import * as vscode from 'vscode';

/**
 * The extension's one log: a `LogOutputChannel`, so levels follow the user's
 * "Developer: Set Log Level". Nothing in the extension writes to `console`.
 */
export class Logger implements vscode.Disposable {
  readonly channel: vscode.LogOutputChannel;

  constructor(name = 'Tool Search Inspector') {
    this.channel = vscode.window.createOutputChannel(name, { log: true });
  }

  info(message: string): void {
    this.channel.info(message);
  }

  warn(message: string): void {
    this.channel.warn(message);
  }

  debug(message: string): void {
    this.channel.debug(message);
  }

  /** Errors keep their stack in the log; the user sees the message only. */
  error(message: string, err?: unknown): void {
    if (err instanceof Error) {
      this.channel.error(`${message}: ${err.stack ?? err.message}`);
    } else if (err !== undefined) {
      this.channel.error(`${message}: ${String(err)}`);
    } else {
      this.channel.error(message);
    }
  }

  /** Shows an error with a "Show Logs" action, as the one place to look. */
  async showError(message: string, err?: unknown): Promise<void> {
    this.error(message, err);
    const detail = err instanceof Error ? `: ${err.message}` : '';
    const choice = await vscode.window.showErrorMessage(`Tool Search Inspector: ${message}${detail}`, 'Show Logs');
    if (choice === 'Show Logs') {
      this.channel.show(true);
    }
  }

  dispose(): void {
    this.channel.dispose();
  }
}
