#!/usr/bin/env node
// Records the session stores the session readers are tested on, from real
// OpenClaw turns: `capture --play` on the QA workspace in all four modes (the
// recording provider plays the scripted QA model, so each turn really searches,
// describes and calls fake_plugin_tool_17), and a Code Mode turn (`code-mode`,
// `tools.codeMode` on) whose model runs CODE_MODE_PROMPT's programs through
// `exec` and `wait`; then copies each turn's agent store
// (`agents/main/agent/openclaw-agent.sqlite`, in a state-folder layout) into
// test/fixtures/sessions/openclaw-<version>/<mode>/. Never hand-written: rerun
// this when OpenClaw's store format changes.
//
//   npm run build && node scripts/record-session-fixtures.mjs [--openclaw PACKAGE_DIR] [--only MODE]
//
// --only records one mode (`code-mode`, or one of the four) into the existing
// folder and leaves the other modes' stores as they are.
//
// With --openclaw, an installed release records instead of the pinned one
// (scripts/lib/openclawReleases.mjs installs them): releases before 2026.8
// keep JSONL transcripts (`agents/main/sessions/<id>.jsonl`, with a
// `.trajectory.jsonl` and `sessions.json` beside them), which are copied
// as they are (not the trajectories), with the same state-folder layout.
//
// OpenClaw writes absolute paths into its stores (the agent workspace, the
// config's plugin and MCP paths, its own command line). So that no path of the
// recording machine lands in the repo, everything runs from one fixed neutral
// folder: the fixtures are copied to NEUTRAL, OpenClaw is installed into a
// tooling cache there and the turns' scratch folders are made there.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureOpenclaw } from './lib/openclawTooling.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const NEUTRAL = '/tmp/tsi-session-fixture';
fs.rmSync(path.join(NEUTRAL, 'fixtures'), { recursive: true, force: true });
fs.rmSync(path.join(NEUTRAL, 'tmp'), { recursive: true, force: true });
for (const f of ['capture/qa-workspace', 'calendar']) {
  fs.cpSync(path.join(repo, 'test', 'fixtures', f), path.join(NEUTRAL, 'fixtures', f), { recursive: true });
}
fs.mkdirSync(path.join(NEUTRAL, 'tmp'), { recursive: true });
if (!fs.existsSync(path.join(NEUTRAL, 'node_modules'))) fs.symlinkSync(path.join(repo, 'node_modules'), path.join(NEUTRAL, 'node_modules'));
const env = { ...process.env, TSI_TOOLING_CACHE: path.join(NEUTRAL, 'tooling'), TMPDIR: path.join(NEUTRAL, 'tmp') };
ensureOpenclaw({ env });
const at = process.argv.indexOf('--openclaw');
const release = at > 0 ? path.resolve(process.argv[at + 1]) : undefined;
// --only code-mode (or a Tool Search mode) records that mode alone and keeps the others as they are.
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;
const workspace = path.join('fixtures', 'capture', 'qa-workspace');

/**
 * The Code Mode turn's prompt: the scripted model runs each fenced program
 * through `exec` in order (src/core/provider/mockProvider.ts), and resumes a
 * waiting one with `wait`. The first searches, describes and calls a plugin
 * tool; the second calls an MCP tool, yields, and calls the plugin tool again
 * after the resume; the third fails, so the store holds every result status.
 */
const CODE_MODE_PROMPT = [
  'Find the feature flag tool, run it with marker QA-17, book the review and confirm.',
  '',
  '```js',
  'const [tool] = await catalog.search("fake plugin tool 17", { limit: 1 });',
  'const schema = await tool.describe();',
  'text(`found ${tool.callableName} (${Object.keys(schema).length} fields described)`);',
  'return await tool({ marker: "QA-17" });',
  '```',
  '',
  '```js',
  'const event = await MCP.calendar.createEvent({ summary: "QA-17 review", start: "2026-09-07T10:00:00Z" });',
  'text(`booked ${event.structuredContent.id}`);',
  'await yield_control("booked; confirming QA-17 next");',
  'return await fake_plugin_tool_17({ marker: "QA-17" });',
  '```',
  '',
  '```js',
  'text("checking the flag");',
  'throw new Error("QA-17 flag not confirmed");',
  '```',
].join('\n');

function capture(mode, prompt) {
  const r = spawnSync(process.execPath, [path.join(repo, 'dist', 'cli.js'), 'capture', '--workspace', workspace, '--mode', mode, '--play', '--keep-scratch', '--json', ...(prompt ? ['--prompt', prompt] : []), ...(release ? ['--openclaw', release] : [])], {
    cwd: NEUTRAL,
    env,
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (r.status !== 0) {
    console.error(`capture --mode ${mode} exited with ${r.status ?? r.signal}`);
    process.exit(1);
  }
  return JSON.parse(r.stdout);
}

// Tool Search's four modes on the default prompt; Code Mode (releases that have it) on its programs.
const reports = [];
if (only !== 'code-mode') reports.push(capture(only ?? 'all'));
if ((only === undefined && !release) || only === 'code-mode') reports.push(capture('code-mode', CODE_MODE_PROMPT));
const version = reports[0].openclaw.version;
const out = path.join(repo, 'test', 'fixtures', 'sessions', `openclaw-${version}`);
const recordedFile = path.join(out, 'recorded.json');
const kept = only !== undefined && fs.existsSync(recordedFile) ? JSON.parse(fs.readFileSync(recordedFile, 'utf8')) : undefined;
if (only === undefined) fs.rmSync(out, { recursive: true, force: true });
const recorded = kept ?? { openclaw: version, prompt: reports[0].prompt, workspace: 'test/fixtures/capture/qa-workspace', recordedIn: NEUTRAL, modes: {} };
try {
  for (const report of reports) {
    for (const [mode, m] of Object.entries(report.modes)) {
      if (m.outcome !== 'ok' || !m.scratch) throw new Error(`${mode}: ${m.outcome}: ${m.error ?? ''}`);
      fs.rmSync(path.join(out, mode), { recursive: true, force: true });
      const agentDir = path.join(m.scratch.state, 'agents', 'main', 'agent');
      const store = path.join(agentDir, 'openclaw-agent.sqlite');
      const sessionsDir = path.join(m.scratch.state, 'agents', 'main', 'sessions');
      if (fs.existsSync(store)) {
        const wal = `${store}-wal`;
        if (fs.existsSync(wal) && fs.statSync(wal).size > 0) {
          throw new Error(`${mode}: the store's WAL is not checkpointed (${fs.statSync(wal).size} bytes); OpenClaw did not close it`);
        }
        const dest = path.join(out, mode, 'agents', 'main', 'agent');
        fs.mkdirSync(dest, { recursive: true });
        fs.copyFileSync(store, path.join(dest, 'openclaw-agent.sqlite'));
      } else if (fs.existsSync(sessionsDir)) {
        // An older release: its JSONL transcripts and session index, as written. Not its trajectories:
        // they list every bundled plugin's path in the installed package (a path of this machine).
        const dest = path.join(out, mode, 'agents', 'main', 'sessions');
        fs.mkdirSync(dest, { recursive: true });
        for (const f of fs.readdirSync(sessionsDir)) {
          if ((f.endsWith('.jsonl') && !f.endsWith('.trajectory.jsonl')) || f === 'sessions.json') fs.copyFileSync(path.join(sessionsDir, f), path.join(dest, f));
        }
      } else {
        throw new Error(`${mode}: neither ${path.relative(m.scratch.state, store)} nor ${path.relative(m.scratch.state, sessionsDir)} was written`);
      }
      const meta = m.reply?.meta?.agentMeta ?? {};
      recorded.modes[mode] = {
        bridgeCalls: meta.bridgeCalls ?? null,
        assistantTurns: meta.assistantTurns ?? null,
        requests: m.requests.length,
        ...(report.prompt !== recorded.prompt ? { prompt: report.prompt } : {}),
        ...(meta.codeModeEngaged !== undefined ? { codeModeEngaged: meta.codeModeEngaged } : {}),
      };
    }
  }
} finally {
  for (const report of reports) for (const m of Object.values(report.modes)) if (m.scratch) fs.rmSync(m.scratch.dir, { recursive: true, force: true });
}
fs.writeFileSync(recordedFile, `${JSON.stringify(recorded, null, 2)}\n`);
console.log(`recorded ${Object.keys(recorded.modes).join(', ')} into ${path.relative(repo, out)}`);
