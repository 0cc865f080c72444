import { errorMessage } from '../../core/util/errors';
import * as path from 'node:path';
import { breachLine, BudgetFileError, checkBudget, parseBudget, type BudgetBreach } from '../../core/snapshot/budget';
import type { OpenWorkspace } from '../../core/workspace';
import { openclawValidation, validationBreaches, type ValidationReport } from '../openclawValidation';
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
    // A live workspace is also judged by the installed OpenClaw itself (`openclaw config validate`), when there is one.
    let validation: ValidationReport | undefined;
    let judged: BudgetBreach[] = [];
    const inspect = async (ws: OpenWorkspace): Promise<void> => {
      validation = await openclawValidation(ws, strOpt(ctx, 'openclaw'), ctx.io);
      judged = validationBreaches(validation, ws);
    };
    const source = target !== undefined ? await snapshotFrom(ctx, target, inspect) : { snapshot: await liveSnapshot(ctx, { inspect }), label: 'workspace (live)' };
    const breaches = [...checkBudget(loaded, source.snapshot), ...judged];
    if (ctx.json) {
      ctx.io.stdout(json({ budget: budgetArg, source: source.label, ok: breaches.length === 0, breaches, ...(validation ? { openclawValidate: validation } : {}) }));
    } else {
      const said = validation?.ran ? [`openclaw config validate (OpenClaw ${validation.version}): ${validation.valid ? 'valid' : `invalid, ${validation.issues.length} issue(s)`}${validation.agrees ? '' : '; the inspector disagrees'}`] : [];
      // The budget counts the inspector's surface: say which of its tools a real run cannot have (one number per thing).
      const apart = source.snapshot.inspectorOnly ? [`counted with ${source.snapshot.inspectorOnly.text}, not in a real run (OpenClaw sends without them: preview's openclaw.request)`] : [];
      ctx.io.stdout([...(breaches.length > 0 ? breaches.map(breachLine) : [`${budgetArg}: ${source.label} is within budget`]), ...apart, ...said].join('\n'));
    }
    return breaches.length > 0 ? 1 : 0;
  },
};
