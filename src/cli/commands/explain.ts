import { explainTool } from '../../core/explain/explain';
import { UsageError, type CliCommand } from '../cliTypes';
import { json } from '../format';
import { formatLocation } from '../../core/util/location';
import { ruleLocationText } from '../../core/reasons';
import { runAgentJson, runAgentText } from '../../core/policy/runAgent';
import { withCatalog } from '../session';
import { visibleText } from '../../core/util/visibleText';
import { POLICY_NOT_REACHED_LINE } from '../../core/vocabulary';

export const explainCommand: CliCommand = {
  name: 'explain',
  summary: 'say why a tool is cataloged, direct-only, excluded, unavailable or unknown',
  usage: 'explain NAME_OR_ID',
  run: (ctx) => {
    const query = ctx.args.positionals[0];
    if (!query) {
      throw new UsageError('explain needs a tool name or id');
    }
    return withCatalog(ctx, (catalog, ws) => {
      const e = explainTool(catalog, query, { configFile: ws.config.reader?.file });
      if (ctx.json) {
        ctx.io.stdout(json({ ...e, agent: runAgentJson(ws.agent, ws.config.reader?.file) }));
        return 0;
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
        if (m.hint) {
          out.push(`  fix: ${m.hint}`);
        }
        if (m.fix) {
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
      return 0;
    });
  },
};
