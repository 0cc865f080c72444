import { z } from 'zod';
import type { DirectoryTexts, EpochData, EpochPolicyFacts, RankingFacts, ToolSearchFacts } from './epochTypes';

/**
 * The format of the epoch files scripts/extract-openclaw-epochs.mjs writes
 * (`format` in each). A file of another format, or one whose content does
 * not have the shape below, is refused when it loads: a stale or hand-edited
 * file fails the first test that models its release, not a user's run.
 */
export const EPOCH_FORMAT = 1;

const strings = z.array(z.string());
const limits = z.object({ codeTimeoutMs: z.number(), maxSearchLimit: z.number() });

const ranking: z.ZodType<RankingFacts> = z.union([
  z.object({
    kind: z.literal('substring'),
    tokenSplit: z.string().nullable(),
    weights: z.object({ exact: z.number(), name: z.number(), id: z.number(), label: z.number(), description: z.number() }),
  }),
  z.object({ kind: z.enum(['bm25', 'unknown']) }),
]);

const guidance = z.object({ listed: z.string(), omitted: z.string() });
const directoryTexts: z.ZodType<DirectoryTexts> = z.object({
  heading: z.string(),
  empty: z.string(),
  notice: z.string().nullable(),
  guidance: z.object({ code: guidance, tools: guidance, directory: guidance }),
  shrinksDescriptions: z.boolean(),
  listsVisibleTools: z.boolean().optional(),
  rowOrder: z.enum(['locale', 'code-unit']).optional(),
});

const toolSearch: z.ZodType<ToolSearchFacts> = z.object({
  modes: strings,
  whenUnset: z.string(),
  trueMode: z.string(),
  defaults: z.object({ codeTimeoutMs: z.number(), searchDefaultLimit: z.number(), maxSearchLimit: z.number() }),
  max: limits,
  min: limits,
  ranking,
  inputHint: z.enum(['none', 'no-bounds', 'bounds', 'unknown']),
  mcpEntryOwner: z.enum(['server', 'bundle-mcp']).optional(),
  visibleWhileSearchable: strings.optional(),
  replyTool: z.enum(['cataloged', 'cataloged-visible']).optional(),
  directoryTexts: directoryTexts.nullable().optional(),
});

const policy: z.ZodType<EpochPolicyFacts> = z.object({
  coreTools: z.array(z.object({ name: z.string(), section: z.string(), description: z.string().optional(), profiles: strings })),
  groups: z.record(z.string(), strings),
  profiles: z.record(z.string(), strings.nullable()),
  aliases: z.record(z.string(), z.string()),
  sandbox: z.object({ allow: strings, deny: strings }),
  applyPatchAdmittedBy: z.string().nullable(),
  applyPatchDeniedWithAdmitter: z.boolean().optional(),
  stripsPluginOnlyAllowlist: z.boolean(),
  byProviderDuplicateKey: z.enum(['first', 'last', 'canonical']).optional(),
  sandboxAlsoAllow: z.boolean(),
  sandboxImplicitAllow: z.object({ tool: z.string(), onlyWhenRestricted: z.boolean() }).nullable(),
  policyNameRenames: z.record(z.string(), z.string()).optional(),
  policyNameFamilies: z.record(z.string(), strings).optional(),
  policyFamilyKeepsEntry: z.boolean().nullable().optional(),
  mcpNameLetterFirst: z.boolean().optional(),
  planToolGate: z
    .object({ tool: z.string().min(1), setting: z.literal('tools.experimental.planTool'), providers: strings.min(1), modelPattern: z.string().min(1), modelFlags: z.string().regex(/^[a-z]*$/), contractKey: z.string().regex(/^\w+$/), defaultRun: z.object({ provider: z.string().min(1), model: z.string().min(1) }) })
    .optional(),
  bundledPlugins: strings,
});

const epoch = z.object({
  format: z.literal(EPOCH_FORMAT),
  epoch: z.string(),
  generatedBy: z.string(),
  releases: strings.min(1),
  distShapes: z.record(z.string(), z.string()),
  bundledPluginsByRelease: z.record(z.string(), strings),
  policy,
  toolSearch: toolSearch.nullable(),
});

/** One epoch file's content, checked: its format, its shape, and that it holds the epoch its name says. */
export function parseEpoch(raw: unknown, file: string): EpochData {
  const r = epoch.safeParse(raw);
  if (!r.success) {
    const first = r.error.issues[0];
    throw new Error(`${file}: not an epoch file of format ${EPOCH_FORMAT} (${first ? `${first.path.join('.') || '(top)'}: ${first.message}` : 'invalid'}); regenerate it with npm run openclaw:release`);
  }
  const { format: _format, ...data } = r.data;
  if (file !== `openclaw-${data.epoch}.json` || data.releases[0] !== data.epoch) {
    throw new Error(`${file}: holds epoch ${data.epoch} (first release ${data.releases[0] ?? 'none'})`);
  }
  return data;
}
