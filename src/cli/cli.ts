import { visibleLines } from '../core/util/visibleText';
import { runCli } from './main';

// The bundle's entry: wire the CLI to the real process.
runCli(process.argv.slice(2), {
  stdout: (t) => process.stdout.write(`${t}\n`),
  stderr: (t) => process.stderr.write(`${t}\n`),
  cwd: process.cwd(),
  env: process.env,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`tool-search-inspect: ${visibleLines(String(err))}\n`);
    process.exitCode = 1;
  },
);
