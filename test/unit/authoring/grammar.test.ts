import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import * as textmate from 'vscode-textmate';

const ROOT = path.join(__dirname, '..', '..', '..');
const GRAMMAR = path.join(ROOT, 'syntaxes', 'openclaw-json5.tmLanguage.json');
const SCOPE = 'source.openclaw-json5';

interface Token {
  text: string;
  scopes: string[];
}

let grammarPromise: Promise<textmate.IGrammar> | undefined;

/** The grammar as VS Code loads it: vscode-textmate over the Oniguruma engine. */
function loadGrammar(): Promise<textmate.IGrammar> {
  grammarPromise ??= (async () => {
    const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
    const registry = new textmate.Registry({
      onigLib: Promise.resolve({
        createOnigScanner: (sources: string[]) => new oniguruma.OnigScanner(sources),
        createOnigString: (s: string) => new oniguruma.OnigString(s),
      }),
      loadGrammar: (scopeName: string) =>
        Promise.resolve(scopeName === SCOPE ? textmate.parseRawGrammar(fs.readFileSync(GRAMMAR, 'utf8'), GRAMMAR) : null),
    });
    const g = await registry.loadGrammar(SCOPE);
    if (!g) {
      throw new Error('grammar did not load');
    }
    return g;
  })();
  return grammarPromise;
}

async function tokenize(text: string): Promise<Token[]> {
  const g = await loadGrammar();
  const out: Token[] = [];
  let stack = textmate.INITIAL;
  for (const line of text.split('\n')) {
    const r = g.tokenizeLine(line, stack);
    for (const t of r.tokens) {
      out.push({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes });
    }
    stack = r.ruleStack;
  }
  return out;
}

function scopesOf(tokens: readonly Token[], text: string): string[] {
  const t = tokens.find((x) => x.text === text);
  assert.ok(t, `no token "${text}" in ${tokens.map((x) => x.text).join('|')}`);
  return t.scopes;
}

function invalid(tokens: readonly Token[]): Token[] {
  return tokens.filter((t) => t.scopes.some((s) => s.startsWith('invalid')));
}

describe('OpenClaw config grammar (JSON5)', () => {
  it('reads the demo openclaw.json with no invalid token', async () => {
    const text = fs.readFileSync(path.join(ROOT, 'examples', 'demo', 'openclaw.json'), 'utf8');
    const tokens = await tokenize(text);
    assert.deepEqual(invalid(tokens), []);
    assert.ok(scopesOf(tokens, 'tools').includes('support.type.property-name.json5'), 'unquoted key');
    assert.ok(scopesOf(tokens, ' Demo OpenClaw config for Tool Search Inspector (JSON5).').includes('comment.line.double-slash.json5'));
    assert.ok(scopesOf(tokens, 'openai/gpt-5-mini').includes('support.type.property-name.json5'), 'quoted key');
    assert.ok(scopesOf(tokens, 'group:runtime').includes('string.quoted.double.json5'));
  });

  it('knows every JSON5 form: comments, single quotes, trailing commas, hex, signed Infinity, NaN', async () => {
    const text = [
      '/* block',
      '   comment */ {',
      "  unquoted: 'single \\' quoted',",
      '  $dollar_key: 0x1F,',
      '  "double": [+Infinity, -Infinity, NaN, .5, 5., +1e3, -0xff, true, null,],',
      "  'quoted key': { nested: 'yes', }, // trailing comma above",
      '  lines: "one \\',
      'two",',
      '}',
    ].join('\n');
    const tokens = await tokenize(text);
    assert.deepEqual(invalid(tokens), []);
    assert.ok(scopesOf(tokens, '   comment ').includes('comment.block.json5'));
    assert.ok(scopesOf(tokens, 'unquoted').includes('support.type.property-name.json5'));
    assert.ok(scopesOf(tokens, '$dollar_key').includes('support.type.property-name.json5'));
    assert.ok(scopesOf(tokens, "single \\' quoted".slice(0, 7)).includes('string.quoted.single.json5'));
    assert.ok(scopesOf(tokens, "\\'").includes('constant.character.escape.json5'));
    assert.ok(scopesOf(tokens, '0x1F').includes('constant.numeric.hex.json5'));
    assert.ok(scopesOf(tokens, '-0xff').includes('constant.numeric.hex.json5'));
    for (const n of ['+Infinity', '-Infinity', 'NaN', '.5', '5.', '+1e3']) {
      assert.ok(scopesOf(tokens, n).includes('constant.numeric.json5'), n);
    }
    assert.ok(scopesOf(tokens, 'quoted key').includes('support.type.property-name.json5'));
    assert.ok(scopesOf(tokens, 'two').includes('string.quoted.double.json5'), 'a string continued after a backslash-newline');
  });

  it('marks what JSON5 does not allow', async () => {
    const tokens = await tokenize('{ a: 1; b: "open\n}');
    const bad = invalid(tokens).map((t) => t.text);
    assert.ok(bad.includes(';'), `a separator that is not a comma is invalid: ${JSON.stringify(bad)}`);
    // An unterminated string ends with its line instead of swallowing the rest of the file.
    assert.ok(scopesOf(tokens, '}').includes('punctuation.definition.dictionary.end.json5'));
  });
});
