import * as assert from 'node:assert/strict';
import type { Explanation } from '../../../src/core/explain/explain';
import { formatExplanation } from '../../../src/extension/explain/formatExplanation';

const denied: Explanation = {
  query: 'exec',
  openclawVersion: 'OpenClaw 2026.9.6 (from meta.lastTouchedVersion)',
  matches: [{
    id: 'openclaw:core:exec',
    name: 'exec',
    source: 'openclaw',
    sourceName: 'core',
    status: 'excluded',
    reason: 'denied by tools.deny "exec" (openclaw.json:3)',
    reasonKind: 'policy',
    decisions: [
      { layer: 'tools', rule: 'deny "exec"', effect: 'deny', file: 'openclaw.json', line: 3 },
      { layer: 'agent', rule: 'a | b', effect: 'allow' },
    ],
    hint: 'remove "exec" from tools.deny (openclaw.json:3)',
    chain: [],
  }],
  suggestions: [],
  unavailableServers: [],
};

describe('explain document (Markdown)', () => {
  it('titles the query, names the modelled version, and gives status, source, why and fix for each match', () => {
    const md = formatExplanation(denied);
    const lines = md.split('\n');
    assert.equal(lines[0], '# Explain `exec`');
    assert.ok(lines.includes('Modelling OpenClaw 2026.9.6 (from meta.lastTouchedVersion).'));
    assert.ok(lines.includes('## `openclaw:core:exec`: excluded'));
    assert.ok(lines.includes('- Source: openclaw `core`'));
    assert.ok(lines.includes('- Why: denied by tools.deny "exec" (openclaw.json:3)'));
    assert.ok(lines.includes('- Fix: remove "exec" from tools.deny (openclaw.json:3)'));
  });

  it('lists the decisions as a table with file:line, escaping pipes so a rule cannot break the table', () => {
    const lines = formatExplanation(denied).split('\n');
    assert.ok(lines.includes('| Layer | Rule | Effect | Where |'));
    assert.ok(lines.includes('| tools | deny "exec" | deny | openclaw.json:3 |'));
    assert.ok(lines.includes('| agent | a \\| b | allow |  |'));
  });

  it('an unknown name gets suggestions and the failed servers; backticks in a query cannot end its code span', () => {
    const md = formatExplanation({
      query: 'git`hub',
      matches: [{ name: 'git`hub', status: 'unknown', reason: 'no source offers a tool named "git`hub"', decisions: [], chain: [] }],
      suggestions: ['github__create_issue'],
      unavailableServers: ['tracker'],
    });
    assert.match(md, /^# Explain `git'hub`$/m);
    assert.match(md, /^Did you mean: `github__create_issue`\?$/m);
    assert.match(md, /^Servers that failed \(their tools are missing\): `tracker`$/m);
    assert.doesNotMatch(md, /^- Fix:/m);
    assert.doesNotMatch(md, /^Modelling/m);
  });
});
