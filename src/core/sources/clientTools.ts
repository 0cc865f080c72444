import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseJson5 } from '../config/json5Document';
import type { Diagnostic, ToolDefinition } from '../types';
import { errorMessage } from '../util/errors';
import { FolderGuard } from '../util/insideFolder';
import { displayPath } from '../util/paths';
import { readToolDefinition } from './toolShape';
import { declaredOnlyExecutor, type SourceListing, type ToolSourceProvider } from './toolSource';
import { READ_LIMITS, readUserText } from '../util/readLimits';

export const DEFAULT_CLIENT_TOOLS = path.join('.openclaw', 'client-tools.json');

/** Thrown when a client-tools file named explicitly cannot be read (exit 2). */
export class ClientToolsInputError extends Error {}

/**
 * Client tools supplied for this run: `--client-tools FILE` or
 * `.openclaw/client-tools.json`. They are executed by the client that supplied
 * them, so the gateway only records the call.
 */
export class ClientToolSource implements ToolSourceProvider {
  readonly name = 'client';
  readonly executor = declaredOnlyExecutor('client tools are executed by the client that supplied them, not by the gateway');

  /** `guard`: in an untrusted workspace, a file that resolves outside the folder is not read. */
  constructor(
    private readonly file: string | undefined,
    private readonly explicit: boolean,
    private readonly workspace = process.cwd(),
    private readonly guard: FolderGuard = FolderGuard.open,
  ) {}

  static forWorkspace(workspace: string, explicitFile?: string, guard?: FolderGuard): ClientToolSource {
    if (explicitFile) {
      return new ClientToolSource(path.resolve(workspace, explicitFile), true, workspace, guard);
    }
    const def = path.join(workspace, DEFAULT_CLIENT_TOOLS);
    return new ClientToolSource(fs.existsSync(def) ? def : undefined, false, workspace, guard);
  }

  /** Reads the file eagerly so an explicit but missing file is a usage error before any work. */
  check(): void {
    if (this.file && this.explicit && !fs.existsSync(this.file)) {
      throw new ClientToolsInputError(`${this.file}: client tools file not found`);
    }
  }

  list(): Promise<SourceListing> {
    const diagnostics: Diagnostic[] = [];
    const tools: ToolDefinition[] = [];
    const absFile = this.file;
    if (!absFile) {
      return Promise.resolve({ tools, diagnostics });
    }
    const file = displayPath(this.workspace, absFile);
    const refusal = this.guard.refusal(absFile);
    if (refusal) {
      diagnostics.push(this.guard.diagnostic(refusal));
      return Promise.resolve({ tools, diagnostics });
    }
    let text: string;
    try {
      text = readUserText(absFile, READ_LIMITS.clientToolsBytes);
    } catch (err) {
      diagnostics.push({ file, severity: 'error', message: `cannot read client tools: ${errorMessage(err)}` });
      return Promise.resolve({ tools, diagnostics });
    }
    const doc = parseJson5(file, text);
    diagnostics.push(...doc.diagnostics);
    let list = doc.value;
    if (list && typeof list === 'object' && !Array.isArray(list) && Array.isArray((list as { tools?: unknown }).tools)) {
      list = (list as { tools: unknown[] }).tools;
    }
    if (doc.value !== undefined && !Array.isArray(list)) {
      diagnostics.push({ file, line: 1, severity: 'error', message: 'client tools must be a JSON array of tools' });
      return Promise.resolve({ tools, diagnostics });
    }
    (Array.isArray(list) ? list : []).forEach((raw, i) => {
      const pos = doc.locate([i]);
      const line = pos?.line;
      const { def, problem } = readToolDefinition(raw, 'client', 'client', { file, line, ...(pos ? { column: pos.column } : {}) });
      if (problem || !def) {
        diagnostics.push({ file, line, severity: 'error', message: `client tool #${i + 1}: ${problem}; excluded` });
        if (def) {
          tools.push(def);
        }
        return;
      }
      // Two client tools with one name are a client tool name conflict, found by the catalog builder.
      tools.push(def);
    });
    return Promise.resolve({ tools, diagnostics });
  }
}
