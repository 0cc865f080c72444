import { doctorFixFor, doctorTableFor, type DoctorFix } from '../config/doctorFix';
import type { Json5Document } from '../config/json5Document';
import type { Diagnostic } from '../types';
import { judgeStartup, type RejectedKey } from './startupCheck';

/**
 * OpenClaw's own verdict on a config, before anything else: whether the
 * modelled release would start with it at all. Its CLI validates the config
 * before every command and refuses an invalid one; judged here with that
 * release's generated schema and read facts (startupCheck.ts), and each
 * refused key paired with what that release's `openclaw doctor --fix` would do
 * to it (doctorFix.ts). Typed data, so every surface (tree, panels, CLI,
 * preview, capture) shows the same one refusal.
 */
export interface OffendingKey extends RejectedKey {
  /** What `openclaw doctor --fix` of the release does to it. */
  fix: DoctorFix;
}

export interface ConfigVerdict {
  /** The release judged (the modelled one). */
  release: string;
  /** The release whose generated schema judged it (its epoch's newest measured release). */
  schemaRelease: string;
  refuses: boolean;
  /** Every key it rejects, in document order, each with the doctor's fix. */
  keys: OffendingKey[];
  /** "OpenClaw 2026.9.6 would not start with this config", or that it would. */
  headline: string;
}

export function judgeConfig(doc: Json5Document, release: string): ConfigVerdict {
  const judged = judgeStartup(doc, release);
  const table = doctorTableFor(release);
  const keys = judged.rejected
    .map((k) => ({ ...k, fix: doctorFixFor(table, (k.parts ?? k.path.split('.')).map(String), valueAt(doc.value, k.parts), k.kind) }))
    .sort((a, b) => (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER));
  return {
    release,
    schemaRelease: judged.schemaRelease,
    refuses: judged.refuses,
    keys,
    headline: judged.refuses ? `OpenClaw ${release} would not start with this config` : `OpenClaw ${release} would start with this config`,
  };
}

function valueAt(root: unknown, parts: readonly (string | number)[] | undefined): unknown {
  let cur = root;
  for (const p of parts ?? []) {
    if (cur === null || typeof cur !== 'object') {
      return undefined;
    }
    cur = (cur as Record<string | number, unknown>)[p];
  }
  return cur;
}

const LISTED = 12;

/** One offending key as a line: where, what, and the doctor's fix. */
export function offendingKeyText(k: OffendingKey, file?: string): string {
  const where = file !== undefined && k.line !== undefined ? `${file}:${k.line} ` : k.line !== undefined ? `line ${k.line} ` : '';
  const what = k.kind === 'value' ? `${k.path}: a value it rejects${k.reason ? ` (${k.reason})` : ''}` : k.kind === 'legacy' ? `${k.path}: a legacy key it rejects` : `${k.path}: a key it does not know${k.reason ? ` (${k.reason})` : ''}`;
  const fix = k.fix.action === 'none' ? k.fix.text : `\`openclaw doctor --fix\`: ${k.fix.text.replace(/\.$/, '')}`;
  return `${where}${what}; ${fix}`;
}

/** The refusal as one sentence: the headline, every key (the first dozen) and what the catalog below means. */
export function verdictMessage(v: ConfigVerdict, file?: string): string {
  const shown = v.keys.slice(0, LISTED).map((k) => offendingKeyText(k, file));
  const more = v.keys.length > LISTED ? [`and ${v.keys.length - LISTED} more`] : [];
  const by = v.schemaRelease === v.release ? 'its own config schema' : `the config schema of openclaw@${v.schemaRelease}, the newest measured release of its epoch`;
  return `${v.headline} (${v.keys.length} key${v.keys.length === 1 ? '' : 's'} ${by} rejects: ${[...shown, ...more].join('; ')}); the catalog below is what it would run after \`openclaw doctor --fix\``;
}

/** The one error that stands above every other diagnostic when the release refuses the config. */
export function verdictDiagnostic(v: ConfigVerdict, file: string, display?: string): Diagnostic {
  const first = v.keys.find((k) => k.line !== undefined);
  return { file, ...(first?.line !== undefined ? { line: first.line } : {}), severity: 'error', message: verdictMessage(v, display) };
}
