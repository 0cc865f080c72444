import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scratchDir } from '../../helpers/scratch';

/**
 * Nothing may name what a release can change (issue 42): the control tools'
 * names come from the modelled release (sources/release.ts; the next release
 * renames `tool_call` and retires `tool_search_code`). This ratchet counts the
 * string literals of src/ that still spell one: a file not listed must have
 * none, a listed one no more than it has today. Lower a count (or drop the
 * file) when a literal goes; never raise one.
 */
const STILL_NAMED: Readonly<Record<string, number>> = {
  // The product's own Tool Search for releases without one, and its snippet surface (`tool_search_code` bodies).
  'src/core/modes/toolSearchTools.ts': 9,
  'src/core/catalog/toolAdmission.ts': 4,
  'src/core/catalog/lookup.ts': 3,
  'src/core/modes/directory.ts': 5,
  'src/core/bridge/programKind.ts': 3,
  'src/core/gateway/toolSearchApi.ts': 1,
  'src/cli/commands/run.ts': 4,
  'src/core/orchestration/codeModeProgram.ts': 1,
  'src/extension/bridge/runSnippetCommand.ts': 1,
  'src/extension/snippets/snippetCodeLens.ts': 1,
  'src/extension/snippets/snippetFiles.ts': 1,
  'src/sandbox/snippetContext.ts': 1,
  // The session log's call labels (`via`), a file format of their own.
  'src/core/telemetry/sessionLog.ts': 2,
};

const REPO = path.join(__dirname, '..', '..', '..');
const LITERAL = /['"`][^'"`\n]*\b(?:tool_search_code|tool_call|tool_describe|tool_search)\b[^'"`\n]*['"`]/g;
// Comment lines explain; they send nothing to a model.
const COMMENT_LINE = /^\s*(?:\*|\/\/|\/\*)/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : /\.m?ts$/.test(e.name) ? [p] : [];
  });
}

function literalCount(file: string): number {
  const code = fs.readFileSync(file, 'utf8').split('\n').filter((l) => !COMMENT_LINE.test(l)).join('\n');
  return code.match(LITERAL)?.length ?? 0;
}

describe('no surface names what a release can change (control tool names)', () => {
  it('src/ spells a control tool name only where the ratchet still lists it, never more often', () => {
    const over: string[] = [];
    for (const file of sourceFiles(path.join(REPO, 'src'))) {
      const rel = path.relative(REPO, file).split(path.sep).join('/');
      const n = literalCount(file);
      const allowed = STILL_NAMED[rel] ?? 0;
      if (n > allowed) {
        over.push(`${rel}: ${n} literal(s) naming a control tool (allowed ${allowed}); take the name from the release (sources/release.ts)`);
      }
    }
    assert.deepEqual(over, []);
  });

  it('the check finds a literal (it can fail)', () => {
    const file = path.join(scratchDir('tsi-names-'), 'probe.ts');
    fs.writeFileSync(file, "// tool_call in a comment is fine\nexport const x = { name: 'tool_call', other: 'tool_calls' };\n");
    assert.equal(literalCount(file), 1);
  });
});
