import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { parseOpenClawConfig } from '../../../src/core/config/openclawConfig';
import { discoverServers, type DiscoverOptions } from '../../../src/core/sources/mcp/discoverServers';
import { toolFilterDefect } from '../../../src/core/sources/mcp/toolFilter';
import { mcpToolDefinitions } from '../../../src/core/sources/mcpTools';
import { defectText } from '../../../src/core/reasons';
import type { Diagnostic } from '../../../src/core/types';
import { tempWorkspace } from '../../helpers/mcp';

const OPENCLAW = `{
  mcp: {
    servers: {
      local: {
        command: "node",
        args: ["./server.js", "--port", "8080", "."],
        env: { DATA: "./data.jsonl", TOKEN: "\${SECRET_TOKEN}", MODE: "\${MODE:-dev}" },
        timeout: 1234,
        connectTimeout: 567,
        toolFilter: { include: ["read_*"], exclude: ["*_secret"] },
      },
      sub: { command: "node", cwd: "sub", colour: "red" },
      off: { command: "node", enabled: false },
      remote: { url: "https://example.test/mcp", transport: "sse", headers: { "X-Key": "k" } },
      bare: { url: "https://example.test/bare" },
      odd: { url: "https://example.test/odd", transport: "websocket" },
      empty: {},
      "with space": { command: "node" },
    },
  },
}
`;

function load(files: Record<string, string | object>, extra: Partial<DiscoverOptions> = {}) {
  const dir = tempWorkspace({ '.openclaw/sub/.keep': '', ...files });
  const cfgFile = path.join(dir, '.openclaw', 'openclaw.json');
  const text = typeof files['.openclaw/openclaw.json'] === 'string' ? (files['.openclaw/openclaw.json'] as string) : '{}';
  const config = parseOpenClawConfig(cfgFile, text, 'workspace', '.openclaw/openclaw.json');
  const found = discoverServers({ workspace: dir, openclaw: config.reader, env: { SECRET_TOKEN: 's3', HOME_X: '/hx' }, homeDir: path.join(dir, 'home'), ...extra });
  const diagnostics: Diagnostic[] = [...config.diagnostics, ...found.diagnostics];
  const byName = Object.fromEntries(found.servers.map((s) => [s.name, s]));
  const server = (name: string) => {
    const s = byName[name];
    assert.ok(s, `no server ${name}`);
    return s;
  };
  return { dir, found, byName, server, diagnostics };
}

const has = (ds: Diagnostic[], file: string, line: number, re: RegExp) =>
  assert.ok(
    ds.some((d) => d.file === file && d.line === line && re.test(d.message)),
    `expected ${file}:${line} ${re}; got\n${ds.map((d) => `${d.file}:${d.line} ${d.message}`).join('\n')}`,
  );

describe('MCP config: OpenClaw mcp.servers', () => {
  const { dir, server, diagnostics } = load({ '.openclaw/openclaw.json': OPENCLAW });
  const cfgDir = path.join(dir, '.openclaw');

  it('reads stdio servers with origin line, resolving relative paths against the config folder', () => {
    const s = server('local');
    assert.deepEqual(s.origin, { file: '.openclaw/openclaw.json', line: 4, column: 7 });
    assert.equal(s.transport, 'stdio');
    assert.equal(s.command, 'node');
    assert.deepEqual(s.args, [path.join(cfgDir, 'server.js'), '--port', '8080', cfgDir]);
    assert.equal(s.cwd, cfgDir);
    assert.deepEqual(s.env, { DATA: path.join(cfgDir, 'data.jsonl'), TOKEN: 's3', MODE: 'dev' });
    assert.equal(s.timeoutMs, 1234);
    assert.equal(s.connectTimeoutMs, 567);
    const f = s.toolFilter;
    assert.deepEqual({ include: f?.include, exclude: f?.exclude, where: f?.where }, { include: ['read_*'], exclude: ['*_secret'], where: '.openclaw/openclaw.json:10' });
    assert.deepEqual(f?.excludeAt?.[0], { file: '.openclaw/openclaw.json', line: 10, column: 54, path: ['mcp', 'servers', 'local', 'toolFilter', 'exclude', 0] });
    assert.equal(server('sub').cwd, path.join(cfgDir, 'sub'));
    assert.equal(server('off').enabled, false);
  });

  it('reads HTTP servers: transport, headers; a url without transport is guessed with a warning', () => {
    assert.deepEqual([server('remote').transport, server('remote').headers], ['sse', { 'X-Key': 'k' }]);
    assert.equal(server('bare').transportGuessed, true);
    has(diagnostics, '.openclaw/openclaw.json', 15, /mcp\.servers\.bare has a url but no transport/);
  });

  it('reports unknown fields, bad transports and empty entries with file and line, without crashing', () => {
    has(diagnostics, '.openclaw/openclaw.json', 12, /unknown key mcp\.servers\.sub\.colour/);
    has(diagnostics, '.openclaw/openclaw.json', 16, /transport must be one of "stdio", "sse", "streamable-http", got the string "websocket"/);
    has(diagnostics, '.openclaw/openclaw.json', 17, /needs "command" \(stdio\) or "url"/);
    assert.match(server('empty').problem ?? '', /neither "command" nor "url"/);
    has(diagnostics, '.openclaw/openclaw.json', 18, /MCP server name "with space" has characters other than/);
  });
});

describe('MCP config: .vscode/mcp.json, .mcp.json, imports', () => {
  const vscode = `{
  "inputs": [
    { "id": "api-key", "type": "promptString", "password": true },
    { "id": "region", "type": "promptString", "default": "eu" }
  ],
  "servers": {
    "tools": {
      "type": "stdio",
      "command": "\${workspaceFolder}/bin/tool",
      "args": ["--key", "\${input:api-key}", "--region", "\${input:region}", "--home", "\${env:HOME_X}"],
      "envFile": "\${workspaceFolder}/.env",
      "env": { "B": "from-env" },
      "sandbox": true
    },
    "typo": { "type": "stdio", "command": "x", "args": ["\${input:nope}"] },
    "local": { "command": "node" }
  }
}`;
  const files = {
    '.vscode/mcp.json': vscode,
    '.env': '# comment\nA=1\nB="from-file"\nexport C=three # trailing\n',
    '.openclaw/openclaw.json': '{ mcp: { servers: {\n  local: { command: "node" } } } }',
    '.mcp.json': '{\n  "mcpServers": {\n    "local": { "command": "other" },\n    "portable": { "command": "run", "args": ["${PORT:-9000}"] }\n  }\n}',
  };

  it('substitutes ${workspaceFolder}, ${env:...}, input defaults; reads envFile under env', () => {
    const { dir, server } = load(files, { inputs: { 'api-key': 'k-123' } });
    const s = server('tools');
    assert.equal(s.format, 'vscode');
    assert.deepEqual(s.origin, { file: '.vscode/mcp.json', line: 7, column: 5 });
    assert.equal(s.command, `${dir}/bin/tool`);
    assert.deepEqual(s.args, ['--key', 'k-123', '--region', 'eu', '--home', '/hx']);
    assert.deepEqual(s.env, { A: '1', B: 'from-env', C: 'three' });
    assert.equal(s.problem, undefined);
  });

  it('a missing input makes the server fail with a message naming it; undeclared inputs and unknown fields are diagnostics', () => {
    const { server, diagnostics, found } = load(files);
    assert.match(server('tools').problem ?? '', /needs a value for input "api-key" \(\$\{input:api-key\} in \.vscode\/mcp\.json\).*--input api-key=VALUE/);
    assert.deepEqual(server('tools').missingInputs, ['api-key']);
    assert.deepEqual(found.inputs, [
      { id: 'api-key', description: undefined, password: true, origin: '.vscode/mcp.json:3' },
      { id: 'region', description: undefined, password: false, origin: '.vscode/mcp.json:4' },
    ]);
    has(diagnostics, '.vscode/mcp.json', 15, /\$\{input:nope\} is not declared/);
    has(diagnostics, '.vscode/mcp.json', 13, /unknown key servers\.tools\.sandbox/);
  });

  it('duplicate names across files: the first file wins, the later one is reported with both places', () => {
    const { server, diagnostics } = load(files);
    assert.equal(server('local').format, 'openclaw');
    has(diagnostics, '.vscode/mcp.json', 16, /"local" is already defined at \.openclaw\/openclaw\.json:2; this definition is ignored/);
    has(diagnostics, '.mcp.json', 3, /"local" is already defined at \.openclaw\/openclaw\.json:2/);
    assert.deepEqual(server('portable').args, ['9000']);
    assert.equal(server('portable').format, 'mcp.json');
  });

  it('a broken file is one syntax diagnostic; the other files still count', () => {
    const { byName, diagnostics } = load({ ...files, '.vscode/mcp.json': '{ "servers": { "x": ' });
    assert.ok(diagnostics.some((d) => d.file === '.vscode/mcp.json' && /JSON5 syntax error/.test(d.message)));
    assert.ok(byName.portable);
  });

  it('reads Claude Desktop and Cursor configs only when asked', () => {
    const claude = { 'home/.config/Claude/claude_desktop_config.json': { mcpServers: { desk: { command: 'd', args: ['${NOT_EXPANDED}'] } }, globalShortcut: 'x' } };
    const cursor = { 'home/.cursor/mcp.json': { mcpServers: { cur: { url: 'https://example.test/c', headers: { A: '${env:HOME_X}' } } } } };
    assert.equal(load({ ...claude, ...cursor }).byName.desk, undefined);
    const { server, diagnostics } = load({ ...claude, ...cursor }, { imports: ['claude', 'cursor'], platform: 'linux' });
    assert.deepEqual(server('desk').args, ['${NOT_EXPANDED}']);
    assert.equal(server('desk').format, 'claude');
    assert.deepEqual([server('cur').transportGuessed, server('cur').headers], [true, { A: '/hx' }]);
    assert.equal(diagnostics.filter((d) => d.severity !== 'info').length, 0, JSON.stringify(diagnostics));
    const missing = load({}, { imports: ['claude'], platform: 'linux' }).diagnostics;
    assert.ok(missing.some((d) => d.severity === 'info' && /--import claude: no config found/.test(d.message)));
  });
});

describe('MCP toolFilter (OpenClaw 2026.9.6 isMcpToolAllowed)', () => {
  const filter = { include: ['read_*', 'fs__list_*'], exclude: ['*secret*'], where: 'openclaw.json:9' };
  const text = (f: typeof filter, raw: string) => {
    const d = toolFilterDefect('fs', f, raw);
    return d && defectText(d, { source: 'mcp', owner: 'fs', name: `fs__${raw}` });
  };
  it('include matches the raw name only; exclude wins', () => {
    assert.equal(text(filter, 'read_file'), undefined);
    // `fs__list_*` names the model-facing name, which OpenClaw never matches.
    assert.deepEqual(toolFilterDefect('fs', filter, 'list_dir'), { kind: 'tool-filter', rule: 'include', where: 'openclaw.json:9' });
    assert.match(text(filter, 'write_file') ?? '', /not matched by toolFilter\.include of MCP server "fs" \(openclaw\.json:9\)/);
    assert.match(text(filter, 'read_secret') ?? '', /toolFilter\.exclude "\*secret\*"/);
    assert.equal(toolFilterDefect('fs', undefined, 'anything'), undefined);
  });
  it('is case-sensitive, trims patterns, and knows only * as a wildcard', () => {
    assert.notEqual(toolFilterDefect('fs', { include: ['Read_*'], where: 'x' }, 'read_file'), undefined);
    assert.equal(toolFilterDefect('fs', { include: ['  read_file '], where: 'x' }, 'read_file'), undefined);
    assert.notEqual(toolFilterDefect('fs', { include: ['read_?ile'], where: 'x' }, 'read_file'), undefined);
    assert.equal(toolFilterDefect('fs', { include: ['read_?ile'], where: 'x' }, 'read_?ile'), undefined);
    assert.notEqual(toolFilterDefect('fs', { include: ['{read,write}_file'], where: 'x' }, 'read_file'), undefined);
    assert.equal(toolFilterDefect('fs', { include: ['*a*b*'], where: 'x' }, 'xaYbz'), undefined);
    assert.notEqual(toolFilterDefect('fs', { include: ['*ab*ba'], where: 'x' }, 'aba'), undefined);
    // A blank include pattern matches nothing, so an include list of blanks admits nothing.
    assert.notEqual(toolFilterDefect('fs', { include: ['  '], where: 'x' }, 'read_file'), undefined);
  });
});

describe('MCP tools OpenClaw leaves out (normalizeMcpToolCatalog, buildBundleMcpToolsFromCatalog)', () => {
  const tool = (name: string, extra: Record<string, unknown> = {}) => ({ name, description: `${name} tool`, inputSchema: { type: 'object' }, ...extra });
  const list = (tools: unknown[], filter?: Parameters<typeof toolFilterDefect>[1]) => {
    const diagnostics: Diagnostic[] = [];
    const defs = mcpToolDefinitions('gh', tools, { file: 'openclaw.json', line: 3 }, diagnostics, filter ? { toolFilter: (raw) => toolFilterDefect('gh', filter, raw) } : {});
    return { defs, diagnostics, kind: (raw: string) => defs.filter((d) => (d.rawName ?? d.name) === raw).map((d) => d.invalid?.kind ?? 'ok') };
  };
  it('a name listed twice drops every copy, whether or not the filter would keep it', () => {
    const r = list([tool('a'), tool('b'), tool(' a'), tool('c')], { exclude: ['c'], where: 'x' });
    assert.deepEqual(r.kind('a'), ['duplicate', 'duplicate']);
    assert.deepEqual(r.kind('b'), ['ok']);
    assert.deepEqual(r.kind('c'), ['tool-filter']);
    assert.equal(r.diagnostics.filter((d) => /lists it 2 times/.test(d.message)).length, 1);
    const dup = r.defs.find((d) => d.invalid?.kind === 'duplicate');
    assert.match(dup?.invalid ? defectText(dup.invalid, { source: 'mcp', owner: 'gh', name: 'a' }) : '', /drops every copy/);
  });
  it('task-only tools are left out; optional task support stays', () => {
    const r = list([tool('t1', { execution: { taskSupport: 'required' } }), tool('t2', { execution: { taskSupport: 'optional' } })]);
    assert.deepEqual([r.kind('t1'), r.kind('t2')], [['mcp-task-required'], ['ok']]);
  });
  it('MCP App tools (visibility without "model") never reach the model', () => {
    const r = list([
      tool('ui_get', { _meta: { ui: { visibility: ['app'] } } }),
      tool('both', { _meta: { ui: { visibility: ['model', 'app'] } } }),
      tool('none', { _meta: { ui: { visibility: [] } } }),
      tool('plain', { _meta: { ui: {} } }),
    ]);
    assert.deepEqual([r.kind('ui_get'), r.kind('both'), r.kind('none'), r.kind('plain')], [['mcp-app-only'], ['ok'], ['mcp-app-only'], ['ok']]);
    const ui = r.defs.find((d) => d.rawName === 'ui_get');
    assert.equal(ui?.name, 'gh__ui_get');
    assert.match(ui?.invalid ? defectText(ui.invalid, { source: 'mcp', owner: 'gh', name: 'ui_get' }) : '', /visibility \["app"\].*includes "model"/);
  });
});
