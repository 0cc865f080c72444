import type { Diagnostic } from '../core/types';
import type { WorkspaceOptions } from '../core/workspace';
import { visibleText } from '../core/util/visibleText';

/** Usage, input or config error: exit 2 with a one-line reason. */
export class UsageError extends Error {}

/** `file:line:column: message`: the whole stderr line of an unusable config. */
export function diagnosticLine(d: Diagnostic): string {
  const where = d.line !== undefined ? `${d.file}:${d.line}${d.column !== undefined ? `:${d.column}` : ''}` : d.file;
  return visibleText(`${where}: ${d.message}`);
}

/** The config file exists but could not be used: exit 2, its line alone on stderr. */
export class ConfigUnusableError extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnosticLine(diagnostic));
  }
}

export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  env: Record<string, string | undefined>;
}

export type OptionSpec = { type: 'string' | 'boolean'; multiple?: boolean; short?: string };

/** Parsed command line: positionals and flag values. */
export interface ParsedArgs {
  positionals: string[];
  values: Record<string, string | boolean | string[] | undefined>;
}

export interface CommandContext {
  args: ParsedArgs;
  io: CliIO;
  json: boolean;
  /** Set (with `--json` only) when the config could not be used: the run still prints, then exits 2. */
  configUnusable?: Diagnostic;
  /** Workspace options from the shared input flags. */
  workspaceOptions(): WorkspaceOptions;
}

export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  /** Flags besides the shared ones. */
  options?: Record<string, OptionSpec>;
  /**
   * True when, without `--json`, stdout is still data to redirect (a snapshot
   * document): printed as it is, like `--json`, never display-escaped.
   */
  printsData?(args: ParsedArgs): boolean;
  /** Returns the exit code. */
  run(ctx: CommandContext): Promise<number>;
}
