import * as assert from 'node:assert/strict';
import { classify, formatDifference, type Difference } from '../../../src/core/oracle/differences';
import { openclawStep, ourStep } from '../../../src/core/oracle/diffPolicy';
import { formatVerifyReportMarkdown, type VerifyReport } from '../../../src/core/oracle/verify';

const undocumentedDiff: Difference = { suite: 'policy', subject: 'openclaw:core:read', field: 'allowed', ours: true, openclaw: false, detail: 'ours: allowed; openclaw: tools.profile (minimal)' };
const knownDiff: Difference = classify({ suite: 'compact', subject: 'mcp:gh:x|y', field: 'input', ours: '{ a: string }', openclaw: 'unknown', facts: { source: 'mcp' } });

function report(differences: Difference[]): VerifyReport {
  return {
    openclaw: { version: '2026.9.6', packageDir: '/cache/openclaw' },
    checked: { config: 1, policy: 1, compact: 1, directory: 1, lookups: 2 },
    policy: [{ id: 'openclaw:core:read', name: 'read', ours: { allowed: true }, openclaw: { allowed: false, name: 'read', blockedBy: 'tools.profile (minimal)', step: 'profile' } }],
    differences,
    undocumented: differences.filter((d) => d.known === undefined).length,
  };
}

describe('oracle: verify report', () => {
  it('lists undocumented differences first, with both answers, and escapes table cells', () => {
    const md = formatVerifyReportMarkdown(report([knownDiff, undocumentedDiff]), '/ws');
    assert.match(md, /\*\*1 undocumented difference\*\*, 1 documented/);
    const rows = md.split('\n').filter((l) => l.startsWith('| **undocumented**') || l.startsWith('| known:'));
    assert.deepEqual(rows.map((r) => r.split(' | ')[0]), ['| **undocumented**', '| known: input-hint-all-sources']);
    assert.ok(md.includes('mcp:gh:x\\|y'));
    assert.match(md, /\| openclaw:core:read \| allowed \| {2}\| blocked \| tools\.profile \(minimal\) \|/);
  });

  it('prints a difference as three lines: what, ours, OpenClaw', () => {
    assert.equal(formatDifference(undocumentedDiff), '[policy] openclaw:core:read · allowed (UNDOCUMENTED)\n  ours:     true\n  openclaw: false\n  ours: allowed; openclaw: tools.profile (minimal)');
  });

  it('maps blocking rules and OpenClaw step labels to the same steps', () => {
    assert.equal(openclawStep('tools.profile (coding)'), 'profile');
    assert.equal(openclawStep('agents.main.tools.allow'), 'agent');
    assert.equal(openclawStep('agents.main.tools.byProvider.allow'), 'agentProvider');
    assert.equal(openclawStep('sandbox tools.allow'), 'sandbox');
    // Our layers carry OpenClaw's step labels: the step is read from the layer, never from our rule text.
    assert.equal(ourStep({ layer: 'tools.profile (coding)', rule: 'not in profile "coding"', effect: 'deny' }), 'profile');
    assert.equal(ourStep({ layer: 'tools.byProvider.profile (minimal)', rule: 'not in profile "minimal"', effect: 'deny' }), 'providerProfile');
    assert.equal(ourStep({ layer: 'agents.main.tools.allow', rule: 'deny "exec"', effect: 'deny' }), 'agent');
    assert.equal(ourStep({ layer: 'agents.main.tools.byProvider.allow', rule: 'deny "exec"', effect: 'deny' }), 'agentProvider');
    assert.equal(ourStep({ layer: 'tools.byProvider.allow', rule: 'deny "exec"', effect: 'deny' }), 'globalProvider');
    assert.equal(ourStep({ layer: 'tools.sandbox.tools', rule: 'deny "exec"', effect: 'deny' }), 'sandbox');
    assert.equal(ourStep({ layer: 'tools.allow', rule: 'deny "exec"', effect: 'deny' }), 'global');
    assert.equal(ourStep({ layer: 'tools.allow', rule: 'not in profile "coding" (alsoAllow)', effect: 'deny' }), 'global');
    // A decision names the list that decided: a deny entry is `….deny`, never `….allow`.
    assert.equal(ourStep({ layer: 'tools.deny', rule: 'deny "exec"', effect: 'deny' }), 'global');
    assert.equal(ourStep({ layer: 'agents.main.tools.deny', rule: 'deny "exec"', effect: 'deny' }), 'agent');
    assert.equal(ourStep({ layer: 'agents.main.tools.byProvider.deny', rule: 'deny "exec"', effect: 'deny' }), 'agentProvider');
    assert.equal(ourStep({ layer: 'tools.byProvider.deny', rule: 'deny "exec"', effect: 'deny' }), 'globalProvider');
    assert.equal(ourStep({ layer: 'tools.sandbox.tools.deny', rule: 'deny "exec"', effect: 'deny' }), 'sandbox');
  });
});
