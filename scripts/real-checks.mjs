#!/usr/bin/env node
// The closing count of a test run's real checks, from its ledger
// (TSI_CHECK_LEDGER: src/core/capture/captureStore.ts writes a line per real
// OpenClaw turn and per replay from the capture store, test/helpers/realChecks.ts
// one per passing test that judged a real request, with its assertion count).
//
//   node scripts/real-checks.mjs LEDGER [--json]
// One line: real turns, replays, real-request assertions and tests. A change
// that drops real checks shows up as a smaller number here.
import * as fs from 'node:fs';

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/real-checks.mjs LEDGER [--json]');
  process.exit(2);
}
let text = '';
try {
  text = fs.readFileSync(file, 'utf8');
} catch {
  // no real check ran
}
const lines = text
  .split('\n')
  .filter((l) => l.trim() !== '')
  .flatMap((l) => {
    try {
      return [JSON.parse(l)];
    } catch {
      return [];
    }
  });
const turns = lines.filter((l) => l.kind === 'turn');
const replays = lines.filter((l) => l.kind === 'replay');
const judged = lines.filter((l) => l.kind === 'assertions');
const summary = {
  realTurns: turns.length,
  distinctStoredKeys: new Set(turns.filter((l) => l.key).map((l) => l.key)).size,
  unstoredTurns: turns.filter((l) => !l.key).length,
  replays: replays.length,
  realRequestAssertions: judged.reduce((n, l) => n + (Number(l.count) || 0), 0),
  realRequestTests: judged.length,
  failedTurns: turns.filter((l) => l.outcome !== 'ok').length,
};
if (rest.includes('--json')) {
  console.log(JSON.stringify(summary));
} else {
  console.log(
    `real checks: ${summary.realTurns} real OpenClaw turns (${summary.failedTurns} not ok, ${summary.unstoredTurns} outside the store), ${summary.replays} served from the capture store; ${summary.realRequestAssertions} real-request assertions in ${summary.realRequestTests} tests`,
  );
}
