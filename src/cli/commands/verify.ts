import { formatDifference } from '../../core/oracle/differences';
import { locateOpenClaw, OpenClawUnavailableError, type OpenClawLocation } from '../../core/oracle/openclawLocation';
import { OpenClawOracle } from '../../core/oracle/openclawOracle';
import { defaultChildScript, verifyCatalog } from '../../core/oracle/verify';
import { errorMessage } from '../../core/util/errors';
import type { CliCommand } from '../cliTypes';
import { json } from '../format';
import { withCatalog } from '../session';

/** Exit code when no usable OpenClaw (or no Node >= 24 to run it) was found. */
export const EXIT_OPENCLAW_UNAVAILABLE = 3;

export const verifyCommand: CliCommand = {
  name: 'verify',
  summary: 'compare this workspace with the real OpenClaw: policy, compact entries, directory, lookup',
  usage: 'verify [--openclaw PATH|VERSION]',
  options: { openclaw: { type: 'string' } },
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
        const report = await verifyCatalog(oracle, { config: ws.config.reader?.doc.value ?? {}, context: ws.options.policy ?? {}, catalog }, location);
        if (ctx.json) {
          ctx.io.stdout(json(report));
        } else {
          const c = report.checked;
          const out = [
            `OpenClaw ${report.openclaw.version} (${location.packageDir})`,
            `checked: tools.toolSearch, policy of ${c.policy} tools, ${c.compact} compact entries, the directory, ${c.lookups} lookups`,
          ];
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
