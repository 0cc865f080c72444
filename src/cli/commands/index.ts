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

/** Every CLI command. Each lives in its own module; add new ones here. */
export const COMMANDS: readonly CliCommand[] = [catalogCommand, explainCommand, runCommand, previewCommand, callCommand, compareCommand, searchCommand, describeCommand, evalCommand];
