// captureTurns' process handling, with a stand-in `openclaw` package whose
// command does what the prompt says (send a request, hang, leave a child
// behind, exit without a request): what reaches the child, what comes back,
// and that every process of a turn is gone after a timeout, a cancel or the
// turn's end. The real OpenClaw is test/oracle/capture.test.ts.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { captureTurns, type TurnEvent } from '../../../src/core/capture/capture';
import { takeTurnSlot } from '../../../src/core/capture/turnSlots';
import type { OpenClawLocation } from '../../../src/core/oracle/openclawLocation';
import { scratchDir } from '../../helpers/scratch';

const FAKE_OPENCLAW = `
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
const args = process.argv.slice(2);
const message = args[args.indexOf('--message') + 1];
const [what, pidFile] = message.split(' ');
const cfg = JSON.parse(readFileSync(process.env.OPENCLAW_CONFIG_PATH, 'utf8'));
const provider = Object.values(cfg.models.providers).find((p) => p.api === 'openai-completions');
const mode = cfg.tools.toolSearch === false ? 'direct' : cfg.tools.toolSearch.mode;
const linger = () => {
  const c = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: ['ignore', 'inherit', 'inherit'] });
  // Written whole or not at all: a cancel that lands between open and write
  // would leave an empty file, read back as pid 0 (the test's own group).
  writeFileSync(pidFile + '.part', String(c.pid));
  renameSync(pidFile + '.part', pidFile);
  c.unref();
};
if (what === 'hang') { linger(); setInterval(() => {}, 1000); }
else if (what === 'silent') { process.stdout.write('{"payloads":[]}'); }
else {
  // A child started before the request, as OpenClaw starts its MCP servers.
  if (what === 'linger') { linger(); }
  const body = { model: cfg.agents.defaults.model.primary, stream: true, messages: [{ role: 'system', content: 'sys' }, { role: 'user', content: message }],
    tools: [{ type: 'function', function: { name: mode + '_tool' } }], env: Object.keys(process.env).sort(), argv: args, compileCache: process.env.NODE_COMPILE_CACHE ?? null };
  const res = await fetch(provider.baseUrl + '/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ' + provider.apiKey }, body: JSON.stringify(body) });
  await res.text();
  if (what === 'leave') { linger(); }
  // A turn whose rest (session saving, memory indexing, MCP teardown) never ends.
  if (what === 'linger') { setInterval(() => {}, 1000); }
  process.stdout.write(JSON.stringify({ payloads: [{ text: 'ok' }], mode }));
}
`;

function fakeOpenClaw(): { location: OpenClawLocation; guard: string } {
  const dir = scratchDir('fake-openclaw');
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'openclaw', version: '0.0.0-fake', bin: { openclaw: 'openclaw.mjs' } }));
  fs.writeFileSync(path.join(dir, 'openclaw.mjs'), FAKE_OPENCLAW);
  // The real guard is TypeScript for Node 24; this test's Node may be older, and the guard has its own test.
  const guard = path.join(dir, 'guard.mjs');
  fs.writeFileSync(guard, '// no-op\n');
  return { location: { version: '0.0.0-fake', packageDir: dir, dist: dir, node: process.execPath, from: 'path' }, guard };
}

/** Running, and not a zombie waiting for a parent that may never reap it (pid 1 of a container). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return true;
  }
}

async function gone(pid: number): Promise<boolean> {
  assert.ok(Number.isInteger(pid) && pid > 0, `a child's pid, not ${pid}`);
  for (let i = 0; i < 40 && alive(pid); i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  return !alive(pid);
}

// The process handling below reads the pids the turn's children write: without the OS layer (whose PID namespace
// gives them pids of its own, and whose kernel ends them all with the turn), as on a host that has none.
describe('capture: turns (stand-in openclaw)', () => {
  it('passes no compile cache when told not to, and runs every mode at once by default', async () => {
    const { location, guard } = fakeOpenClaw();
    const report = await captureTurns({ location, guardScript: guard, compileCacheDir: false, config: {}, configDir: '/ws', modes: ['direct', 'code', 'tools', 'directory'], prompt: 'send', env: { PATH: process.env.PATH } });
    assert.ok(report.ok, JSON.stringify(report.modes, null, 2));
    assert.equal(report.concurrency, 4);
    const body = report.modes.tools?.requests[0]?.body as { env: string[]; compileCache: string | null };
    assert.equal(body.compileCache, null);
    assert.ok(!body.env.includes('NODE_COMPILE_CACHE'));
  });

  it('runs each mode with the scratch environment only and returns what each sent', async () => {
    const { location, guard } = fakeOpenClaw();
    const events: TurnEvent[] = [];
    const compileCache = path.join(scratchDir('compile-cache'), 'cache');
    const report = await captureTurns({
      location,
      guardScript: guard,
      compileCacheDir: compileCache,
      config: { tools: { deny: ['exec'] } },
      configDir: '/ws',
      modes: ['direct', 'code'],
      prompt: 'send',
      env: { PATH: process.env.PATH, OPENAI_API_KEY: 'sk-must-not-leak' },
      // The reply is only there when OpenClaw finishes the turn.
      wholeTurn: true,
      onTurn: (e) => events.push(e),
    });
    assert.ok(report.ok, JSON.stringify(report.modes, null, 2));
    assert.equal(report.concurrency, 2);
    assert.deepEqual(events.filter((e) => e.phase === 'start').map((e) => e.mode).sort(), ['code', 'direct']);
    for (const mode of ['direct', 'code'] as const) {
      const c = report.modes[mode];
      assert.ok(c && c.first, mode);
      assert.equal(c.outcome, 'ok');
      assert.deepEqual(c.first.toolNames, [`${mode}_tool`]);
      assert.equal(c.first.systemPromptChars, 3);
      assert.equal(c.first.model, 'tsi-capture/capture-model');
      assert.deepEqual(c.reply, { payloads: [{ text: 'ok' }], mode });
      const body = c.requests[0]?.body as { env: string[]; argv: string[]; compileCache: string | null };
      assert.deepEqual(body.env, ['CI', 'DO_NOT_TRACK', 'HOME', 'NODE_COMPILE_CACHE', 'NODE_OPTIONS', 'NO_COLOR', 'OPENCLAW_CONFIG_PATH', 'OPENCLAW_NO_RESPAWN', 'OPENCLAW_STATE_DIR', 'PATH', 'TMPDIR']);
      // One compile cache for every turn, outside the turn's scratch TMPDIR (which is removed).
      assert.equal(body.compileCache, compileCache);
      assert.ok(fs.statSync(compileCache).isDirectory());
      assert.deepEqual(body.argv, ['agent', '--local', '--agent', 'main', '--message', 'send', '--json']);
      assert.ok(c.requests[0]?.headers.some(([k, v]) => k.toLowerCase() === 'authorization' && v === 'Bearer tsi-capture-placeholder-key'));
    }
  });

  it('ends a turn once its first request is answered, and everything the turn started with it', async () => {
    const { location, guard } = fakeOpenClaw();
    const pidFile = path.join(scratchDir('capture-early'), 'pid');
    const report = await captureTurns({ location, guardScript: guard, compileCacheDir: false, config: {}, configDir: '/ws', modes: ['tools'], prompt: `linger ${pidFile}`, timeoutMs: 20_000, osLayer: false });
    const c = report.modes.tools;
    assert.equal(c?.outcome, 'ok', c?.error);
    assert.equal(c?.endedAfterRequest, true);
    assert.equal(c?.reply, undefined);
    assert.equal(c?.signal, 'SIGKILL');
    assert.deepEqual(c?.first?.toolNames, ['tools_tool']);
    assert.ok(c && c.wallMs < 15_000, `the turn ends at its request, not at the timeout (${c?.wallMs} ms)`);
    assert.ok(await gone(Number(fs.readFileSync(pidFile, 'utf8'))), 'the turn\'s child is killed with it');
    // Asked for the whole turn, the same turn runs until the timeout kills it.
    const whole = await captureTurns({ location, guardScript: guard, compileCacheDir: false, config: {}, configDir: '/ws', modes: ['tools'], prompt: `linger ${pidFile}`, timeoutMs: 1500, wholeTurn: true, osLayer: false });
    assert.equal(whole.modes.tools?.outcome, 'timeout');
    assert.equal(whole.modes.tools?.endedAfterRequest, undefined);
  });

  it('fails a turn that ends without sending a request', async () => {
    const { location, guard } = fakeOpenClaw();
    const report = await captureTurns({ location, guardScript: guard, compileCacheDir: false, config: {}, configDir: '/ws', modes: ['tools'], prompt: 'silent' });
    assert.equal(report.ok, false);
    assert.equal(report.modes.tools?.outcome, 'failed');
    assert.match(report.modes.tools?.error ?? '', /without sending a Chat Completions request/);
  });

  it('kills the whole turn at its timeout, and what it left behind after it ends', async () => {
    const { location, guard } = fakeOpenClaw();
    const pids = scratchDir('capture-pids');
    const hang = path.join(pids, 'hang');
    const report = await captureTurns({ location, guardScript: guard, compileCacheDir: false, config: {}, configDir: '/ws', modes: ['code'], prompt: `hang ${hang}`, timeoutMs: 1500, osLayer: false });
    assert.equal(report.modes.code?.outcome, 'timeout');
    assert.ok(await gone(Number(fs.readFileSync(hang, 'utf8'))), 'the hanging turn\'s child is killed');
    const leave = path.join(pids, 'leave');
    const left = await captureTurns({ location, guardScript: guard, compileCacheDir: false, config: {}, configDir: '/ws', modes: ['code'], prompt: `leave ${leave}`, timeoutMs: 20_000, wholeTurn: true, osLayer: false });
    assert.equal(left.modes.code?.outcome, 'ok', left.modes.code?.error);
    assert.ok(left.modes.code && left.modes.code.wallMs < 15_000, 'the turn ends when openclaw does, not at the timeout');
    assert.ok(await gone(Number(fs.readFileSync(leave, 'utf8'))), 'a child left behind is killed');
  });

  it('cancels: the running turn is killed and the next one never starts', async () => {
    const { location, guard } = fakeOpenClaw();
    const pidFile = path.join(scratchDir('capture-cancel'), 'pid');
    const abort = new AbortController();
    const report = await captureTurns({
      location,
      guardScript: guard,
      compileCacheDir: false,
      config: {},
      configDir: '/ws',
      modes: ['direct', 'tools'],
      concurrency: 1,
      prompt: `hang ${pidFile}`,
      osLayer: false,
      signal: abort.signal,
      onTurn: (e) => {
        if (e.phase === 'start') {
          const wait = setInterval(() => {
            if (fs.existsSync(pidFile)) {
              clearInterval(wait);
              abort.abort();
            }
          }, 20);
        }
      },
    });
    assert.equal(report.modes.direct?.outcome, 'cancelled');
    assert.equal(report.modes.tools?.outcome, 'cancelled');
    assert.equal(report.modes.tools?.wallMs, 0);
    assert.ok(await gone(Number(fs.readFileSync(pidFile, 'utf8'))));
  });

  it('waits for a turn slot beyond the bound, and counts its timeout from when the turn starts', async () => {
    const { location, guard } = fakeOpenClaw();
    const slots = { dir: scratchDir('capture-slots'), count: 1 };
    // Another process's turn holds the only slot for 2 s: longer than this capture's whole timeout.
    const other = await takeTurnSlot(slots, 60_000);
    const release = setTimeout(() => other?.release(), 2000);
    const phases: string[] = [];
    const report = await captureTurns({ location, guardScript: guard, compileCacheDir: false, config: {}, configDir: '/ws', modes: ['direct', 'code'], concurrency: 2, prompt: 'send', timeoutMs: 1500, osLayer: false, turnSlots: slots, env: { PATH: process.env.PATH }, onTurn: (e) => phases.push(`${e.mode} ${e.phase}`) });
    clearTimeout(release);
    // Each turn says it waits for a slot, then starts once it has one (what the Mode Preview and the CLI show).
    for (const mode of ['direct', 'code']) {
      assert.deepEqual(phases.filter((p) => p.startsWith(`${mode} `)), [`${mode} start`, `${mode} queued`, `${mode} start`, `${mode} end`], phases.join(', '));
    }
    assert.ok(report.ok, JSON.stringify(report.modes, null, 2));
    const [first = 0, second = 0] = (['direct', 'code'] as const).map((m) => report.modes[m]?.queuedMs ?? 0).sort((a, b) => a - b);
    const queued = [first, second];
    assert.ok(first >= 1500, `both turns waited for the other process's slot: ${queued.join(', ')} ms`);
    assert.ok(second > first, `then one after the other, never side by side: ${queued.join(', ')} ms`);
    assert.deepEqual(fs.readdirSync(slots.dir), ['queue'], 'every slot is released');
    assert.deepEqual(fs.readdirSync(path.join(slots.dir, 'queue')), [], 'and nobody is left in line');
  });
});
