import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vm from 'node:vm';
import * as ts from 'typescript';
import { createSnippetContext } from '../../../src/sandbox/snippetContext';

// The shipped declarations must say what the sandbox really exposes: every
// function and nothing else. Both sides are read, not listed here.

const DTS = path.resolve(__dirname, '../../../types/openclaw-bridge.d.ts');

interface Declared {
  globals: string[];
  tools: string[];
  console: string[];
}

function declared(): Declared {
  const source = ts.createSourceFile(DTS, fs.readFileSync(DTS, 'utf8'), ts.ScriptTarget.ES2022, true);
  const globals: string[] = [];
  const interfaces = new Map<string, string[]>();
  const members = (node: ts.InterfaceDeclaration): string[] => node.members.map((m) => m.name?.getText(source) ?? '?');
  let openclawType: ts.TypeNode | undefined;
  for (const stmt of source.statements) {
    if (ts.isVariableStatement(stmt)) {
      for (const d of stmt.declarationList.declarations) {
        globals.push(d.name.getText(source));
        if (d.name.getText(source) === 'openclaw') {
          openclawType = d.type;
        }
      }
    } else if (ts.isFunctionDeclaration(stmt) || ts.isClassDeclaration(stmt)) {
      globals.push(stmt.name?.getText(source) ?? '?');
    } else if (ts.isModuleDeclaration(stmt) && stmt.body && ts.isModuleBlock(stmt.body)) {
      for (const inner of stmt.body.statements) {
        if (ts.isInterfaceDeclaration(inner)) {
          interfaces.set(inner.name.text, members(inner));
        }
      }
    }
  }
  assert.ok(openclawType && ts.isTypeLiteralNode(openclawType), 'openclaw is declared with a literal type');
  assert.deepEqual(openclawType.members.map((m) => m.name?.getText(source)), ['tools']);
  return { globals: globals.sort(), tools: [...(interfaces.get('Tools') ?? [])].sort(), console: [...(interfaces.get('SnippetConsole') ?? [])].sort() };
}

/** Runs code in a real snippet context (in-process: no child) and returns its value. */
function runInSandbox(code: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const ctx = createSnippetContext({
      request: () => false,
      log: () => true,
      done: (ok, payload) => {
        if (ok === true && typeof payload === 'string') {
          resolve(JSON.parse(payload));
        } else {
          reject(new Error(String(payload)));
        }
        return true;
      },
    });
    ctx.configure({ maxLogLines: 10, maxLogChars: 1000, maxArgChars: 1000, maxResultChars: 100_000, maxBridgeOps: 10 });
    ctx.start(code);
  });
}

describe('bridge declarations (types/openclaw-bridge.d.ts) against the sandbox', () => {
  it('declare exactly the globals, tools and console methods a snippet can reach', async () => {
    // What a bare context has anyway (the JavaScript built-ins, V8's own console) is not the bridge's.
    const bare = new Set(Object.getOwnPropertyNames(vm.runInContext('globalThis', vm.createContext(Object.create(null) as object))));
    const exposed = (await runInSandbox(`
      const fns = (o) => Object.getOwnPropertyNames(o).filter((k) => typeof o[k] === 'function').sort();
      return {
        globals: Object.getOwnPropertyNames(globalThis).sort(),
        openclaw: Object.getOwnPropertyNames(openclaw),
        tools: fns(openclaw.tools),
        console: fns(console),
        consoleAll: Object.getOwnPropertyNames(console).sort(),
      };`)) as { globals: string[]; openclaw: string[]; tools: string[]; console: string[]; consoleAll: string[] };
    const d = declared();
    assert.deepEqual(exposed.globals.filter((g) => !bare.has(g)), d.globals, 'globals beyond the built-ins');
    assert.deepEqual(exposed.openclaw, ['tools']);
    assert.deepEqual(exposed.tools, d.tools);
    assert.deepEqual(exposed.console, d.console);
    assert.deepEqual(exposed.consoleAll, d.console, 'the console has nothing but its three methods');
    assert.ok(bare.has('console'), 'a bare context has a console too: the sandbox replaces it (checked above)');
  });

  it('is a valid global declaration file with no errors of its own', () => {
    const program = ts.createProgram([DTS], { noEmit: true, strict: true, lib: ['lib.es2022.d.ts'], types: [] });
    const diags = ts.getPreEmitDiagnostics(program).map((x) => ts.flattenDiagnosticMessageText(x.messageText, '\n'));
    assert.deepEqual(diags, []);
  });
});
