import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseJson5 } from '../config/json5Document';
import type { Diagnostic, ServerReport, ToolDefinition } from '../types';
import { errorMessage } from '../util/errors';
import { FolderGuard } from '../util/insideFolder';
import { assignSafeServerNames, LETTER_FIRST, type McpNameRule } from './mcpNames';
import { mcpToolDefinitions } from './mcpTools';
import { declaredOnlyExecutor, type SourceListing, type ToolSourceProvider } from './toolSource';
import { READ_LIMITS, readUserText } from '../util/readLimits';

export interface SnapshotSpec {
  name: string;
  path: string;
}

/** Thrown for a `--snapshot` argument that cannot be used (exit 2). */
export class SnapshotInputError extends Error {}

/** Parses `NAME=PATH`. */
export function parseSnapshotArg(arg: string, cwd: string): SnapshotSpec {
  const eq = arg.indexOf('=');
  if (eq <= 0 || eq === arg.length - 1) {
    throw new SnapshotInputError(`--snapshot expects NAME=PATH, got "${arg}"`);
  }
  return { name: arg.slice(0, eq), path: path.resolve(cwd, arg.slice(eq + 1)) };
}

/**
 * A saved `tools/list` result is nearly always plain JSON, which JSON.parse
 * reads to the same value as the JSON5 reader at a fraction of the cost (at
 * 10,000 tools the JSON5 reader was most of the catalog build); anything
 * else (comments, a BOM, a syntax error) goes through the JSON5 reader and
 * its diagnostics. No location is kept from this file, so none is lost.
 */
function readValue(file: string, diagnostics: Diagnostic[]): unknown {
  const text = readUserText(file, READ_LIMITS.mcpSnapshotBytes);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const doc = parseJson5(file, text);
    diagnostics.push(...doc.diagnostics);
    return doc.value;
  }
}

function readTools(file: string, diagnostics: Diagnostic[]): unknown[] {
  const v = readValue(file, diagnostics);
  if (Array.isArray(v)) {
    return v;
  }
  if (v && typeof v === 'object' && Array.isArray((v as { tools?: unknown }).tools)) {
    return (v as { tools: unknown[] }).tools;
  }
  if (v && typeof v === 'object' && typeof (v as { name?: unknown }).name === 'string') {
    return [v];
  }
  if (v !== undefined) {
    diagnostics.push({ file, line: 1, severity: 'error', message: 'snapshot must be a tools/list result ({"tools": [...]}), an array of tools, or one tool' });
  }
  return [];
}

/**
 * Offline MCP servers: tools from a saved `tools/list` result, an array, or a
 * folder with one tool per `*.json`/`*.snap` file. Nothing is started.
 */
export class SnapshotToolSource implements ToolSourceProvider {
  readonly name = 'mcp-snapshots';
  readonly executor = declaredOnlyExecutor('this MCP server is an offline snapshot; its tools cannot be called');

  /** `guard`: in an untrusted workspace, a snapshot (or a file in a snapshot folder) that resolves outside the folder is not read. */
  constructor(
    private readonly specs: readonly SnapshotSpec[],
    private readonly origin = '--snapshot',
    private readonly guard: FolderGuard = FolderGuard.open,
    private readonly nameRule: McpNameRule = LETTER_FIRST,
  ) {}

  check(): void {
    for (const s of this.specs) {
      if (!fs.existsSync(s.path)) {
        throw new SnapshotInputError(`${s.path}: snapshot for "${s.name}" not found`);
      }
    }
  }

  list(): Promise<SourceListing> {
    const diagnostics: Diagnostic[] = [];
    const tools: ToolDefinition[] = [];
    const servers: ServerReport[] = [];
    const safeNames = assignSafeServerNames(this.specs.map((s) => s.name), this.nameRule);
    for (const spec of this.specs) {
      const started = performance.now();
      const raw: unknown[] = [];
      let error: string | undefined;
      let refused: string | undefined;
      // Reports a refusal; true when `p` may not be read.
      const refuse = (p: string): boolean => {
        const r = this.guard.refusal(p, `snapshot "${spec.name}" (${p})`);
        if (r) {
          diagnostics.push(this.guard.diagnostic(r, { file: p }));
        }
        return r !== undefined;
      };
      try {
        if (refuse(spec.path)) {
          refused = 'not read: the workspace is not trusted and the snapshot resolves outside its folder';
        } else if (fs.statSync(spec.path).isDirectory()) {
          for (const f of fs.readdirSync(spec.path).filter((f) => /\.(json|snap)$/i.test(f)).sort()) {
            if (!refuse(path.join(spec.path, f))) {
              raw.push(...readTools(path.join(spec.path, f), diagnostics));
            }
          }
        } else {
          raw.push(...readTools(spec.path, diagnostics));
        }
      } catch (err) {
        error = `cannot read snapshot ${spec.path}: ${errorMessage(err)}`;
        diagnostics.push({ file: spec.path, severity: 'error', message: error });
      }
      const defs = mcpToolDefinitions(spec.name, raw, { file: spec.path }, diagnostics, {
        safeServer: safeNames.get(spec.name),
        launch: `offline snapshot ${path.basename(spec.path)}`,
        nameRule: this.nameRule,
      });
      tools.push(...defs);
      servers.push({
        name: spec.name,
        origin: `${this.origin} ${spec.path}`,
        at: { file: spec.path },
        transport: 'snapshot',
        // A refused snapshot is not a fault of the snapshot: disabled, as an untrusted workspace's live servers are.
        status: refused ? 'disabled' : error ? 'failed' : 'ok',
        toolCount: defs.filter((d) => !d.invalid).length,
        error: refused ?? error,
        durationMs: Math.round(performance.now() - started),
      });
    }
    return Promise.resolve({ tools, servers, diagnostics });
  }
}
