import * as path from 'node:path';
import type { OpenWorkspace } from '../workspace';
import type { OpenClawValidation } from './configValidate';

/**
 * What OpenClaw's own validation (`openclaw config validate`) adds to the
 * inspector's verdict on a workspace's config, for the CLI's `check` and the
 * editor's Problems alike: each key it refuses that the inspector's model did
 * not name, at that key's line; and, when the two verdicts disagree, one
 * finding that says so (a fidelity gap, never hidden).
 */
export interface ValidationFinding {
  /** The config, relative to the workspace folder (as the inspector's own verdict names it). */
  file: string;
  line: number;
  /** The dotted key OpenClaw named; absent for the disagreement. */
  key?: string;
  message: string;
}

/** Whether the inspector's verdict is OpenClaw's: it refuses exactly when OpenClaw does (a config it cannot read at all is refused too). */
export function verdictsAgree(v: Pick<OpenClawValidation, 'valid'>, ws: Pick<OpenWorkspace, 'verdict' | 'config'>): boolean {
  return v.valid === (ws.verdict?.refuses !== true && ws.config.unusable === undefined);
}

export function validationFindings(v: OpenClawValidation, configFile: string, ws: Pick<OpenWorkspace, 'verdict' | 'config' | 'options' | 'openclaw'>): ValidationFinding[] {
  const reader = ws.config.reader;
  const file = path.relative(ws.options.workspace, configFile) || configFile;
  const named = (ws.verdict?.keys ?? []).map((k) => k.path);
  const lineOf = (dotted: string): number => {
    const keys = dotted.split('.').filter((k) => k.length > 0);
    for (let n = keys.length; n > 0; n--) {
      const line = reader?.line(keys.slice(0, n));
      if (line !== undefined) return line;
    }
    return 1;
  };
  const out: ValidationFinding[] = v.issues
    .filter((i) => !named.some((k) => k === i.path || k.startsWith(`${i.path}.`)))
    .map((i) => ({ file, line: lineOf(i.path), key: i.path, message: `OpenClaw ${v.version}'s own validation (openclaw config validate) refuses ${i.path}: ${i.message}` }));
  const modelled = ws.openclaw.model.version;
  if (!verdictsAgree(v, ws) && modelled !== v.version) {
    // Two releases judged: a difference between them is not the model's fault.
    out.push({
      file,
      line: 1,
      message: `OpenClaw ${v.version}'s own validation ${v.valid ? 'accepts' : 'refuses'} this config; the inspector models OpenClaw ${modelled}, which ${v.valid ? 'refuses' : 'accepts'} it (model ${v.version} to compare the same release)`,
    });
  } else if (!verdictsAgree(v, ws)) {
    out.push({
      file,
      line: 1,
      message: v.valid
        ? `OpenClaw ${v.version}'s own validation accepts this config, but the inspector's model of ${v.version} refuses it: a fidelity gap (please report it)`
        : `OpenClaw ${v.version}'s own validation refuses this config, but the inspector's model of it does not: a fidelity gap (please report it)`,
    });
  }
  return out;
}
