import { formatDifference } from '../../core/oracle/differences';
import { locateOpenClaw, OpenClawUnavailableError, type OpenClawLocation } from '../../core/oracle/openclawLocation';
import { OpenClawOracle } from '../../core/oracle/openclawOracle';
import { defaultChildScript, verifyCatalog, withRealRequests, type VerifyReport } from '../../core/oracle/verify';
import { verifyRequests } from '../../core/oracle/verifyRequests';
import { CAPTURE_MODES, DEFAULT_CAPTURE_PROMPT } from '../../core/capture/captureConfig';
import { errorMessage } from '../../core/util/errors';
import { UsageError, type CliCommand, type CommandContext } from '../cliTypes';
import type { Catalog } from '../../core/catalog/catalog';
import type { OpenWorkspace } from '../../core/workspace';
import { json } from '../format';
import { withCatalog } from '../session';
import { EXIT_OPENCLAW_UNAVAILABLE, positiveInt, predictedRequests, providerFrom, runCaptureTurns } from './capture';

export { EXIT_OPENCLAW_UNAVAILABLE };

/**
 * The differential against real runs: one real turn per mode on this
 * workspace (as `capture`), each compared with the prediction of its request.
 * A number is an exit code (OpenClaw not available).
 */
async function realRuns(ctx: CommandContext, ws: OpenWorkspace, catalog: Catalog, report: VerifyReport, spec: string | undefined): Promise<VerifyReport | number> {
  const prompt = typeof ctx.args.values.prompt === 'string' ? ctx.args.values.prompt : DEFAULT_CAPTURE_PROMPT;
  if (prompt.trim() === '') {
    throw new UsageError('--prompt must not be empty: OpenClaw needs a message to run a turn');
  }
  const timeoutMs = positiveInt(ctx, 'timeout');
  const concurrency = positiveInt(ctx, 'concurrency');
  if (!ctx.json) {
    ctx.io.stderr(`verify: running one real OpenClaw turn per mode (${CAPTURE_MODES.join(', ')}); --functions-only skips them`);
  }
  const captured = await runCaptureTurns(ctx, ws, CAPTURE_MODES, prompt, {
    spec,
    ...providerFrom(ctx),
    ...(concurrency !== undefined ? { concurrency } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  });
  if (typeof captured === 'number') {
    return captured;
  }
  return withRealRequests(report, verifyRequests(captured, await predictedRequests(ctx, catalog, ws, prompt, captured), ws.openclaw.model.version));
}

export const verifyCommand: CliCommand = {
  name: 'verify',
  summary: 'compare this workspace with the real OpenClaw: a real turn per mode against the predicted request, and policy, compact entries, directory, lookup',
  usage: 'verify [--openclaw PATH|VERSION] [--functions-only] [--prompt TEXT] [--provider P[/MODEL]] [--timeout MS] [--concurrency N]',
  options: {
    openclaw: { type: 'string' },
    'functions-only': { type: 'boolean' },
    prompt: { type: 'string' },
    provider: { type: 'string' },
    timeout: { type: 'string' },
    concurrency: { type: 'string' },
  },
  run: async (ctx) => {
    const spec = ctx.args.values.openclaw;
    let location: OpenClawLocation;
    try {
      location = locateOpenClaw(typeof spec === 'string' ? spec : undefined, { env: ctx.io.env, cwd: ctx.io.cwd });
    } catch (err) {
      if (err instanceof OpenClawUnavailableError) {
        ctx.io.stderr(`verify: ${err.message}`);
        return EXIT_OPENCLAW_UNAVAILABLE;
      }
      throw err;
    }
    // Our side models the version being run, unless --openclaw-version asks
    // for another: comparing 2026.9.6 against another version's tables would
    // report the tables' changes as our mistakes.
    if (ctx.args.values['openclaw-version'] === undefined) {
      const asked = ctx.workspaceOptions.bind(ctx);
      ctx.workspaceOptions = () => ({ ...asked(), openclawVersion: location.version });
    }
    return withCatalog(ctx, async (catalog, ws) => {
      let oracle: OpenClawOracle;
      try {
        oracle = await OpenClawOracle.start({ location, childScript: ctx.io.env.TSI_OPENCLAW_CHILD ?? defaultChildScript() });
      } catch (err) {
        ctx.io.stderr(`verify: could not run openclaw ${location.version} with ${location.node}: ${errorMessage(err)}`);
        return EXIT_OPENCLAW_UNAVAILABLE;
      }
      try {
        let report = await verifyCatalog(oracle, { config: ws.configValue, context: ws.options.policy ?? {}, catalog, toolSearchSettings: ws.toolSearchSettings }, location);
        // The real runs need a config OpenClaw can read: an unusable one is said, and only the functions are compared.
        const functionsOnly = ctx.args.values['functions-only'] === true;
        if (report.notJudged) {
          ctx.io.stderr(`verify: ${report.notJudged.checks.join(', ')} not judged: ${report.notJudged.reason}; no real runs`);
        } else if (!functionsOnly && ws.config.unusable) {
          ctx.io.stderr(`verify: no real runs: the config is unusable (${ws.config.unusable.message})`);
        } else if (!functionsOnly) {
          const withReal = await realRuns(ctx, ws, catalog, report, typeof spec === 'string' ? spec : undefined);
          if (typeof withReal === 'number') {
            return withReal;
          }
          report = withReal;
        }
        if (ctx.json) {
          ctx.io.stdout(json(report));
        } else {
          const c = report.checked;
          const out = [
            `OpenClaw ${report.openclaw.version} (${location.packageDir})`,
            report.notJudged
              ? `checked: ${c.config ? 'tools.toolSearch, ' : ''}policy of ${c.policy} tools; not judged: ${report.notJudged.checks.join(', ')} (${report.notJudged.reason})`
              : `checked: tools.toolSearch, policy of ${c.policy} tools, ${c.compact} compact entries, the directory, ${c.lookups} lookups${c.requests ? `, the real request of ${c.requests} modes` : ''}`,
          ];
          if (report.real) {
            out.push(`real runs (prompt: ${JSON.stringify(report.real.prompt)}), predicted vs real after normalization:`, ...Object.values(report.real.modes).map((m) => `  ${m.line}`));
          }
          for (const d of report.differences) {
            out.push(formatDifference(d));
          }
          const known = report.differences.length - report.undocumented;
          out.push(`${report.undocumented} undocumented difference${report.undocumented === 1 ? '' : 's'}; ${known} documented (docs/fidelity.md, "Deliberate differences")`);
          ctx.io.stdout(out.join('\n'));
        }
        return report.undocumented > 0 ? 1 : 0;
      } catch (err) {
        if (err instanceof Error && 'missingFunction' in err && err.missingFunction) {
          ctx.io.stderr(`verify: ${err.message}`);
          return EXIT_OPENCLAW_UNAVAILABLE;
        }
        throw err;
      } finally {
        await oracle.close();
      }
    });
  },
};
