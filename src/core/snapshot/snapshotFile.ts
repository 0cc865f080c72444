import { z } from 'zod';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type CatalogSnapshot } from './snapshot';
import { errorMessage } from '../util/errors';

/** A file given as a snapshot that is not one (bad JSON, another format, a field of the wrong type). */
export class SnapshotFileError extends Error {}

const modeName = z.enum(['code', 'tools', 'directory', 'direct', 'code-mode']);
const sizes = z.object({ tools: z.number(), prompt: z.number(), total: z.number() });
const rule = z.object({ layer: z.string(), rule: z.string(), file: z.string().optional(), line: z.number().optional() });

const tool = z.object({
  id: z.string(),
  name: z.string(),
  source: z.enum(['openclaw', 'mcp', 'client']),
  sourceName: z.string(),
  status: z.enum(['cataloged', 'direct-only', 'excluded']),
  reasonKind: z.string().optional(),
  reason: z.string().optional(),
  rule: rule.optional(),
  schemaHash: z.string(),
  descriptionHash: z.string(),
  inspectorOnly: z.enum(['mcp-snapshot', 'client', 'workspace-extension']).optional(),
});

const mode = z.object({
  effectiveMode: modeName,
  fallbackReason: z.string().optional(),
  visibleTools: z.array(z.string()),
  bytes: sizes,
  tokens: sizes,
  directory: z
    .object({
      chars: z.number(),
      maxChars: z.number(),
      shown: z.number(),
      omitted: z.number(),
      descriptionLimit: z.number(),
      shortened: z.array(z.string()),
      dropped: z.array(z.string()),
    })
    .optional(),
});

const snapshotSchema = z.object({
  format: z.literal(SNAPSHOT_FORMAT),
  version: z.literal(SNAPSHOT_VERSION),
  takenAt: z.string().optional(),
  openclaw: z.object({ version: z.string(), source: z.string() }),
  config: z.string().optional(),
  settings: z.object({
    enabled: z.boolean(),
    // The run's surface: `code-mode` when OpenClaw's Code Mode engages for it.
    mode: modeName,
    codeTimeoutMs: z.number(),
    searchDefaultLimit: z.number(),
    maxSearchLimit: z.number(),
    configured: z.boolean(),
  }),
  policy: z.object({ agent: z.string().optional(), session: z.string().optional(), provider: z.string().optional(), sandboxed: z.boolean().optional() }),
  prompt: z.string(),
  isolation: z.object({ probed: z.boolean(), ok: z.boolean(), reason: z.string().optional() }),
  counts: z.object({
    cataloged: z.number(),
    directOnly: z.number(),
    excluded: z.number(),
    sources: z.object({ openclaw: z.number(), mcp: z.number(), client: z.number() }),
  }),
  tools: z.array(tool),
  modes: z.object({ code: mode, tools: mode, directory: mode, direct: mode, 'code-mode': mode.optional() }),
  servers: z.array(z.object({ name: z.string(), transport: z.string(), status: z.string(), toolCount: z.number(), error: z.string().optional() })),
  refused: z
    .object({ release: z.string(), message: z.string(), keys: z.array(z.object({ path: z.string(), line: z.number().optional(), fix: z.string() })) })
    .optional(),
  inspectorOnly: z.object({ tools: z.number(), text: z.string() }).optional(),
});

/** True when the text looks like a snapshot file (its `format` field), without validating the rest. */
export function looksLikeSnapshot(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { format?: unknown }).format === SNAPSHOT_FORMAT;
}

/** Reads a snapshot file's text; `label` names it in errors. */
export function parseSnapshot(text: string, label: string): CatalogSnapshot {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new SnapshotFileError(`${label}: not JSON (${errorMessage(err)})`);
  }
  if (!looksLikeSnapshot(raw)) {
    throw new SnapshotFileError(`${label}: not a catalog snapshot (expected "format": "${SNAPSHOT_FORMAT}"; take one with \`tool-search-inspect snapshot --out FILE\`)`);
  }
  const parsed = snapshotSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issue.path.join('.') : '';
    throw new SnapshotFileError(`${label}: not a valid catalog snapshot version ${SNAPSHOT_VERSION}${where ? ` at ${where}` : ''}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}
