import { runCli } from '../../src/cli/main';

export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/** Runs the CLI in-process, as a user would from `cwd`, capturing what it prints. */
export async function runCliCaptured(argv: string[], cwd: string, env: Record<string, string | undefined> = {}): Promise<CliRun> {
  let out = '';
  let err = '';
  const code = await runCli(argv, {
    stdout: (t) => (out += `${t}\n`),
    stderr: (t) => (err += `${t}\n`),
    cwd,
    env,
  });
  return { code, out, err };
}
