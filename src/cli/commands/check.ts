import { errorMessage } from '../../core/util/errors';
import * as path from 'node:path';
import { breachLine, BudgetFileError, checkBudget, parseBudget } from '../../core/snapshot/budget';
import { UsageError, type CliCommand } from '../cliTypes';
import { json } from '../format';
import { LIVE_SNAPSHOT_OPTIONS, liveSnapshot, snapshotFrom, strOpt } from '../snapshotSource';
import { READ_LIMITS, readUserText } from '../../core/util/readLimits';

export const checkCommand: CliCommand = {
  name: 'check',
  summary: 'check a catalog (live, or a snapshot file) against a budget file; one `file:line: message` per breach, exit 1 on any',
  usage: 'check --budget FILE [SNAPSHOT_OR_DIR]',
  options: { ...LIVE_SNAPSHOT_OPTIONS, budget: { type: 'string' } },
  run: async (ctx) => {
    const budgetArg = strOpt(ctx, 'budget');
    if (budgetArg === undefined) {
      throw new UsageError('check needs --budget FILE');
    }
    const [target, ...extra] = ctx.args.positionals;
    if (extra.length > 0) {
      throw new UsageError('check takes at most one snapshot file or workspace folder');
    }
    let text: string;
    try {
      text = readUserText(path.resolve(ctx.io.cwd, budgetArg), READ_LIMITS.inputFileBytes);
    } catch (err) {
      throw new UsageError(`${budgetArg}: cannot read the budget file: ${errorMessage(err)}`);
    }
    let loaded;
    try {
      loaded = parseBudget(budgetArg, text);
    } catch (err) {
      if (err instanceof BudgetFileError) {
        // A budget that cannot be read is an input error, in the same file:line shape.
        ctx.io.stderr(err.message);
        return 2;
      }
      throw err;
    }
    const source = target !== undefined ? await snapshotFrom(ctx, target) : { snapshot: await liveSnapshot(ctx), label: 'workspace (live)' };
    const breaches = checkBudget(loaded, source.snapshot);
    if (ctx.json) {
      ctx.io.stdout(json({ budget: budgetArg, source: source.label, ok: breaches.length === 0, breaches }));
    } else if (breaches.length > 0) {
      ctx.io.stdout(breaches.map(breachLine).join('\n'));
    } else {
      ctx.io.stdout(`${budgetArg}: ${source.label} is within budget`);
    }
    return breaches.length > 0 ? 1 : 0;
  },
};
