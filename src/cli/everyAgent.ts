import { OpenWorkspace } from '../core/workspace';
import { UsageError, type CliCommand, type CliIO, type CommandContext, type ParsedArgs } from './cliTypes';
import { knownAgents } from './session';
import { workspaceOptionsFrom } from './sharedOptions';

/** The commands `--agent all` runs once per agent of the config (capture has its own). */
export const EVERY_AGENT_COMMANDS: readonly string[] = ['catalog', 'preview', 'check', 'snapshot'];

/**
 * `--agent all` (issue 41): the command once for every agent of the config
 * (its roster's ids, or OpenClaw's implicit `main` without a roster), one
 * section each. Text: `== agent ID ==` and that agent's output; JSON:
 * `{ agents: [{ agent, exitCode, output }] }` with each run's own JSON as
 * `output`. The exit code is the highest of the runs' codes.
 */
export async function runForEveryAgent(command: CliCommand, parsed: ParsedArgs, io: CliIO): Promise<number> {
  if (command.name === 'snapshot' && typeof parsed.values.out === 'string') {
    throw new UsageError('--agent all prints one snapshot per agent on stdout; drop --out');
  }
  const json = parsed.values.json === true || command.name === 'snapshot';
  const { agent: _all, ...rest } = parsed.values;
  const ws = new OpenWorkspace(workspaceOptionsFrom({ ...parsed, values: rest }, io.cwd, io.env));
  let agents: string[];
  try {
    agents = knownAgents(ws);
  } finally {
    await ws.dispose();
  }
  let worst = 0;
  const sections: string[] = [];
  const results: { agent: string; exitCode: number; output: unknown }[] = [];
  for (const agent of agents) {
    const out: string[] = [];
    const args: ParsedArgs = { ...parsed, values: { ...rest, agent } };
    const ctx: CommandContext = { args, io: { ...io, stdout: (t) => out.push(t) }, json: parsed.values.json === true, workspaceOptions: () => workspaceOptionsFrom(args, io.cwd, io.env) };
    let code = await command.run(ctx);
    if (ctx.configUnusable) {
      code = 2;
    }
    worst = Math.max(worst, code);
    const text = out.join('\n');
    if (json) {
      let output: unknown = text;
      try {
        output = JSON.parse(text);
      } catch {
        // Not JSON (a command's text on a failure): kept as the text it printed.
      }
      results.push({ agent, exitCode: code, output });
    } else {
      sections.push(`== agent ${agent} ==\n${text}`);
    }
  }
  io.stdout(json ? JSON.stringify({ agents: results }, null, 2) : sections.join('\n\n'));
  return worst;
}
