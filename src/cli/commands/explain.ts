import type { ExplainMatch } from '../../core/explain/explain';
import { applyEdits } from '../../core/explain/configEdits';
import { explainWithFixPlans } from '../../core/explain/fixPlan';
import { fixEdits, type FixBlocker, type ToolFixPlan } from '../../core/explain/quickFix';
import { UsageError, type CliCommand, type CommandContext } from '../cliTypes';
import { json } from '../format';
import { formatLocation } from '../../core/util/location';
import { ruleLocationText } from '../../core/reasons';
import { runAgentJson, runAgentText } from '../../core/policy/runAgent';
import { withCatalog } from '../session';
import { visibleText } from '../../core/util/visibleText';
import { READ_LIMITS, readUserText } from '../../core/util/readLimits';
import { ConfigWriteError, writeConfigFile } from '../../core/explain/configWrite';
import { POLICY_NOT_REACHED_LINE } from '../../core/vocabulary';
import { unifiedDiff } from '../../core/util/unifiedDiff';

export const explainCommand: CliCommand = {
  name: 'explain',
  summary: 'say why a tool is cataloged, direct-only, excluded, unavailable or unknown',
  usage: 'explain NAME_OR_ID [--fix [--dry-run]]',
  options: { fix: { type: 'boolean' }, 'dry-run': { type: 'boolean' } },
  // `--dry-run` prints the fix as a unified diff of the config: data, shown as it is.
  printsData: (args) => args.values['dry-run'] === true && args.values.json !== true,
  run: (ctx) => {
    const query = ctx.args.positionals[0];
    if (!query) {
      throw new UsageError('explain needs a tool name or id');
    }
    const dryRun = ctx.args.values['dry-run'] === true;
    const fix = ctx.args.values.fix === true || dryRun;
    return withCatalog(ctx, async (catalog, ws) => {
      const e = await explainWithFixPlans(ws, catalog, query);
      if (fix) {
        return writeFix(ctx, e.matches, ws.config.file, dryRun, () => ({ ...e, agent: runAgentJson(ws.agent, ws.config.reader?.file) }));
      }
      // A name no source offers is a lookup miss (exit 1), as describe's and call's are.
      const miss = e.matches.length === 0 || e.matches.every((m) => m.status === 'unknown') ? 1 : 0;
      if (ctx.json) {
        ctx.io.stdout(json({ ...e, agent: runAgentJson(ws.agent, ws.config.reader?.file) }));
        return miss;
      }
      const out: string[] = [];
      if (e.openclawVersion) {
        out.push(`Modelling ${e.openclawVersion}`);
      }
      out.push(`Agent: ${runAgentText(ws.agent, ws.config.reader?.file)}`);
      for (const m of e.matches) {
        out.push(`${visibleText(m.id ?? m.name)}: ${m.status}`, `  reason: ${visibleText(m.reason)}`);
        // A tool its source excluded never reached the policy: its verdicts are not the answer.
        const notReached = m.chain.some((s) => s.notReached === true);
        if (notReached) {
          out.push(`  ${POLICY_NOT_REACHED_LINE}`);
        }
        for (const d of notReached ? [] : m.decisions) {
          const where = d.file ? `  (${formatLocation({ file: d.file, line: d.line })})` : '';
          out.push(`  ${d.effect.padEnd(5)} ${d.layer}: ${visibleText(d.rule)}${where}`);
        }
        if (m.location) {
          out.push(`  rule: ${ruleLocationText(m.location)}`);
        }
        if (m.hint && !m.fixPlan) {
          out.push(`  fix: ${m.hint}`);
        }
        if (m.fixPlan) {
          out.push(...planLines(m.fixPlan));
        } else if (m.fix) {
          out.push(`  quick fix: ${m.fix.title} (${m.fix.file})`);
        }
      }
      if (e.suggestions.length > 0) {
        out.push(`Did you mean: ${e.suggestions.join(', ')}?`);
      }
      if (e.unavailableServers.length > 0) {
        out.push(`Unavailable servers: ${e.unavailableServers.join(', ')}`);
      }
      ctx.io.stdout(out.join('\n'));
      return miss;
    });
  },
};

function blockerLine(b: FixBlocker): string {
  return `${b.at ? ruleLocationText(b.at) : 'no file'}: ${b.layer}: ${visibleText(b.said)}`;
}

/** The plan of one match: its edits and who else they reach, or every layer that blocks and why no edit admits the tool. */
function planLines(p: ToolFixPlan): string[] {
  const out = ['  blocked by:', ...p.blockers.map((b) => `    ${blockerLine(b)}${b.edit ? `  -> ${b.edit}` : ''}`)];
  if (p.plan) {
    const reach = p.scope === 'agent' ? `only agent ${p.agent ?? ''}` : p.widens.length > 0 ? `also widens ${p.widens.map((w) => `agent ${w.agent} (${w.tools.join(', ')})`).join(', ')}` : 'a global edit; it widens no other agent';
    out.push(`  fix plan (${p.plan.edits.length} edit${p.plan.edits.length === 1 ? '' : 's'} of ${p.plan.file}; ${reach}; checked: the rebuilt catalog has it ${p.recheck?.status ?? 'admitted'}):`);
    out.push(...p.plan.edits.map((x) => `    ${x.title}`));
    if (p.alsoAdmits.length > 0) {
      out.push(`    also lets in: ${p.alsoAdmits.join(', ')}`);
    }
    out.push('  apply: explain --fix (or --dry-run to see the change as a diff)');
  } else {
    out.push(`  no fix: ${visibleText(p.message)}`);
  }
  return out;
}

/**
 * `--fix`: writes the one match's plan to the config (`--dry-run`: prints the
 * change as a unified diff; `--json` keeps the whole edited text). Exit 1 when no plan admits the tool (stderr lists every
 * blocking layer with file:line) or the name is found nowhere; 2 when the
 * name is ambiguous.
 */
function writeFix(ctx: CommandContext, matches: readonly ExplainMatch[], configFile: string | undefined, dryRun: boolean, explanation: () => object): number {
  const excluded = matches.filter((m) => m.status === 'excluded');
  if (excluded.length > 1) {
    throw new UsageError(`explain --fix: "${matches[0]?.name ?? ''}" names ${excluded.length} excluded tools; give one id: ${excluded.map((m) => m.id ?? m.name).join(', ')}`);
  }
  const m = excluded[0];
  const report = (result: object, code: number): number => {
    if (ctx.json) {
      ctx.io.stdout(json({ ...explanation(), fixResult: result }));
    }
    return code;
  };
  if (!m) {
    const found = matches.find((x) => x.status === 'cataloged' || x.status === 'direct-only');
    if (found) {
      if (!ctx.json) {
        ctx.io.stdout(`${visibleText(found.id ?? found.name)} is ${found.status}: nothing to fix`);
      }
      return report({ toolId: found.id, status: found.status, written: false, dryRun }, 0);
    }
    ctx.io.stderr(`explain --fix: ${visibleText(matches[0]?.reason ?? 'no such tool')}`);
    return report({ status: matches[0]?.status ?? 'unknown', written: false, dryRun }, 1);
  }
  const p = m.fixPlan;
  if (!p?.plan || !configFile) {
    const message = p ? p.message : m.fix ? `its fix is an edit of ${m.fix.file}, not of the OpenClaw config: ${m.fix.title}` : `no edit admits ${m.name}`;
    const blockers = p ? (p.remaining.length > 0 ? p.remaining : p.blockers) : [];
    ctx.io.stderr([`explain --fix: ${visibleText(message)}`, ...(p ? ['blocking layers:', ...p.blockers.map((b) => `  ${blockerLine(b)}${blockers.includes(b) ? '  (no edit admits it)' : ''}`)] : [])].join('\n'));
    return report({ toolId: m.id, written: false, dryRun, admits: false, message }, 1);
  }
  const text = readUserText(configFile, READ_LIMITS.configBytes);
  const next = applyEdits(text, fixEdits(p.plan, text));
  if (dryRun) {
    if (!ctx.json) {
      // What the fix changes, not the whole file (a one-line fix in a 330-line config).
      ctx.io.stdout(unifiedDiff(text, next, p.plan.file));
    }
    return report({ toolId: m.id, file: p.plan.file, written: false, dryRun, admits: true, text: next }, 0);
  }
  try {
    writeConfigFile(configFile, next);
  } catch (err) {
    if (!(err instanceof ConfigWriteError)) {
      throw err;
    }
    ctx.io.stderr(`explain --fix: ${visibleText(err.message)}`);
    return report({ toolId: m.id, file: p.plan.file, written: false, dryRun, admits: true, message: err.message }, 1);
  }
  if (!ctx.json) {
    ctx.io.stdout([`Wrote ${p.plan.file}: ${visibleText(p.message)}`, ...p.plan.edits.map((x) => `  ${x.title}`)].join('\n'));
  }
  return report({ toolId: m.id, file: p.plan.file, written: true, dryRun, admits: true }, 0);
}
