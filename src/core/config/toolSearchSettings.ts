import type { ToolSearchModeName, ToolSearchSettings } from '../types';
import type { ConfigReader } from './configReader';

export const TOOL_SEARCH_DEFAULTS = {
  codeTimeoutMs: 10000,
  searchDefaultLimit: 8,
  maxSearchLimit: 20,
} as const;

const MODES: readonly ToolSearchModeName[] = ['code', 'tools', 'directory'];
const PATH = ['tools', 'toolSearch'] as const;

/** The settings that apply when no config mentions `tools.toolSearch`: off, so nothing is enabled silently. */
export function defaultToolSearchSettings(): ToolSearchSettings {
  return { enabled: false, mode: 'direct', ...TOOL_SEARCH_DEFAULTS, configured: false };
}

/**
 * Resolves `tools.toolSearch` (`true` | `false` | object) with the design's
 * defaults and clamps; every clamp and bad value becomes a diagnostic.
 */
export function resolveToolSearchSettings(reader: ConfigReader | undefined): ToolSearchSettings {
  const settings = defaultToolSearchSettings();
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
    reader.report([...PATH], 'error', 'tools.toolSearch must be true, false or an object; Tool Search stays off');
    return settings;
  }
  reader.checkKeys(PATH, ['enabled', 'mode', 'codeTimeoutMs', 'searchDefaultLimit', 'maxSearchLimit', 'required']);
  const enabled = reader.boolean([...PATH, 'enabled']);
  settings.enabled = enabled ?? true;
  const mode = reader.string([...PATH, 'mode']);
  if (mode !== undefined) {
    if ((MODES as readonly string[]).includes(mode)) {
      settings.mode = mode as ToolSearchModeName;
    } else {
      reader.report([...PATH, 'mode'], 'error', `tools.toolSearch.mode "${mode}" is not one of ${MODES.join(', ')}; using "code"`);
      settings.mode = 'code';
    }
  } else {
    settings.mode = 'code';
  }
  if (!settings.enabled) {
    settings.mode = 'direct';
  }
  settings.codeTimeoutMs = clamped(reader, 'codeTimeoutMs', TOOL_SEARCH_DEFAULTS.codeTimeoutMs, 1000, 60000);
  settings.maxSearchLimit = clamped(reader, 'maxSearchLimit', TOOL_SEARCH_DEFAULTS.maxSearchLimit, 1, 50);
  settings.searchDefaultLimit = clamped(
    reader,
    'searchDefaultLimit',
    Math.min(TOOL_SEARCH_DEFAULTS.searchDefaultLimit, settings.maxSearchLimit),
    1,
    settings.maxSearchLimit,
  );
  return settings;
}

function clamped(reader: ConfigReader, key: string, fallback: number, min: number, max: number): number {
  const path = [...PATH, key];
  const v = reader.number(path);
  if (v === undefined) {
    return fallback;
  }
  const n = Math.trunc(v);
  if (n !== v) {
    reader.report(path, 'warning', `tools.toolSearch.${key} ${v} is not a whole number; using ${n}`);
  }
  if (n < min || n > max) {
    const c = Math.min(max, Math.max(min, n));
    reader.report(path, 'warning', `tools.toolSearch.${key} ${v} is outside ${min}..${max}; clamped to ${c}`);
    return c;
  }
  return n;
}

/** Applies a `--mode` override; `direct` turns Tool Search off for the run. */
export function withModeOverride(settings: ToolSearchSettings, mode: ToolSearchModeName | undefined): ToolSearchSettings {
  if (!mode) {
    return settings;
  }
  return { ...settings, mode, enabled: mode !== 'direct' };
}
