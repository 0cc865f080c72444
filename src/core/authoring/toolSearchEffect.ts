import { ConfigReader } from '../config/configReader';
import { parseJson5 } from '../config/json5Document';
import { limitsOf, resolveToolSearchSettings, TOOL_SEARCH_DEFAULTS, withReleaseToolSearch, withVersionDefault } from '../config/toolSearchSettings';
import type { OpenClawModel } from '../policy/openclawVersions';
import type { Severity, ToolSearchSettings } from '../types';


/** What one `tools.toolSearch` setting, as written in the document, becomes. */
export interface ToolSearchEffect {
  /** `''` for the `tools.toolSearch` section itself. */
  key: string;
  /** The value written there (undefined for an object or when absent). */
  written?: unknown;
  /** The value OpenClaw uses after defaults and clamps. */
  effective: unknown;
  /** The allowed range, for the integer settings. */
  range?: { min: number; max: number };
  defaultValue?: number;
  /** What the resolver said about this key: clamps, fallbacks, ignored values. */
  notes: { severity: Severity; message: string }[];
  /** The whole resolved section, as the document says. */
  settings: ToolSearchSettings;
}

function isIntegerKey(key: string): key is keyof typeof TOOL_SEARCH_DEFAULTS {
  return Object.prototype.hasOwnProperty.call(TOOL_SEARCH_DEFAULTS, key);
}

/**
 * Resolves `tools.toolSearch` from the document text exactly as a catalog
 * build does (defaults, clamps, the version's default when unset) and says
 * what `key` becomes. Undefined when the text does not parse.
 */
export function toolSearchEffect(file: string, text: string, key: string, model: OpenClawModel): ToolSearchEffect | undefined {
  const doc = parseJson5(file, text);
  if (doc.value === undefined) {
    return undefined;
  }
  const reader = new ConfigReader(doc);
  const settings = withVersionDefault(withReleaseToolSearch(resolveToolSearchSettings(reader), model, reader), model.toolSearchWhenUnset);
  const path = key === '' ? ['tools', 'toolSearch'] : ['tools', 'toolSearch', key];
  const line = doc.locate(path)?.line;
  const keyLine = doc.locate(path, true)?.line;
  const notes = reader.diagnostics
    .filter((d) => d.line !== undefined && (d.line === line || d.line === keyLine))
    .filter((d) => key !== '' || !/^tools\.toolSearch\.\w/.test(d.message))
    .map((d) => ({ severity: d.severity, message: d.message }));
  const raw = reader.raw(path);
  const written = raw !== null && typeof raw === 'object' ? undefined : raw;
  let effective: unknown;
  let range: ToolSearchEffect['range'];
  let defaultValue: number | undefined;
  if (key === '' || key === 'enabled') {
    effective = settings.enabled;
  } else if (key === 'mode') {
    effective = settings.mode;
  } else if (isIntegerKey(key)) {
    effective = settings[key];
    // The modelled release's own defaults and clamps (generated), as the resolution applied them.
    const limits = limitsOf(model);
    defaultValue = limits.defaults[key];
    range = key === 'searchDefaultLimit' ? { min: 1, max: settings.maxSearchLimit } : { min: limits.min[key], max: limits.max[key] };
  } else {
    return undefined;
  }
  return { key, written, effective, range, defaultValue, notes, settings };
}
