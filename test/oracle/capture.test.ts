// `capture`: one real OpenClaw agent turn per mode against the recording
// provider, on a workspace with the QA-shaped fake plugin (36 tools, a real
// OpenClaw plugin) and the 3-tool calendar MCP server. What is asserted is
// what OpenClaw itself sent, never what the inspector predicts.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as net from 'node:net';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CaptureReport, ModeCapture } from '../../src/core/capture/capture';
import { defaultGuardScript } from '../../src/core/capture/capture';
import { runCliCaptured } from '../helpers/cliCapture';
import { openclawLocation, openclawSpec, REPO } from './harness';

const WORKSPACE = path.join(REPO, 'test', 'fixtures', 'capture', 'qa-workspace');
const FAKE_TOOLS = Array.from({ length: 36 }, (_, i) => `fake_plugin_tool_${String(i + 1).padStart(2, '0')}`);
const CALENDAR_TOOLS = ['calendar__create_event', 'calendar__find_free_time', 'calendar__list_calendars'];

function mode(report: CaptureReport, m: 'direct' | 'code' | 'tools'): ModeCapture {
  const c = report.modes[m];
  assert.ok(c, `no capture for ${m}`);
  assert.equal(c.outcome, 'ok', `${m}: ${c.error ?? ''}\n${c.stderrTail ?? ''}`);
  assert.ok(c.first, `${m}: no Chat Completions request reached the recording provider`);
  return c;
}

describe('oracle: capture (real OpenClaw turns)', function () {
  // Three turns side by side; one takes 20-70 s on two cores.
  this.timeout(420_000);
  let report: CaptureReport;
  let wallMs = 0;

  before(async () => {
    await openclawLocation(); // installs the pinned OpenClaw when it is missing
    const started = Date.now();
    const r = await runCliCaptured(
      ['capture', '--workspace', WORKSPACE, '--no-user-config', '--json', '--openclaw', openclawSpec(), '--concurrency', '3', '--prompt', 'Call fake_plugin_tool_17 with marker QA-17.', '--mode', 'direct,code,tools'],
      REPO,
      { ...process.env },
    );
    assert.ok(r.code === 0 || r.code === 1, `exit ${r.code}: ${r.err}`);
    wallMs = Date.now() - started;
    report = JSON.parse(r.out) as CaptureReport;
  });

  it('reaches the recording provider in every mode; the guard in OpenClaw\'s process refuses the one remote server, and nothing else was tried', () => {
    console.log(`      captured ${Object.keys(report.modes).join(', ')} in ${(wallMs / 1000).toFixed(1)} s`);
    for (const m of ['direct', 'code', 'tools'] as const) {
      const c = mode(report, m);
      const first = c.requests.find((r) => r.seq === c.first?.seq);
      assert.ok(first && /\/chat\/completions$/.test(first.path) && first.method === 'POST', `${m}: ${JSON.stringify(c.requests.map((r) => `${r.method} ${r.path}`))}`);
      assert.ok(first.headers.some(([k]) => k.toLowerCase() === 'content-type'), `${m}: headers ${JSON.stringify(first.headers)}`);
      assert.equal(first.bytes, c.first?.bytes);
      // The fixture's remote MCP server is the only thing off loopback: the guard, inside OpenClaw's process, refuses it.
      const elsewhere = c.networkRefused.filter((line) => !/ mcp\.capture\.invalid(:\d+)? /.test(line));
      assert.deepEqual(elsewhere, [], `${m}: refused beyond the fixture's remote server:\n${elsewhere.join('\n')}`);
      console.log(`      ${m}: ${c.first?.toolsCount} tools, ${c.first?.systemPromptChars} system prompt chars, ${c.first?.bytes} request bytes, ${c.requests.length} request(s), ${c.networkRefused.length} refused by the guard, ${(c.wallMs / 1000).toFixed(1)} s`);
    }
    assert.ok(mode(report, 'direct').networkRefused.some((line) => /refused dns\S* mcp\.capture\.invalid/.test(line)), `the guard saw no lookup of the remote MCP server: ${JSON.stringify(mode(report, 'direct').networkRefused)}`);
    assert.ok(report.ok);
  });

  it('direct mode sends every fake plugin tool and the MCP tools, and no Tool Search control', () => {
    const names = new Set(mode(report, 'direct').first?.toolNames);
    const missing = [...FAKE_TOOLS, ...CALENDAR_TOOLS].filter((n) => !names.has(n));
    assert.deepEqual(missing, [], `direct mode lacks ${missing.join(', ')}; sent ${[...names].join(', ')}`);
    for (const control of ['tool_search_code', 'tool_search', 'tool_describe', 'tool_call']) {
      assert.ok(!names.has(control), `direct mode sent ${control}`);
    }
  });

  it('code mode sends tool_search_code and hides the fake plugin tools', () => {
    const names = new Set(mode(report, 'code').first?.toolNames);
    assert.ok(names.has('tool_search_code'), [...names].join(', '));
    assert.deepEqual(FAKE_TOOLS.filter((n) => names.has(n)), []);
  });

  it('tools mode sends tool_search, tool_describe and tool_call and hides the fake plugin tools', () => {
    const names = new Set(mode(report, 'tools').first?.toolNames);
    for (const control of ['tool_search', 'tool_describe', 'tool_call']) {
      assert.ok(names.has(control), `tools mode lacks ${control}: ${[...names].join(', ')}`);
    }
    assert.deepEqual(FAKE_TOOLS.filter((n) => names.has(n)), []);
  });

  it('the direct request is larger than the code mode request', () => {
    const direct = mode(report, 'direct').first?.bytes ?? 0;
    const code = mode(report, 'code').first?.bytes ?? 0;
    assert.ok(direct > code, `direct ${direct} bytes, code ${code} bytes`);
  });
});

describe('oracle: capture network guard', function () {
  this.timeout(60_000);

  it('refuses connections and lookups off loopback and lets loopback through', async () => {
    const { node } = await openclawLocation();
    const server = net.createServer((s) => s.end('hi'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as net.AddressInfo;
    const script = [
      "import net from 'node:net'; import dns from 'node:dns'; import { lookup } from 'node:dns/promises';",
      'const out = {};',
      "out.fetch = await fetch('http://example.com/').then(() => 'connected', (e) => String(e.cause?.code ?? e.message));",
      "out.net = await new Promise((r) => { const s = net.connect(443, '93.184.215.14'); s.on('connect', () => r('connected')); s.on('error', (e) => r(e.code)); });",
      "out.dns = await lookup('example.com').then(() => 'resolved', (e) => e.code);",
      "out.dnsCb = await new Promise((r) => dns.lookup('example.org', (e) => r(e ? e.code : 'resolved')));",
      `out.loopback = await new Promise((r) => { const s = net.connect(${port}, '127.0.0.1'); s.on('data', (d) => { r(String(d)); s.end(); }); s.on('error', (e) => r(e.code)); });`,
      'console.log(JSON.stringify(out));',
    ].join('\n');
    const child = spawn(node, ['--input-type=module', '-e', script], {
      env: { PATH: process.env.PATH ?? '', NODE_OPTIONS: `--import=${pathToFileURL(defaultGuardScript(path.join(REPO, 'src', 'core', 'capture'))).href}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    server.close();
    assert.equal(code, 0, err);
    const got = JSON.parse(out) as Record<string, string>;
    assert.deepEqual(got, { fetch: 'ECONNREFUSED', net: 'ECONNREFUSED', dns: 'ECONNREFUSED', dnsCb: 'ECONNREFUSED', loopback: 'hi' });
    assert.match(err, /\[tsi-capture-guard\] refused connect 93\.184\.215\.14:443/);
    assert.match(err, /\[tsi-capture-guard\] refused dns\.promises\.lookup example\.com/);
  });
});
