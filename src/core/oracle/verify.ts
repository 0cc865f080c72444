import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Catalog } from '../catalog/catalog';
import type { PolicyContext, ToolSearchSettings } from '../types';
import { diffCatalogWithOracle } from './diffCatalog';
import { diffToolSearchConfigWithOracle } from './diffConfig';
import { policyDifferences, policyRows, type PolicyRow } from './diffPolicy';
import { undocumented, type Difference } from './differences';
import type { OpenClawLocation } from './openclawLocation';
import { OracleError, type OpenClawOracle } from './openclawOracle';
import { oracleSpecsOf } from './oracleCatalog';
import type { RealVerify } from './verifyRequests';

export interface VerifyInput {
  /** The workspace's OpenClaw config as a JSON value (`{}` when there is none). */
  config: unknown;
  context: PolicyContext;
  catalog: Catalog;
  /**
   * The workspace's `tools.toolSearch` as resolved (the catalog's settings
   * carry the run's surface, which is `code-mode` when Code Mode engages:
   * not a Tool Search mode OpenClaw's resolveToolSearchConfig knows).
   */
  toolSearchSettings?: ToolSearchSettings;
}

export interface VerifyReport {
  openclaw: { version: string; packageDir?: string; node?: string };
  /** `requests`: real turns compared with their predicted request (0 with `--functions-only`). */
  checked: { config: number; policy: number; compact: number; directory: number; lookups: number; requests?: number };
  /** Per tool: allowed on each side, our blocking rule, OpenClaw's blocking step. */
  policy: PolicyRow[];
  differences: Difference[];
  /** Differences not in the known-differences table: what makes `verify` exit 1. */
  undocumented: number;
  /** Checks the release cannot answer (no Tool Search before 2026.5.12, no runtime export in 2026.5.12), and why. */
  notJudged?: { checks: string[]; reason: string };
  /** The differential against real runs: one real turn per mode, its first request against the prediction. */
  real?: RealVerify;
}

/** Adds the real runs' verdicts and differences to a report (`verifyRequests`). */
export function withRealRequests(report: VerifyReport, real: { real: RealVerify; differences: Difference[] }): VerifyReport {
  const differences = [...report.differences, ...real.differences];
  return { ...report, checked: { ...report.checked, requests: Object.keys(real.real.modes).length }, differences, undocumented: undocumented(differences).length, real: real.real };
}

/**
 * The workspace's catalog compared with the real OpenClaw: `tools.toolSearch`
 * resolution, the policy verdict (and blocking rule) of every core, plugin
 * and MCP tool, the compact entry of every usable tool, the directory text,
 * and lookup by each usable tool's id and name. The same comparisons the
 * differential suites run on generated input (test/oracle).
 */
export async function verifyCatalog(oracle: OpenClawOracle, input: VerifyInput, location?: OpenClawLocation): Promise<VerifyReport> {
  const differences: Difference[] = [];
  const asked = { config: input.config, context: input.context, bundledPluginTools: input.catalog.openclaw?.model.bundledPluginTools };
  let policy: Awaited<ReturnType<typeof policyRows>>;
  // Plugin and MCP tools, where the release cannot mark a tool's owner (before 2026.5.12: no setPluginToolMeta).
  let ownerless: string | undefined;
  try {
    policy = await policyRows(oracle, { ...asked, tools: input.catalog.tools });
  } catch (err) {
    if (!(err instanceof OracleError && err.missingFunction === 'setPluginToolMeta')) {
      throw err;
    }
    // Judged on the core tools alone, as test:versions judges these releases; the rest is named as not judged.
    policy = await policyRows(oracle, { ...asked, tools: input.catalog.tools.filter((t) => oracleSpecsOf([t], asked.bundledPluginTools)[0]?.kind === 'core') });
    ownerless = `openclaw ${oracle.version} exports no setPluginToolMeta, so the policy of plugin and MCP tools was not asked (core tools alone)`;
  }
  differences.push(...policyDifferences(policy, input.context));
  const base = {
    openclaw: { version: oracle.version, ...(location ? { packageDir: location.packageDir, node: location.node } : {}) },
    policy: policy.rows,
  };
  const toolSearchChecks = ['tools.toolSearch', 'compact entries', 'the directory', 'lookups'];
  const policyAlone = (reason: string): VerifyReport => ({
    ...base,
    checked: { config: 0, policy: policy.rows.length, compact: 0, directory: 0, lookups: 0 },
    differences,
    undocumented: undocumented(differences).length,
    notJudged: { checks: [...toolSearchChecks, ...(ownerless ? ['the policy of plugin and MCP tools'] : [])], reason: ownerless ? `${reason}; ${ownerless}` : reason },
  });
  // A release without Tool Search (before 2026.5.12, generated per epoch) is judged on policy alone.
  if (input.catalog.openclaw?.model.toolSearch === null) {
    return policyAlone(`openclaw ${oracle.version} has no Tool Search (its epoch's resolveToolSearchConfig is missing)`);
  }
  // Lookups of what OpenClaw catalogs: a direct-only tool is in front of the model and outside OpenClaw's catalog
  // (describing it anyway is ours, docs/fidelity.md "Deliberate differences").
  const toolLookups = input.catalog.cataloged.flatMap((t) => [{ id: t.id, by: 'id' as const }, { id: t.id, by: 'name' as const }]);
  differences.push(...(await diffToolSearchConfigWithOracle(oracle, input.config, { subject: 'tools.toolSearch', ours: input.toolSearchSettings ?? input.catalog.settings })));
  try {
    differences.push(...(await diffCatalogWithOracle(oracle, input.catalog, { compact: true, directory: [undefined], toolLookups })));
  } catch (err) {
    // 2026.5.12 keeps its search runtime private: its catalog cannot be asked, its config and policy can.
    if (err instanceof OracleError && err.missingFunction) {
      return {
        ...base,
        checked: { config: 1, policy: policy.rows.length, compact: 0, directory: 0, lookups: 0 },
        differences,
        undocumented: undocumented(differences).length,
        notJudged: { checks: toolSearchChecks.slice(1), reason: `openclaw ${oracle.version} exports no ${err.missingFunction}` },
      };
    }
    throw err;
  }
  return {
    ...base,
    checked: { config: 1, policy: policy.rows.length, compact: input.catalog.allowed.length, directory: 1, lookups: toolLookups.length },
    differences,
    undocumented: undocumented(differences).length,
  };
}

/**
 * The adapter child script: the built `openclawChild.mjs` beside the bundle
 * that runs this code, or its source when running from src/ (tests, tsx).
 */
export function defaultChildScript(baseDir: string = __dirname): string {
  const candidates = [path.join(baseDir, 'openclawChild.mjs'), path.join(baseDir, '..', '..', 'oracle', 'openclawChild.mts'), path.join(baseDir, '..', 'src', 'oracle', 'openclawChild.mts')];
  return candidates.find((c) => fs.existsSync(c)) ?? (candidates[0] as string);
}

function cell(v: unknown): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v) ?? 'undefined';
  return s.replace(/\|/g, '\\|').replace(/\n/g, '\\n');
}

/** The report as Markdown, for a read-only editor document. */
export function formatVerifyReportMarkdown(report: VerifyReport, workspace: string): string {
  const c = report.checked;
  const known = report.differences.length - report.undocumented;
  const out = [
    `# Verify against OpenClaw ${report.openclaw.version}`,
    '',
    `Workspace: ${workspace}  `,
    `OpenClaw: ${report.openclaw.packageDir ?? report.openclaw.version}${report.openclaw.node ? ` (Node: ${report.openclaw.node})` : ''}`,
    '',
    report.notJudged
      ? `Checked: ${c.config ? 'tools.toolSearch, ' : ''}the policy of ${c.policy} tools. Not judged: ${report.notJudged.checks.join(', ')} (${report.notJudged.reason}).`
      : `Checked: tools.toolSearch, the policy of ${c.policy} tools, ${c.compact} compact entries, the directory, ${c.lookups} lookups${c.requests ? `, and the real request of ${c.requests} mode${c.requests === 1 ? '' : 's'} against the prediction` : ''}.`,
    '',
    `**${report.undocumented} undocumented difference${report.undocumented === 1 ? '' : 's'}**, ${known} documented (docs/fidelity.md, "Deliberate differences").`,
  ];
  if (report.real) {
    out.push('', '## Real runs', '', `One real OpenClaw turn per mode (prompt: ${cell(report.real.prompt)}), its first request against the prediction: ${report.real.matched ? 'all match' : 'differences below'}.`, '');
    for (const m of Object.values(report.real.modes)) {
      out.push(`- ${cell(m.line)}`);
    }
  }
  const sorted = [...report.differences].sort((a, b) => Number(a.known !== undefined) - Number(b.known !== undefined));
  if (sorted.length > 0) {
    out.push('', '## Differences', '', '| | suite | what | field | ours | OpenClaw | detail |', '| --- | --- | --- | --- | --- | --- | --- |');
    for (const d of sorted) {
      out.push(`| ${d.known ? `known: ${d.known}` : '**undocumented**'} | ${d.suite} | ${cell(d.subject)} | ${d.field} | ${cell(d.ours)} | ${cell(d.openclaw)} | ${cell(d.detail ?? '')} |`);
    }
  }
  if (report.policy.length > 0) {
    out.push('', '## Policy, tool by tool', '', '| tool | ours | our rule | OpenClaw | OpenClaw step |', '| --- | --- | --- | --- | --- |');
    for (const r of report.policy) {
      out.push(`| ${cell(r.id)} | ${r.ours.allowed ? 'allowed' : 'blocked'} | ${cell(r.ours.rule ?? '')} | ${r.openclaw.allowed ? 'allowed' : 'blocked'} | ${cell(r.openclaw.blockedBy ?? '')} |`);
    }
  }
  return `${out.join('\n')}\n`;
}
