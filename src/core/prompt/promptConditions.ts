/**
 * The lines of OpenClaw's system prompt that depend on the run's tools.
 *
 * The templates are one real run's prompt (profile `full`); OpenClaw writes
 * some lines only when the run has a tool (`exec`: the update line, the exec
 * approval guidance) or when a tool is visible (`read`: the skills section).
 * `scripts/extract-openclaw-prompt.mjs` renders the release's own
 * `buildAgentSystemPrompt` for every combination of the tools each segment
 * depends on (`scripts/lib/promptConditions.mjs`) and stores the text; here a
 * run's tools pick each segment's text. Nothing here composes a line.
 */

/** One tool-dependent segment: its text in the template, and per combination of the variables it depends on. */
export interface PromptSegment {
  /** The variables it depends on: `name` (the run has the tool) or `visible:name` (the model is sent it); lower case, sorted. */
  vars: string[];
  /** Its text in the template. */
  base: string;
  /** The distinct lines of its texts. */
  lines: string[];
  /** Its text per combination, as indices into `lines`; key: each variable's value in `vars` order, `1` or `0` (combinations OpenClaw cannot have are absent). */
  variants: Record<string, number[]>;
}

/** The segment's text for a combination key; undefined when that combination was not generated. */
export function segmentText(segment: PromptSegment, key: string): string | undefined {
  const picked = segment.variants[key];
  return picked?.map((i) => segment.lines[i] ?? '').join('\n');
}

/** Segments that touch, between two lines no tool changes (`null`: the cluster is found by the other anchor alone). */
export interface PromptCluster {
  before: string | null;
  after: string | null;
  segments: PromptSegment[];
}

/** The tools of one run, lower case: those sent to the model, and every tool the run has (sent or deferred). */
export interface RunTools {
  visible: ReadonlySet<string>;
  available: { has(name: string): boolean };
}

/** Tool names as segments name them (trimmed, lower case). */
export function promptToolNames(names: Iterable<string>): ReadonlySet<string> {
  const out = new Set<string>();
  for (const n of names) {
    const k = n.trim().toLowerCase();
    if (k !== '') {
      out.add(k);
    }
  }
  return out;
}

/**
 * `available`: every tool the run has, or those names already through
 * `promptToolNames` (a catalog of thousands is normalized once, not per mode
 * per prompt edit).
 */
export function runToolsOf(visible: readonly string[], available: readonly string[] | ReadonlySet<string>): RunTools {
  const v = promptToolNames(visible);
  const a = available instanceof Set ? available : promptToolNames(available as readonly string[]);
  return { visible: v, available: { has: (name) => v.has(name) || a.has(name) } };
}

/** The segment's key for these tools. */
export function segmentKey(segment: Pick<PromptSegment, 'vars'>, tools: RunTools): string {
  return segment.vars.map((v) => (v.startsWith('visible:') ? tools.visible.has(v.slice('visible:'.length)) : tools.available.has(v)) ? '1' : '0').join('');
}

/**
 * The template with each segment's text for these tools. A combination the
 * extractor did not render (it cannot happen in OpenClaw) keeps the
 * template's text and is reported.
 */
export function applyPromptSegments(template: string, clusters: readonly PromptCluster[], tools: RunTools): { system: string; unmodelled: string[] } {
  let system = template;
  const unmodelled: string[] = [];
  for (const c of clusters) {
    const texts = c.segments.map((s) => {
      const text = segmentText(s, segmentKey(s, tools));
      if (text === undefined) {
        unmodelled.push(`the prompt lines that depend on ${s.vars.join(', ')} were not generated for this combination (${segmentKey(s, tools)})`);
      }
      return text ?? s.base;
    });
    const base = c.segments.map((s) => s.base);
    if (texts.every((t, i) => t === base[i])) {
      continue;
    }
    const at = anchored(c, base);
    if (!system.includes(at)) {
      unmodelled.push(`the prompt lines that depend on ${c.segments.flatMap((s) => s.vars).join(', ')} are not in the template`);
      continue;
    }
    system = system.replace(at, () => anchored(c, texts));
  }
  return { system, unmodelled };
}

/** The cluster's lines with its anchors (a missing anchor is the line break at that end), as the extractor found it. */
function anchored(c: PromptCluster, texts: readonly string[]): string {
  return [c.before ?? '', ...texts.filter((t) => t !== ''), c.after ?? ''].join('\n');
}
