import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { shownUrl } from '../../../src/core/sources/mcp/mcpConnection';
import { StderrTail, stderrHeadline } from '../../../src/core/sources/mcp/stderrTail';
import { isRelativePathArg, substitute, type VariableContext } from '../../../src/core/sources/mcp/variables';

describe('MCP stderr tail', () => {
  it('keeps the last N non-empty lines across chunk boundaries, and the unfinished line', () => {
    const tail = new StderrTail(3);
    const stream = new PassThrough();
    tail.attach(stream);
    stream.write('one\ntw');
    stream.write('o\n\n  \nthree\nfour\nfi');
    assert.deepEqual(tail.tail, ['three', 'four', 'fi']);
    assert.equal(tail.last, 'fi');
  });

  it("the headline is the error line, not Node's version trailer or the stack (Python's last line too)", () => {
    const node = new StderrTail();
    node.push([
      'node:internal/modules/cjs/loader:1228',
      '  throw err;',
      '  ^',
      '',
      "Error: Cannot find module '/ws/does-not-exist.js'",
      '    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)',
      '    at node:internal/main/run_main_module:28:49 {',
      "  code: 'MODULE_NOT_FOUND',",
      '  requireStack: []',
      '}',
      '',
      'Node.js v20.20.2',
      '',
    ].join('\n'));
    assert.equal(node.last, 'Node.js v20.20.2');
    assert.equal(node.headline, "Error: Cannot find module '/ws/does-not-exist.js'");
    assert.equal(stderrHeadline(['Traceback (most recent call last):', '  File "server.py", line 1, in <module>', "ModuleNotFoundError: No module named 'mcp'"]), "ModuleNotFoundError: No module named 'mcp'");
    assert.equal(stderrHeadline(['starting', 'fixture: missing API key, giving up']), 'fixture: missing API key, giving up');
    assert.equal(stderrHeadline([]), undefined);
  });

  it('bounds what a server that never ends a line can make us hold', () => {
    const tail = new StderrTail(2, 10);
    tail.push('x'.repeat(1000));
    assert.ok(tail.tail.every((l) => l.length <= 11), JSON.stringify(tail.tail));
  });
});

describe('MCP config variables', () => {
  const ctx = (style: VariableContext['style']): VariableContext => ({
    style,
    workspaceFolder: '/ws/proj',
    userHome: '/home/u',
    env: { TOKEN: 't', EMPTY: '' },
    inputs: { key: 'k' },
  });

  it('vscode style: workspace, home, env, inputs; unknown variables and missing inputs are reported', () => {
    const s = substitute('${workspaceFolder}/${workspaceFolderBasename}|${userHome}|${env:TOKEN}|${env:NOPE}|${input:key}|${input:gone}|${config:x}', ctx('vscode'));
    assert.equal(s.value, '/ws/proj/proj|/home/u|t||k|${input:gone}|${config:x}');
    assert.deepEqual([s.missingInputs, s.missingEnv, s.unknown], [['gone'], ['NOPE'], ['${config:x}']]);
  });

  it('shell style: ${VAR} and ${VAR:-default}; vscode forms are left alone', () => {
    const s = substitute('${TOKEN}-${EMPTY:-d}-${MISSING:-x}-${MISSING}-${env:TOKEN}', ctx('shell'));
    assert.equal(s.value, 't-d-x--${env:TOKEN}');
    assert.deepEqual(s.missingEnv, ['MISSING']);
  });

  it('none style leaves values as written', () => {
    assert.equal(substitute('${TOKEN}', ctx('none')).value, '${TOKEN}');
  });

  it('only ./, ../, . and .. count as relative paths', () => {
    assert.deepEqual(['.', '..', './a', '../b', 'a', '-p', '/abs', '.env'].map(isRelativePathArg), [true, true, true, true, false, false, false, false]);
  });
});

describe('MCP report URLs', () => {
  it('drop credentials, query and fragment', () => {
    assert.equal(shownUrl('https://user:pw@example.test:8443/mcp?token=s3#x'), 'https://example.test:8443/mcp');
    assert.equal(shownUrl('not a url'), '(invalid url)');
  });
});
