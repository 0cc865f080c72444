// The one vocabulary of what people read about a tool: its status, the
// policy layers and what they said, and why a schema is in a request. The
// tree, the panels, the CLI and docs/architecture.md ("One vocabulary") use
// these words and no others. Pure strings (no Node built-ins): webviews import
// this file too.

/** A word and what it means (the meaning goes in tooltips, `title`s and help text). */
export interface Term {
  readonly label: string;
  readonly meaning: string;
}

/** What the catalog and Explain say a tool is. */
export type StatusWord = 'cataloged' | 'direct-only' | 'excluded' | 'unavailable' | 'unknown';

export const STATUS: Readonly<Record<StatusWord, Term>> = {
  cataloged: { label: 'cataloged', meaning: 'behind Tool Search: the model finds, describes and calls it on demand' },
  'direct-only': { label: 'direct-only', meaning: 'never behind search: its schema is always sent, in every mode' },
  excluded: { label: 'excluded', meaning: 'the model never sees it' },
  unavailable: { label: 'unavailable', meaning: 'its MCP server did not start, so its tools are not known' },
  unknown: { label: 'unknown', meaning: 'no source offers a tool of that name' },
};

/**
 * Why a tool's schema is in a request (Mode Preview, `preview`): the mode's
 * search tools, every schema in direct mode, the two kinds of always-sent
 * tools, and directory mode's client, required and likely schemas.
 */
export type VisibleReason = 'tool-search' | 'code-mode' | 'direct' | 'direct-only' | 'always-sent' | 'client' | 'likely' | 'required';

export const SENT_BECAUSE: Readonly<Record<VisibleReason, Term>> = {
  'tool-search': { label: 'Tool Search tool', meaning: "the mode's own control tools, as the modelled release names them (search, describe and call; code mode's program runner)" },
  'code-mode': { label: 'Code Mode tool', meaning: "Code Mode's own tools: exec runs a JavaScript program against the hidden catalog, wait resumes one that is waiting" },
  direct: { label: 'direct mode', meaning: 'direct mode sends every schema up front' },
  'direct-only': { label: 'always sent (direct-only)', meaning: STATUS['direct-only'].meaning },
  'always-sent': { label: 'always sent (searchable too)', meaning: 'cataloged and searchable, and OpenClaw also sends its schema up front in every Tool Search mode (its coding tools, the reply tool)' },
  client: { label: 'client tool', meaning: 'a client tool: the client sends it with every run' },
  likely: { label: 'likely (from the prompt)', meaning: "directory mode hydrates the schemas the prompt most likely needs" },
  required: { label: 'required', meaning: 'directory mode always hydrates it' },
};

/** The tools sent up front in every Tool Search mode: direct-only ones and always-sent ones. */
export const ALWAYS_SENT: Term = {
  label: 'always sent',
  meaning: 'schemas sent up front beside the search tools in every Tool Search mode: direct-only tools, and cataloged tools OpenClaw always sends (its coding tools, the reply tool)',
};

/** What the policy said, when it said nothing of its own. */
export const POLICY = {
  /** A tool its source excluded never reached the policy: its verdicts are not the answer. */
  notReached: { label: 'not reached', meaning: 'the source excluded it first' },
  /** The decision when no layer restricts a tool (its `layer` is `default`). */
  noLayer: { label: 'default', meaning: 'no policy layer restricts this tool' },
} as const satisfies Record<string, Term>;

/** The line every surface writes for a policy that was not reached. */
export const POLICY_NOT_REACHED_LINE = `policy: ${POLICY.notReached.label} (${POLICY.notReached.meaning})`;

/** Which list of a layer a decision came from: the name people edit. */
export type PolicyList = 'allow' | 'alsoAllow' | 'deny';

/**
 * A policy layer as decisions name it: the config path of the list that
 * decided (`tools.deny`, `agents.support.tools.alsoAllow`,
 * `tools.sandbox.tools.allow`), or the profile (`tools.profile (coding)`).
 */
export function listLayer(configPath: string, list: PolicyList): string {
  return `${configPath}.${list}`;
}

/** One policy decision on one line: `deny by tools.deny: deny "gateway"`. */
export function decisionLine(d: { effect: string; layer: string; rule: string }): string {
  return `${d.effect} by ${d.layer}: ${d.rule}`;
}
