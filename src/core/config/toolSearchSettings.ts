import type { ToolSearchModeName, ToolSearchSettings } from '../types';
import type { ConfigReader } from './configReader';

export const TOOL_SEARCH_DEFAULTS = {
  codeTimeoutMs: 10000,
  searchDefaultLimit: 8,
  maxSearchLimit: 20,
} as const;

/**
 * The defaults and clamp bounds of the integer settings, as a release's
 * `resolveToolSearchConfig` answers them (generated per epoch: ToolSearchFacts).
 */
export interface ToolSearchLimits {
  defaults: { codeTimeoutMs: number; searchDefaultLimit: number; maxSearchLimit: number };
  min: { codeTimeoutMs: number; maxSearchLimit: number };
  max: { codeTimeoutMs: number; maxSearchLimit: number };
}

/** The product's own, for a model without generated facts (the seed's design). */
export const PRODUCT_TOOL_SEARCH_LIMITS: ToolSearchLimits = {
  defaults: { ...TOOL_SEARCH_DEFAULTS },
  min: { codeTimeoutMs: 1000, maxSearchLimit: 1 },
  max: { codeTimeoutMs: 60000, maxSearchLimit: 50 },
};

function sameLimits(a: ToolSearchLimits, b: ToolSearchLimits): boolean {
  return (['codeTimeoutMs', 'maxSearchLimit'] as const).every((k) => a.min[k] === b.min[k] && a.max[k] === b.max[k] && a.defaults[k] === b.defaults[k]) && a.defaults.searchDefaultLimit === b.defaults.searchDefaultLimit;
}

/** The release's generated limits where it has them, else the product's. */
export function limitsOf(release: ReleaseToolSearch): ToolSearchLimits {
  const f = release.toolSearch;
  return f?.defaults && f.min && f.max ? { defaults: f.defaults, min: f.min, max: f.max } : PRODUCT_TOOL_SEARCH_LIMITS;
}

const MODES: readonly ToolSearchModeName[] = ['code', 'tools', 'directory'];
const PATH = ['tools', 'toolSearch'] as const;

/** The settings that apply when no config mentions `tools.toolSearch`: off, so nothing is enabled silently. */
export function defaultToolSearchSettings(): ToolSearchSettings {
  return { enabled: false, mode: 'direct', ...TOOL_SEARCH_DEFAULTS, configured: false };
}

/**
 * Resolves `tools.toolSearch` as OpenClaw's `resolveToolSearchConfig` does:
 * `true` is code mode; an object is on when it has any key but `enabled`, and
 * `enabled` (a boolean) wins either way; an unknown mode means `code`; an
 * integer setting that is not a positive integer falls back to its default
 * before the clamps. Every such case is also a diagnostic that says what
 * OpenClaw will do. Unset stays off (see docs/fidelity.md).
 */
export function resolveToolSearchSettings(reader: ConfigReader | undefined, limits: ToolSearchLimits = PRODUCT_TOOL_SEARCH_LIMITS): ToolSearchSettings {
  const settings = { ...defaultToolSearchSettings(), ...limits.defaults };
  if (!reader) {
    return settings;
  }
  const raw = reader.raw(PATH);
  if (raw === undefined) {
    return settings;
  }
  settings.configured = true;
  if (typeof raw === 'boolean') {
    settings.enabled = raw;
    settings.mode = raw ? 'code' : 'direct';
    return settings;
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    reader.report([...PATH], 'error', 'tools.toolSearch must be true, false or an object; OpenClaw reads anything else as off, so Tool Search stays off');
    return settings;
  }
  const obj = raw as Record<string, unknown>;
  const configured = Object.keys(obj).some((k) => k !== 'enabled');
  const enabledRaw = obj.enabled;
  let enabled = configured;
  if (typeof enabledRaw === 'boolean') {
    enabled = enabledRaw;
  } else if (enabledRaw !== undefined) {
    reader.report([...PATH, 'enabled'], 'error', `tools.toolSearch.enabled must be true or false; OpenClaw ignores it, so Tool Search is ${configured ? 'on (other keys are set)' : 'off'}`);
  }
  if (!configured && enabledRaw === undefined) {
    reader.report([...PATH], 'warning', 'tools.toolSearch is an empty object: OpenClaw reads it as off; set enabled: true or a mode to turn Tool Search on');
  }
  const modeRaw = obj.mode;
  let mode: ToolSearchModeName = 'code';
  if (typeof modeRaw === 'string' && (MODES as readonly string[]).includes(modeRaw)) {
    mode = modeRaw as ToolSearchModeName;
  } else if (modeRaw !== undefined) {
    const shown = typeof modeRaw === 'string' ? `"${modeRaw}"` : JSON.stringify(modeRaw);
    reader.report([...PATH, 'mode'], 'error', `tools.toolSearch.mode ${shown} is not one of ${MODES.join(', ')}; OpenClaw uses "code"`);
  }
  if (enabledRaw === false && configured) {
    reader.report([...PATH, 'enabled'], 'info', `tools.toolSearch.enabled is false: Tool Search is off whatever else is set${modeRaw !== undefined ? ` (mode ${JSON.stringify(modeRaw)} is not used)` : ''}`);
  }
  settings.enabled = enabled;
  settings.mode = enabled ? mode : 'direct';
  return { ...settings, ...clampedLimits(reader, obj, limits) };
}

/** The three integer settings after OpenClaw's defaults and clamps for these limits. */
function clampedLimits(reader: Pick<ConfigReader, 'report'>, obj: Record<string, unknown>, l: ToolSearchLimits): Pick<ToolSearchSettings, 'codeTimeoutMs' | 'maxSearchLimit' | 'searchDefaultLimit'> {
  const codeTimeoutMs = clamped(reader, obj, 'codeTimeoutMs', l.defaults.codeTimeoutMs, l.min.codeTimeoutMs, l.max.codeTimeoutMs);
  const maxSearchLimit = clamped(reader, obj, 'maxSearchLimit', l.defaults.maxSearchLimit, l.min.maxSearchLimit, l.max.maxSearchLimit);
  const searchDefaultLimit = clamped(reader, obj, 'searchDefaultLimit', l.defaults.searchDefaultLimit, 1, maxSearchLimit);
  return { codeTimeoutMs, maxSearchLimit, searchDefaultLimit };
}

/** OpenClaw's `readInteger` then clamp: anything but a positive integer is the default, then the range applies. */
function clamped(reader: Pick<ConfigReader, 'report'>, obj: Record<string, unknown>, key: string, fallback: number, min: number, max: number): number {
  const path = [...PATH, key];
  const v = obj[key];
  if (v === undefined) {
    return Math.min(max, Math.max(min, fallback));
  }
  let n = fallback;
  if (typeof v === 'number' && Number.isInteger(v) && v > 0) {
    n = v;
  } else {
    const what = typeof v === 'number' ? String(v) : `${JSON.stringify(v)} (${Array.isArray(v) ? 'an array' : typeof v})`;
    // A non-number is also a value OpenClaw's config schema rejects; a number that is not a positive integer is only ignored.
    reader.report(
      path,
      typeof v === 'number' ? 'warning' : 'error',
      `tools.toolSearch.${key} ${what} is not a positive integer; OpenClaw uses the default ${fallback}`,
    );
  }
  const c = Math.min(max, Math.max(min, n));
  if (c !== n) {
    reader.report(path, 'warning', `tools.toolSearch.${key} ${n} is outside ${min}..${max}; OpenClaw clamps it to ${c}`);
  }
  return c;
}

/** Applies a `--mode` override; `direct` turns Tool Search off for the run. */
/**
 * The settings of a config that does not set `tools.toolSearch`, as the
 * modelled OpenClaw version resolves them: 2026.9.6 turns Tool Search on in
 * `tools` mode, earlier versions leave it off. `configured` stays false so
 * every surface can say that nobody chose this mode.
 */
export function withVersionDefault(settings: ToolSearchSettings, whenUnset: 'off' | 'tools'): ToolSearchSettings {
  if (settings.configured || whenUnset === 'off') {
    return settings;
  }
  return { ...settings, enabled: true, mode: 'tools' };
}

/**
 * What the modelled release knows of Tool Search (its epoch's facts, read from
 * the release: `OpenClawModel.toolSearch`): `null` when it has none; the
 * modes `tools.toolSearch.mode` may select. Structural, so config/ needs no
 * policy/ import.
 */
export interface ReleaseToolSearch {
  version: string;
  /** `trueMode`: what `true`, an object without a mode and an unknown mode resolve to (2026.5.12 - 9.6: code). */
  toolSearch?: ({ modes: readonly string[]; trueMode?: string } & Partial<ToolSearchLimits>) | null;
}

/** The mode the release resolves `true`, a missing mode and a mode it lacks to: its `trueMode` where it has that mode. */
export function releaseDefaultMode(facts: { modes: readonly string[]; trueMode?: string }): ToolSearchModeName {
  const has = MODES.filter((m) => facts.modes.includes(m));
  return has.find((m) => m === (facts.trueMode ?? 'code')) ?? has[0] ?? 'direct';
}

/** The mode string the config names, if any (`true` and an object without `mode` name none). */
function namedMode(reader: ConfigReader | undefined): unknown {
  const raw: unknown = reader?.raw(PATH);
  return isObject(raw) ? raw.mode : undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * The settings as the modelled release resolves them: a release without Tool
 * Search (before 2026.5.12) reads no `tools.toolSearch` and sends every schema
 * up front; a mode the release does not have (`directory` before 2026.6.8)
 * resolves to `code`, as its `resolveToolSearchConfig` does. Each case is a
 * diagnostic on the key. The seed's model (no facts) keeps the seed's design.
 */
export function withReleaseToolSearch(settings: ToolSearchSettings, release: ReleaseToolSearch, reader?: ConfigReader): ToolSearchSettings {
  const facts = release.toolSearch;
  if (facts === undefined) {
    return settings;
  }
  if (facts === null) {
    if (settings.configured && settings.enabled) {
      reader?.report([...PATH], 'warning', `OpenClaw ${release.version} has no Tool Search: it does not read tools.toolSearch and sends every tool schema up front`);
    }
    return settings.enabled ? { ...settings, enabled: false, mode: 'direct' } : settings;
  }
  return withReleaseMode(withReleaseLimits(settings, limitsOf(release), reader), facts, release.version, reader);
}

/**
 * The integer settings by the release's own defaults and clamps (generated,
 * not the product's constants). The diagnostics were given by the first
 * resolution, with the product's bounds; every generated epoch so far has
 * the same ones, so only a release that changes them resolves again, silently.
 */
function withReleaseLimits(settings: ToolSearchSettings, limits: ToolSearchLimits, reader: ConfigReader | undefined): ToolSearchSettings {
  if (sameLimits(limits, PRODUCT_TOOL_SEARCH_LIMITS)) {
    return settings;
  }
  const raw: unknown = reader?.raw(PATH);
  return { ...settings, ...clampedLimits({ report: () => undefined }, isObject(raw) ? raw : {}, limits) };
}

function withReleaseMode(settings: ToolSearchSettings, facts: { modes: readonly string[]; trueMode?: string }, version: string, reader: ConfigReader | undefined): ToolSearchSettings {
  if (!settings.enabled || settings.mode === 'direct') {
    return settings;
  }
  const fallback = releaseDefaultMode(facts);
  const named = namedMode(reader);
  // `true`, an object without a mode, or a mode name the product does not know: the release's own default, not the product's guess.
  if (reader && !MODES.some((m) => m === named)) {
    return { ...settings, mode: fallback };
  }
  if (!facts.modes.includes(settings.mode)) {
    reader?.report([...PATH, 'mode'], 'warning', `OpenClaw ${version} has no "${settings.mode}" mode (its modes: ${facts.modes.join(', ')}); it uses "${fallback}"`);
    return { ...settings, mode: fallback };
  }
  return settings;
}

export function withModeOverride(settings: ToolSearchSettings, mode: ToolSearchModeName | undefined): ToolSearchSettings {
  if (!mode) {
    return settings;
  }
  return { ...settings, mode, enabled: mode !== 'direct' };
}
