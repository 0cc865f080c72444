import * as path from 'node:path';
import type { Catalog } from '../../core/catalog/catalog';
import type { CodeModeDecision } from '../../core/catalog/codeModeActivation';
import type { ConfigVerdict } from '../../core/policy/configVerdict';
import { codeModeSummaryOf } from '../../core/modes/preview';
import { runAgentJson, runAgentText, type RunAgent } from '../../core/policy/runAgent';
import { toolReasonText } from '../../core/reasons';
import type { CatalogTool } from '../../core/types';
import type { CliCommand } from '../cliTypes';
import { formatDiagnostic, json, table, truncate } from '../format';
import { withCatalog } from '../session';
import { runRefusalJson, runRefusalLines, verdictJson, verdictLines } from '../verdictText';

/** The contract's `catalog` JSON. */
export function catalogJson(catalog: Catalog, all: boolean, agent?: RunAgent, configFile?: string, codeMode?: CodeModeDecision, verdict?: ConfigVerdict): unknown {
  const shown = catalog.tools.filter((t) => all || t.status !== 'excluded');
  return {
    ...(verdict !== undefined ? { configVerdict: verdictJson(verdict) } : {}),
    ...(catalog.runRefusal ? { runRefusal: runRefusalJson(catalog.runRefusal) } : {}),
    catalogSize: catalog.size,
    ...(agent ? { agent: runAgentJson(agent, configFile) } : {}),
    mode: catalog.settings.mode,
    ...(codeMode ? { codeMode: codeModeSummaryOf(codeMode, catalog) } : {}),
    ...(catalog.openclaw
      ? {
          openclawVersion: catalog.openclaw.model.version,
          openclawVersionSource: catalog.openclaw.describe,
          openclawVersionChosenBy: catalog.openclaw.source,
          ...(catalog.openclaw.requested !== undefined ? { openclawVersionRequested: catalog.openclaw.requested } : {}),
          ...(catalog.openclaw.newerThanModelled === true ? { openclawVersionNewerThanModelled: true } : {}),
          openclawEpochReleases: [...catalog.openclaw.model.epoch.releases],
        }
      : {}),
    sources: catalog.countBySource(),
    bySourceName: catalog.countBySourceName(),
    tools: shown.map((t: CatalogTool) => ({
      id: t.id,
      source: t.source,
      sourceName: t.sourceName,
      name: t.name,
      description: t.description,
      status: t.status,
      // `reason` stays the sentence it always was; `reasonKind` and `why` are the same reason as data.
      ...(t.reason ? { reason: toolReasonText(t), reasonKind: t.reason.kind, why: t.reason } : {}),
    })),
    servers: catalog.servers.map((s) => ({
      name: s.name,
      origin: s.origin,
      transport: s.transport,
      status: s.status,
      toolCount: s.toolCount,
      ...(s.error ? { error: s.error } : {}),
      durationMs: s.durationMs,
      ...(s.stderrTail && s.stderrTail.length > 0 ? { stderrTail: s.stderrTail } : {}),
    })),
    plugins: catalog.plugins,
    diagnostics: catalog.diagnostics,
  };
}

export const catalogCommand: CliCommand = {
  name: 'catalog',
  summary: 'list the effective catalog: cataloged, direct-only and (with --all) excluded tools',
  usage: 'catalog [--all]',
  options: { all: { type: 'boolean' } },
  run: (ctx) =>
    withCatalog(ctx, (catalog, ws) => {
      const all = ctx.args.values.all === true;
      const configFile = ws.config.reader?.file;
      if (ctx.json) {
        ctx.io.stdout(json(catalogJson(catalog, all, ws.agent, configFile, ws.codeMode, ws.verdict)));
        return 0;
      }
      const s = catalog.countBySource();
      const conditional = catalog.excluded.filter(isConditional);
      // OpenClaw's own verdict first: below it, what the release would run after its doctor's fix.
      const out: string[] = [...verdictLines(ws), ...runRefusalLines(catalog.runRefusal)];
      if (catalog.openclaw) {
        out.push(`Modelling ${catalog.openclaw.describe}`);
      }
      out.push(`Agent: ${runAgentText(ws.agent, configFile)}`);
      if (ws.codeMode) {
        const cm = codeModeSummaryOf(ws.codeMode, catalog);
        out.push(`Code Mode: ${cm.engaged ? 'engages (the model sees exec and wait; every cataloged tool is reached from a program)' : 'off'}: ${cm.reason}${configFile && cm.line !== undefined ? ` (${path.basename(configFile)}:${cm.line})` : ''}`);
      }
      out.push(
        `Mode: ${catalog.settings.mode}${catalog.settings.configured ? '' : ' (tools.toolSearch not set)'}   ` +
          `Catalog: ${catalog.size} tools (openclaw ${s.openclaw}, mcp ${s.mcp}, client ${s.client}), ` +
          `${catalog.directOnly.length} direct-only, ${catalog.excluded.length} excluded` +
          (conditional.length > 0 ? ` (${conditional.length} built only under a run-time condition: --assume)` : ''),
        '',
      );
      // A tool OpenClaw builds only under a condition is always listed, as `conditional`, and never counted.
      const rows = catalog.tools
        .filter((t) => all || t.status !== 'excluded' || isConditional(t))
        .map((t) => [isConditional(t) ? 'conditional' : t.status, t.id, truncate(t.status === 'cataloged' ? t.description : toolReasonText(t) ?? t.description, 70)]);
      out.push(table(['STATUS', 'ID', 'DESCRIPTION / REASON'], rows));
      const hidden = catalog.excluded.length - conditional.length;
      if (!all && hidden > 0) {
        out.push('', `${hidden} excluded tools hidden; --all shows them, explain NAME says why.`);
      }
      if (catalog.servers.length > 0) {
        out.push('', table(['SERVER', 'STATUS', 'TOOLS', 'MS', 'ORIGIN / ERROR'], catalog.servers.map((v) => [v.name, v.status, String(v.toolCount), String(v.durationMs), v.error ?? v.origin])));
      }
      if (catalog.plugins.length > 0) {
        out.push('', table(['PLUGIN', 'STATUS', 'TOOLS', 'MANIFEST / REASON'], catalog.plugins.map((p) => [p.id, p.status, String(p.toolCount), p.reason ?? p.manifest])));
      }
      if (catalog.diagnostics.length > 0) {
        out.push('', 'Diagnostics:', ...catalog.diagnostics.map((d) => `  ${formatDiagnostic(d)}`));
      }
      ctx.io.stdout(out.join('\n'));
      return 0;
    }),
};

/** Excluded only because the run may lack what OpenClaw needs to build it (`--assume` brings it in). */
function isConditional(t: CatalogTool): boolean {
  return t.status === 'excluded' && t.reason?.kind === 'needs-condition';
}
