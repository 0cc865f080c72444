import * as vscode from 'vscode';
import { COMMANDS } from '../commandIds';
import type { Logger } from '../logger';
import { setTraceSaver } from '../panels/tracePanel';
import { openSessionLogCommand, SESSION_EDITOR_VIEW_TYPE, SessionEditorProvider, STORE_EDITOR_VIEW_TYPE } from './sessionEditor';
import { openTraceCommand, saveTrace, saveTraceCommand, TRACE_EDITOR_VIEW_TYPE, TraceEditorProvider } from './traceEditor';

/** Saved traces and session logs: their editors and commands (one registration for extension.ts). */
export function registerSessions(context: vscode.ExtensionContext, logger: Logger): vscode.Disposable[] {
  const version = (context.extension.packageJSON as { version?: unknown }).version;
  const writer = `tool-search-inspector ${typeof version === 'string' ? version : ''}`.trim();
  const report = <A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>) => async (...args: A): Promise<R | undefined> => {
    try {
      return await fn(...args);
    } catch (err) {
      await logger.showError(`${name} failed`, err);
      return undefined;
    }
  };
  setTraceSaver((r) => saveTrace(r, undefined, writer));
  return [
    vscode.window.registerCustomEditorProvider(TRACE_EDITOR_VIEW_TYPE, new TraceEditorProvider(context.extensionUri, logger), { supportsMultipleEditorsPerDocument: true }),
    vscode.window.registerCustomEditorProvider(SESSION_EDITOR_VIEW_TYPE, new SessionEditorProvider(context.extensionUri, logger), { supportsMultipleEditorsPerDocument: true }),
    vscode.window.registerCustomEditorProvider(STORE_EDITOR_VIEW_TYPE, new SessionEditorProvider(context.extensionUri, logger), { supportsMultipleEditorsPerDocument: true }),
    vscode.commands.registerCommand(COMMANDS.openSessionLog, report('Open Session Log', (arg?: unknown) => openSessionLogCommand(arg))),
    vscode.commands.registerCommand(COMMANDS.saveBridgeTrace, report('Save Bridge Trace', (arg?: unknown) => saveTraceCommand(arg, writer))),
    vscode.commands.registerCommand(COMMANDS.openBridgeTrace, report('Open Saved Bridge Trace', (arg?: unknown) => openTraceCommand(arg))),
  ];
}
