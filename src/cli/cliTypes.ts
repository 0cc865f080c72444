import type { WorkspaceOptions } from '../core/workspace';

/** Usage, input or config error: exit 2 with a one-line reason. */
export class UsageError extends Error {}

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
  /** Workspace options from the shared input flags. */
  workspaceOptions(): WorkspaceOptions;
}

export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  /** Flags besides the shared ones. */
  options?: Record<string, OptionSpec>;
  /** Returns the exit code. */
  run(ctx: CommandContext): Promise<number>;
}
