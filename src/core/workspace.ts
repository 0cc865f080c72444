import * as path from 'node:path';
import { buildCatalog } from './catalog/catalogBuilder';
import { decideCodeMode, runModelOf, type CodeModeDecision } from './catalog/codeModeActivation';
import type { Catalog } from './catalog/catalog';
import type { ConfigReader } from './config/configReader';
import { loadOpenClawConfig, parseOpenClawConfig, type LoadedConfig } from './config/openclawConfig';
import { withModeOverride, withReleaseToolSearch, withVersionDefault } from './config/toolSearchSettings';
import { resolveModelledVersion, type ModelledVersion } from './policy/openclawVersions';
import { judgeConfig, verdictDiagnostic, type ConfigVerdict } from './policy/configVerdict';
import { isNewerRelease, reportStartupVerdict } from './policy/startupCheck';
import { isSandboxed, ToolPolicy, type PolicyLayerInput } from './policy/policyEngine';
import { readAgentRoster } from './policy/agentRoster';
import { resolveRunAgent, runAgentPath, type RunAgent } from './policy/runAgent';
import { ClientToolSource } from './sources/clientTools';
import { CoreToolSource } from './sources/coreTools';
import { generatedToolsFor, unknownConditions } from './sources/generatedTools';
import { createLiveMcpSource, type McpImport } from './sources/mcp';
import { SnapshotToolSource, type SnapshotSpec } from './sources/mcpSnapshot';
import { PluginToolSource } from './sources/plugins';
import type { ToolSourceProvider } from './sources/toolSource';
import type { PolicyContext, ToolSearchModeName, ToolSearchSettings } from './types';
import { applyExpectedProblems } from './util/expectedProblems';
import { FolderGuard, isWithin, realPathOf } from './util/insideFolder';
import { READ_LIMITS, readUserFile } from './util/readLimits';

export interface WorkspaceOptions {
  workspace: string;
  /** The folder OpenClaw would be started from (relative `plugins.load.paths` resolve against it); default `workspace`. */
  cwd?: string;
  configPath?: string;
  noUserConfig?: boolean;
  snapshots?: readonly SnapshotSpec[];
  clientToolsPath?: string;
  policy?: PolicyContext;
  /** The session policy layer, when the host has one. */
  sessionPolicy?: PolicyLayerInput;
  mode?: ToolSearchModeName;
  /**
   * Trusted workspaces may start MCP stdio servers and load plugin handlers.
   * Untrusted ones only read configs and snapshots, and only inside the
   * workspace folder (`FolderGuard`). Fail closed: default false.
   */
  trusted?: boolean;
  env?: Record<string, string | undefined>;
  homeDir?: string;
  /**
   * The OpenClaw version to model (`--openclaw-version`, setting
   * `toolSearchInspector.openclawVersion`); default: the config's
   * `meta.lastTouchedVersion`, else the newest modelled version.
   */
  openclawVersion?: string;
  /**
   * The OpenClaw installed here (`openclaw` on PATH, `--openclaw`, the
   * `toolSearchInspector.oracle.openclaw` setting; found by
   * `findInstalledOpenClaw` in core/oracle): its version is modelled before
   * `meta.lastTouchedVersion`; `openclawVersion` still wins.
   */
  installedOpenClaw?: { version: string; at?: string };
  /**
   * Run-time conditions the user says hold (`--assume`, the
   * `toolSearchInspector.assume` setting): ids of the modelled version's
   * conditions (`vision-model`, `credential-openai`, ...). A tool OpenClaw
   * builds only under a condition joins the catalog when one of its holds.
   */
  assume?: readonly string[];
  /**
   * A snapshot or client-tools path that does not exist fails that source
   * alone, with a diagnostic (the editor, where one stale setting must not
   * blank the catalog), instead of being a usage error (the CLI).
   */
  lenientInputs?: boolean;
  /**
   * The config's text in place of the file's: the fix planner rebuilds the
   * catalog from an edited config this way (`core/explain/fixPlan.ts`).
   * `file` is the absolute path, `display` the name diagnostics use.
   */
  configText?: { file: string; text: string; display: string; foundBy?: string };
  /** Values for `${input:id}` variables in MCP configs (CLI `--input id=value`). */
  inputs?: Record<string, string>;
  /** Desktop clients whose MCP configs to read as well (`--import claude|cursor`). */
  mcpImports?: readonly McpImport[];
  /**
   * Creates the live MCP source (kept apart so the catalog can be built
   * without it: `() => undefined`). Default: every configured server, started
   * only in a trusted workspace.
   */
  liveMcp?: (ws: OpenWorkspace) => ToolSourceProvider | undefined;
}

/**
 * The Tool Search settings a workspace runs with: the config's, an unset
 * `tools.toolSearch` read as the modelled version reads it (an inspector that
 * showed "off" where OpenClaw runs tools mode would mislead), then `--mode`.
 * Exported so the differential suites compare through this same path.
 */
export function workspaceSettings(config: LoadedConfig, openclaw: ModelledVersion, mode?: ToolSearchModeName): ToolSearchSettings {
  const byRelease = withReleaseToolSearch(config.settings, openclaw.model, config.reader);
  const versioned = withVersionDefault(byRelease, openclaw.model.toolSearchWhenUnset);
  if (versioned !== byRelease && config.reader) {
    config.reader.report(['tools'], 'info', `tools.toolSearch is not set: ${openclaw.model.version} turns Tool Search on in tools mode; set tools.toolSearch: false to keep every schema up front`);
  }
  return withModeOverride(versioned, mode);
}

/**
 * Whether the run gets Code Mode, and why; reported at the rule that decided
 * it (an info: the model sees exec and wait, not the Tool Search surface).
 */
function codeModeOf(reader: ConfigReader | undefined, openclaw: ModelledVersion, agent: RunAgent): CodeModeDecision | undefined {
  const facts = generatedToolsFor(openclaw.model.version)?.codeMode;
  if (!facts) {
    return undefined;
  }
  const agentPath = runAgentPath(agent);
  const decision = decideCodeMode({ reader, ...(agentPath ? { agentPath } : {}), ...runModelOf(reader, agentPath), facts, toolsAvailable: true });
  if (decision.engaged && reader) {
    const at = decision.tier.from === 'config' && decision.rule.kind === 'absent' ? decision.tier.path : decision.rule.kind === 'absent' ? ['agents', 'defaults', 'model'] : decision.rule.path;
    reader.report(at, 'info', `Code Mode engages for this run (OpenClaw ${openclaw.model.version}): ${decision.reason}; the model sees exec and wait, and reaches every other tool from a program, not through Tool Search`);
  }
  return decision;
}

/**
 * A workspace opened for inspection: its config, policy and tool sources.
 * Owns the sources' connections until disposed.
 */
export class OpenWorkspace {
  readonly config: LoadedConfig;
  /** The run's surface: `tools.toolSearch` as resolved, or `code-mode` when Code Mode engages (or `--mode` says so). */
  readonly settings: ToolSearchSettings;
  /** `tools.toolSearch` as OpenClaw resolves it, whatever the run's surface (what verify compares). */
  readonly toolSearchSettings: ToolSearchSettings;
  readonly openclaw: ModelledVersion;
  readonly policy: ToolPolicy;
  /** The agent the run models: asked for, OpenClaw's default, its implicit `main`, or none (OpenClaw refuses). */
  readonly agent: RunAgent;
  /**
   * OpenClaw's Code Mode decision for the run (its rule, tier and limits);
   * undefined where the modelled release has no Code Mode. When it engages,
   * the run's surface is `code-mode` unless `--mode` asks for another.
   */
  readonly codeMode: CodeModeDecision | undefined;
  /** The policy context the run's policy was built with (the default agent filled in). */
  readonly policyContext: PolicyContext;
  readonly plugins: PluginToolSource;
  readonly providers: ToolSourceProvider[];
  /** What an untrusted workspace may read: every default path stays inside the folder. */
  readonly guard: FolderGuard;
  /**
   * OpenClaw's own verdict on the config: whether the modelled release would
   * start with it (undefined without a usable config). A refusal is the first
   * diagnostic; the catalog is what that release would run after its doctor's fix.
   */
  readonly verdict: ConfigVerdict | undefined;

  constructor(readonly options: WorkspaceOptions) {
    this.guard = FolderGuard.of(options.workspace, options.trusted === true);
    const given = options.configText;
    this.config = given ? parseOpenClawConfig(given.file, given.text, given.foundBy, given.display) : loadOpenClawConfig({ ...options, guard: this.guard });
    this.openclaw = resolveModelledVersion({ override: options.openclawVersion, installed: options.installedOpenClaw, configVersion: this.config.lastTouchedVersion?.value });
    this.agent = resolveRunAgent(this.config.reader, options.policy?.agent);
    this.codeMode = codeModeOf(this.config.reader, this.openclaw, this.agent);
    this.toolSearchSettings = workspaceSettings(this.config, this.openclaw, options.mode === 'code-mode' ? undefined : options.mode);
    const codeModeSurface = options.mode === 'code-mode' || (options.mode === undefined && this.codeMode?.engaged === true);
    this.settings = codeModeSurface ? withModeOverride(this.toolSearchSettings, 'code-mode') : this.toolSearchSettings;
    const touched = this.config.lastTouchedVersion;
    if (touched && this.openclaw.source === 'config' && this.openclaw.requested) {
      this.config.reader?.report(['meta', 'lastTouchedVersion'], 'info', `modelling ${this.openclaw.describe}; --openclaw-version chooses another`);
    }
    const installed = options.installedOpenClaw;
    const reader = this.config.reader;
    this.verdict = reader && !this.config.unusable ? judgeConfig(reader.doc, this.openclaw.model.version) : undefined;
    if (reader && this.verdict?.refuses === true) {
      // One error, above every other diagnostic: nothing else matters to a run that never starts.
      reader.diagnostics.unshift(verdictDiagnostic(this.verdict, reader.file, path.basename(reader.file)));
    }
    if (touched && installed && reader && this.verdict !== undefined && installed.version === this.verdict.release && isNewerRelease(installed.version, touched.value)) {
      // The installed release is the one judged above; say only who wrote the config.
      reader.report(['meta', 'lastTouchedVersion'], 'info', `this config was last written by OpenClaw ${touched.value}; ${this.verdict.headline} (installed${installed.at ? ` at ${installed.at}` : ''})`);
    } else if (touched && installed && this.config.reader && isNewerRelease(installed.version, touched.value)) {
      // The OpenClaw the user runs is newer than the one that wrote the config: would it start at all?
      reportStartupVerdict(this.config.reader, installed, touched.value);
    } else if (touched && this.openclaw.source === 'installed' && touched.value.trim().replace(/^v/, '') !== installed?.version) {
      this.config.reader?.report(['meta', 'lastTouchedVersion'], 'info', `this config was last written by OpenClaw ${touched.value}; modelling ${this.openclaw.describe}`);
    }
    const model = this.openclaw.model;
    if (this.agent.kind === 'refused') {
      this.config.reader?.report(readAgentRoster(this.config.reader)?.path ?? ['agents'], 'error', `${this.agent.message}; this catalog applies no agent's layers`);
    }
    // With no agent asked for, OpenClaw runs its default agent with that agent's tools and sandbox layers.
    const policyContext = this.agent.kind === 'default' ? { ...options.policy, agent: this.agent.id } : options.policy ?? {};
    this.policyContext = policyContext;
    this.plugins = new PluginToolSource({ workspace: options.workspace, reader: this.config.reader, allowCode: options.trusted === true, model, guard: this.guard, cwd: options.cwd, homeDir: options.homeDir ?? options.env?.HOME });
    const client = ClientToolSource.forWorkspace(options.workspace, options.clientToolsPath, this.guard);
    const snapshots = new SnapshotToolSource(options.snapshots ?? [], undefined, this.guard, { letterFirst: model.mcpNameLetterFirst });
    if (options.lenientInputs !== true) {
      client.check();
      snapshots.check();
    }
    const assumed = options.assume ?? [];
    const unknown = unknownConditions(generatedToolsFor(model.version), assumed);
    if (unknown.length > 0) {
      const known = (generatedToolsFor(model.version)?.conditions ?? []).map((c) => c.id);
      this.config.diagnostics.push({
        file: 'assume',
        severity: 'error',
        message: `unknown condition${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => JSON.stringify(u)).join(', ')} for OpenClaw ${model.version}; known: ${known.length > 0 ? known.join(', ') : 'none (this version has no generated tool conditions)'}`,
      });
    }
    const core = this.coreSource(this.config.reader, policyContext);
    this.policy = this.policyFor(this.config.reader, policyContext, core);
    this.providers = [
      core,
      this.plugins,
      snapshots,
      client,
    ];
    const live = (options.liveMcp ?? createLiveMcpSource)(this);
    if (live) {
      this.providers.push(live);
    }
  }

  /**
   * The run's policy under `reader` (the config, or an edit of it): its layers,
   * with the core tools that config's run builds (a version that drops a
   * plugin-only allow list asks them whether an entry is core).
   */
  policyFor(reader: ConfigReader | undefined, ctx: PolicyContext = this.policyContext, core: CoreToolSource = this.coreSource(reader, ctx)): ToolPolicy {
    return ToolPolicy.fromConfig(reader, ctx, this.options.sessionPolicy, this.openclaw.model).forRun(
      core.definitions().map((d) => ({ name: d.name, source: d.source, owner: d.owner, built: d.invalid === undefined })),
    );
  }

  /** The core tools a run of `ctx` under `reader` builds: its agent's switches and sandbox decide some. */
  private coreSource(reader: ConfigReader | undefined, ctx: PolicyContext): CoreToolSource {
    const agent = reader === this.config.reader ? this.agent : resolveRunAgent(reader, ctx.agent);
    return new CoreToolSource(this.openclaw.model, this.options.assume ?? [], reader, runAgentPath(agent), isSandboxed(reader, ctx));
  }

  get trusted(): boolean {
    return this.options.trusted === true;
  }

  async buildCatalog(signal?: AbortSignal): Promise<Catalog> {
    const catalog = await buildCatalog({
      providers: this.providers,
      policy: this.policy,
      settings: this.settings,
      diagnostics: () => this.config.diagnostics,
      signal,
      openclaw: this.openclaw,
      relabel: (diagnostics) => applyExpectedProblems(diagnostics, (file) => this.diagnosedText(file)),
    });
    if (this.verdict !== undefined) {
      catalog.verdict = this.verdict;
    }
    return catalog;
  }

  /**
   * The text of a file a diagnostic names, for its `@expected-problem`
   * markers: the config as given (an edit the fix planner rebuilds from), else
   * the file, bounded, when it lies inside the workspace folder (an untrusted
   * folder reads nothing outside it).
   */
  private diagnosedText(file: string): string | undefined {
    const given = this.options.configText;
    if (given && (file === given.display || file === given.file)) {
      return given.text;
    }
    const abs = path.resolve(this.options.workspace, file);
    if (!isWithin(realPathOf(this.options.workspace), realPathOf(abs))) {
      return undefined;
    }
    try {
      return readUserFile(abs, READ_LIMITS.configBytes).toString('utf8');
    } catch {
      return undefined;
    }
  }

  /** The config as read (empty without one): what OpenClaw's own functions and real turns are given. */
  get configValue(): Record<string, unknown> {
    return (this.config.reader?.doc.value ?? {}) as Record<string, unknown>;
  }

  /** Where the config's relative paths resolve from: its file's folder, else the workspace. */
  get configDir(): string {
    const file = this.config.file;
    return file ? path.dirname(file) : this.options.workspace;
  }

  async dispose(): Promise<void> {
    await Promise.allSettled(this.providers.map(async (p) => p.dispose?.()));
  }
}
