import { NEWEST_RUN_FACTS } from './versions/runFacts';
import { promptToolNames } from './promptConditions';

/**
 * Parts of OpenClaw's request that follow the run's tools beyond the prompt
 * templates' segments, generated from the package by
 * `scripts/extract-openclaw-runtime-context.mjs` (`versions/openclaw-<v>.runFacts.json`):
 * - the internal-context message after the user's message on a fresh session
 *   ("Active exec sessions", "## Active Subagents", ...): OpenClaw's own
 *   `buildRuntimeFactsContext` over every combination of the tools it reads;
 * - the system prompt's `## Memory Recall` section: memory-core's own
 *   `buildMemoryPromptSection` likewise (the templates hold the sentinel run's).
 * Self-contained data beside the prompt templates, so it can move with them.
 */
export interface RuntimeContextData {
  openclawVersion: string;
  /** The tools (lower case) whose presence changes the message. */
  vars: string[];
  /** Per combination (`1`/`0` per var in order): the message's content, null when none is sent. */
  variants: Record<string, unknown>;
}

export interface MemorySectionData {
  vars: string[];
  /** Per combination: the section's lines joined, '' when OpenClaw writes none. */
  variants: Record<string, string>;
  /** The combination whose text the templates hold (the sentinel run's). */
  templateKey: string;
}

/** A bundled plugin's memory prompt supplement (memory-wiki's `## Compiled Wiki`), per combination of the tools it reads. */
export interface MemorySupplementData {
  vars: string[];
  variants: Record<string, string>;
}

interface RunFacts {
  openclawVersion: string;
  runtimeContext: Omit<RuntimeContextData, 'openclawVersion'>;
  memorySection: MemorySectionData;
  /** By plugin id; absent for a release they were not generated for. */
  memorySupplements?: Record<string, MemorySupplementData>;
}

const GENERATED: readonly RunFacts[] = NEWEST_RUN_FACTS ? [NEWEST_RUN_FACTS as RunFacts] : [];

/** The release's generated data; undefined for a release it was not generated for (the template's message is used). */
export function runtimeContextDataFor(version: string): RuntimeContextData | undefined {
  const f = GENERATED.find((d) => d.openclawVersion === version);
  return f ? { openclawVersion: f.openclawVersion, ...f.runtimeContext } : undefined;
}

export function memorySectionDataFor(version: string): MemorySectionData | undefined {
  return GENERATED.find((d) => d.openclawVersion === version)?.memorySection;
}

/** The release's generated supplements by plugin id ({} where none were generated). */
export function memorySupplementsFor(version: string): Readonly<Record<string, MemorySupplementData>> {
  return GENERATED.find((d) => d.openclawVersion === version)?.memorySupplements ?? {};
}

/** A supplement's lines for these tools ('' when it writes none; undefined when the combination was not generated). */
export function memorySupplementText(data: MemorySupplementData, tools: Iterable<string>): string | undefined {
  const have = promptToolNames(tools);
  return data.variants[data.vars.map((v) => (have.has(v) ? '1' : '0')).join('')];
}

/**
 * The system prompt with the template's memory section replaced by the one
 * for these tools, then the loaded plugins' supplements (`after`, OpenClaw's
 * buildMemoryPromptSection: primary, then supplements); `undefined` when the
 * template does not hold the sentinel's section (nothing replaced). Assumes
 * memory is on for the agent (OpenClaw's default), with the default citations mode.
 */
export function withMemorySection(system: string, data: MemorySectionData, tools: Iterable<string>, after: readonly string[] = []): string | undefined {
  const have = promptToolNames(tools);
  const key = data.vars.map((v) => (have.has(v) ? '1' : '0')).join('');
  const from = data.variants[data.templateKey];
  const own = data.variants[key];
  if (from === undefined || own === undefined || !system.includes(`\n${from}\n`)) {
    return undefined;
  }
  const to = [own, ...after].filter((t) => t !== '').join('\n');
  return system.replace(`\n${from}\n`, () => (to === '' ? '\n' : `\n${to}\n`));
}

/**
 * The message's content for a run with these tools (every tool it has, sent
 * or deferred, as OpenClaw's capability names); null: OpenClaw sends none;
 * undefined: the combination was not generated.
 */
export function runtimeContextContent(data: RuntimeContextData, tools: Iterable<string>): unknown {
  const have = promptToolNames(tools);
  const key = data.vars.map((v) => (have.has(v) ? '1' : '0')).join('');
  return Object.prototype.hasOwnProperty.call(data.variants, key) ? data.variants[key] : undefined;
}
