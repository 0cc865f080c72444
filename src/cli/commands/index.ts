import type { CliCommand } from '../cliTypes';
import { catalogCommand } from './catalog';
import { explainCommand } from './explain';
import { runCommand } from './run';
import { previewCommand } from './preview';
import { callCommand } from './call';
import { compareCommand } from './compare';
import { searchCommand } from './search';
import { describeCommand } from './describe';
import { evalCommand } from './eval';
import { suggestCommand } from './suggest';
import { sessionsCommand } from './sessions';
import { verifyCommand } from './verify';
import { captureCommand } from './capture';
import { snapshotCommand } from './snapshot';
import { diffCommand } from './diff';
import { checkCommand } from './check';

/** Every CLI command, in the order `--help` lists them. Each lives in its own module. */
export const CLI_COMMANDS: readonly CliCommand[] = [
  catalogCommand,
  explainCommand,
  searchCommand,
  describeCommand,
  previewCommand,
  callCommand,
  runCommand,
  compareCommand,
  evalCommand,
  suggestCommand,
  sessionsCommand,
  verifyCommand,
  captureCommand,
  snapshotCommand,
  diffCommand,
  checkCommand,
];
