import * as path from 'node:path';
import { READ_LIMITS, readUserText } from '../../util/readLimits';

/**
 * Variable syntaxes of the config formats we read:
 * - `vscode` (also Cursor): `${workspaceFolder}`, `${workspaceFolderBasename}`,
 *   `${userHome}`, `${pathSeparator}`, `${env:NAME}`, `${input:id}`;
 * - `shell` (`.mcp.json`, OpenClaw): `${NAME}` and `${NAME:-default}` from the environment;
 * - `none` (Claude Desktop): values are used verbatim.
 */
export type VariableStyle = 'vscode' | 'shell' | 'none';

export interface VariableContext {
  style: VariableStyle;
  workspaceFolder: string;
  userHome: string;
  env: Record<string, string | undefined>;
  inputs: Record<string, string>;
}

/** What substitution found besides the value: inputs nobody supplied, variables we do not know. */
export interface Substitution {
  value: string;
  missingInputs: string[];
  unknown: string[];
  missingEnv: string[];
}

const VSCODE_VAR = /\$\{([^}]+)\}/g;
const SHELL_VAR = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

export function substitute(value: string, ctx: VariableContext): Substitution {
  const out: Substitution = { value, missingInputs: [], unknown: [], missingEnv: [] };
  if (ctx.style === 'none') {
    return out;
  }
  if (ctx.style === 'shell') {
    out.value = value.replace(SHELL_VAR, (_m, name: string, def: string | undefined) => {
      const v = ctx.env[name];
      if (v !== undefined && v !== '') {
        return v;
      }
      if (def !== undefined) {
        return def;
      }
      out.missingEnv.push(name);
      return '';
    });
    return out;
  }
  out.value = value.replace(VSCODE_VAR, (whole, body: string) => {
    if (body === 'workspaceFolder') {
      return ctx.workspaceFolder;
    }
    if (body === 'workspaceFolderBasename') {
      return path.basename(ctx.workspaceFolder);
    }
    if (body === 'userHome') {
      return ctx.userHome;
    }
    if (body === 'pathSeparator' || body === '/') {
      return path.sep;
    }
    if (body.startsWith('env:')) {
      const name = body.slice(4);
      const v = ctx.env[name];
      if (v === undefined) {
        out.missingEnv.push(name);
      }
      return v ?? '';
    }
    if (body.startsWith('input:')) {
      const id = body.slice(6);
      const v = ctx.inputs[id];
      if (v === undefined) {
        out.missingInputs.push(id);
        return whole;
      }
      return v;
    }
    out.unknown.push(whole);
    return whole;
  });
  return out;
}

/**
 * Reads a dotenv file: `KEY=VALUE` lines, `#` comments, optional `export `,
 * single or double quotes (double quotes understand `\n`). Throws when the
 * file cannot be read.
 */
export function readEnvFile(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rawLine of readUserText(file, READ_LIMITS.envFileBytes).split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) {
      continue;
    }
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/.exec(line);
    if (!m) {
      continue;
    }
    const key = m[1];
    let v = m[2];
    if (key === undefined || v === undefined) {
      continue;
    }
    if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) {
      v = v.slice(1, -1).replace(/\\n/g, '\n').replace(/\\"/g, '"');
    } else if (v.startsWith("'") && v.endsWith("'") && v.length >= 2) {
      v = v.slice(1, -1);
    } else {
      v = v.replace(/\s+#.*$/, '');
    }
    out[key] = v;
  }
  return out;
}

/** `./x`, `../x`, `.` and `..` are paths relative to the config; anything else (flags, names) is not. */
export function isRelativePathArg(s: string): boolean {
  return s === '.' || s === '..' || s.startsWith('./') || s.startsWith('../') || s.startsWith('.\\') || s.startsWith('..\\');
}
