// The victim side of the surface attack suite (surfaceAttacks.test.ts): bundled
// once, run by each Node line in a fresh process per attack, so each attack's
// time and peak memory are its own. It runs one reader of the product on the
// files the suite prepared, prints what the reader returned as one JSON line,
// and never decides whether the attack held: the suite does.
//
//   node surfaceVictims.js <victim> <json args>
import { runCli } from '../../src/cli/main';
import { readSessions } from '../../src/core/telemetry/sessionSources';
import { FolderGuard } from '../../src/core/util/insideFolder';
import { findInstalledOpenClaw, locateOpenClaw } from '../../src/core/oracle/openclawLocation';
import { openclawEntry } from '../../src/core/capture/capture';
import { errorMessage } from '../../src/core/util/errors';

type Args = Record<string, string>;

async function cli(argv: string[], cwd: string): Promise<unknown> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { stdout: (t) => (stdout += `${t}\n`), stderr: (t) => (stderr += `${t}\n`), cwd, env: { PATH: process.env.PATH } });
  return { code, stdout: stdout.slice(0, 200_000), stderr: stderr.slice(0, 20_000) };
}

const VICTIMS: Record<string, (a: Args) => Promise<unknown>> = {
  /** What `sessions`, the store editor and learning read: every session under the paths, with the guard when untrusted. */
  async sessions(a) {
    const guard = a.untrustedRoot ? FolderGuard.of(a.untrustedRoot, false) : FolderGuard.open;
    const read = await readSessions(JSON.parse(a.paths ?? '[]') as string[], { guard });
    return {
      sessions: read.sessions.map((s) => ({ id: s.sessionId, file: s.file, events: s.events.length, text: JSON.stringify(s.events).slice(0, 100_000) })),
      errors: read.errors,
      problems: read.problems.slice(0, 20),
    };
  },
  /** The CLI, as a user runs it (`sessions --steps`, `explain --fix`). */
  async cli(a) {
    return cli(JSON.parse(a.argv ?? '[]') as string[], a.cwd ?? process.cwd());
  },
  /** The OpenClaw locator and capture's entry lookup on a package the user points at. */
  async locate(a) {
    const out: Record<string, unknown> = {};
    try {
      out.installed = findInstalledOpenClaw(a.dir, { env: { PATH: '' } }) ?? null;
    } catch (err) {
      out.installedError = errorMessage(err);
    }
    try {
      const loc = locateOpenClaw(a.dir, { node: process.execPath });
      out.located = loc.version;
      out.entry = openclawEntry(loc);
    } catch (err) {
      out.locateError = errorMessage(err);
    }
    return out;
  },
};

async function main(): Promise<void> {
  const [name, raw] = process.argv.slice(2);
  const victim = name ? VICTIMS[name] : undefined;
  if (!victim) {
    throw new Error(`no victim ${String(name)}`);
  }
  const started = process.hrtime.bigint();
  let result: unknown;
  try {
    result = await victim(JSON.parse(raw ?? '{}') as Args);
  } catch (err) {
    result = { thrown: errorMessage(err) };
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  process.stdout.write(`${JSON.stringify({ result, ms, maxRssKb: process.resourceUsage().maxRSS })}\n`);
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${errorMessage(err)}\n`);
    process.exit(3);
  },
);
