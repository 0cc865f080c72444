import { parseArgs } from 'node:util';
import { ConfigInputError } from '../core/config/openclawConfig';
import { ClientToolsInputError } from '../core/sources/clientTools';
import { SnapshotInputError } from '../core/sources/mcpSnapshot';
import { errorMessage } from '../core/util/errors';
import { visibleLines } from '../core/util/visibleText';
import { ConfigUnusableError, diagnosticLine, UsageError, type CliIO, type CommandContext, type ParsedArgs } from './cliTypes';
import { CLI_COMMANDS } from './commands/index';
import { EVERY_AGENT_COMMANDS, runForEveryAgent } from './everyAgent';
import { SHARED_OPTION_USAGE, SHARED_OPTIONS, workspaceOptionsFrom } from './sharedOptions';

function help(): string {
  const lines = ['Usage: tool-search-inspect <command> [options]', '', 'Commands:'];
  for (const c of CLI_COMMANDS) {
    lines.push(`  ${c.usage}`, `      ${c.summary}`);
  }
  lines.push('', ...wrapped('Shared options:', Object.values(SHARED_OPTION_USAGE)), '', 'Exit codes: 0 succeeded, 1 what was asked failed, 2 usage/input/config error.');
  return lines.join('\n');
}

/** `head` then the items, two spaces apart, in lines of at most 90 characters (continued with an indent). */
function wrapped(head: string, items: readonly string[]): string[] {
  const out: string[] = [];
  let line = head;
  for (const item of items) {
    if (line !== head && line !== '' && line.length + 2 + item.length > 90) {
      out.push(line);
      line = '';
    }
    line += line === head ? ` ${item}` : `  ${item}`;
  }
  out.push(line);
  return out;
}

/**
 * The one place human-readable text leaves the CLI: stderr always, and stdout
 * unless it carries JSON or data (`--json`, `snapshot` without `--out`), goes
 * through `visibleLines`, so no control sequence from a tool's name,
 * description or result reaches the terminal and no bidi or invisible
 * character hides in what is shown. JSON already escapes controls and keeps
 * every value as it is.
 */
export function displayIO(io: CliIO, data: boolean): CliIO {
  return {
    ...io,
    stdout: data ? io.stdout : (t) => io.stdout(visibleLines(t)),
    stderr: (t) => io.stderr(visibleLines(t)),
  };
}

/** Runs the CLI and returns its exit code; never throws. */
export async function runCli(argv: string[], rawIO: CliIO): Promise<number> {
  let io = displayIO(rawIO, false);
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(help());
    return name ? 0 : 2;
  }
  const command = CLI_COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.stderr(`tool-search-inspect: unknown command "${name}" (try --help)`);
    return 2;
  }
  try {
    let parsed: ParsedArgs;
    try {
      const r = parseArgs({ args: rest, options: { ...SHARED_OPTIONS, ...(command.options ?? {}) }, allowPositionals: true, strict: true });
      parsed = { positionals: r.positionals, values: r.values as ParsedArgs['values'] };
    } catch (err) {
      throw new UsageError(errorMessage(err));
    }
    io = displayIO(rawIO, parsed.values.json === true || command.printsData?.(parsed) === true);
    if (parsed.values.help) {
      io.stdout(`Usage: tool-search-inspect ${command.usage}\n\n${command.summary}`);
      return 0;
    }
    if (parsed.values.agent === 'all' && EVERY_AGENT_COMMANDS.includes(command.name)) {
      return await runForEveryAgent(command, parsed, io);
    }
    const ctx: CommandContext = {
      args: parsed,
      io,
      json: parsed.values.json === true,
      workspaceOptions: () => workspaceOptionsFrom(parsed, io.cwd, io.env),
    };
    const code = await command.run(ctx);
    if (ctx.configUnusable) {
      io.stderr(diagnosticLine(ctx.configUnusable));
      return 2;
    }
    return code;
  } catch (err) {
    if (err instanceof ConfigUnusableError) {
      io.stderr(err.message);
      return 2;
    }
    if (err instanceof UsageError || err instanceof ConfigInputError || err instanceof SnapshotInputError || err instanceof ClientToolsInputError) {
      io.stderr(`tool-search-inspect ${name}: ${err.message}`);
      return 2;
    }
    io.stderr(`tool-search-inspect ${name}: internal error: ${errorMessage(err)}`);
    return 1;
  }
}
