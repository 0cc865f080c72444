// The prompt lines that depend on the run's tools: each segment's text is
// chosen by the run's tools (visible and deferred) from the generated
// combinations; nothing is composed here.
import * as assert from 'node:assert/strict';
import { applyPromptSegments, runToolsOf, segmentKey, type PromptCluster } from '../../../src/core/prompt/promptConditions';
import { promptDataFor } from '../../../src/core/prompt/promptVersions';

const CLUSTER: PromptCluster = {
  before: 'A',
  after: 'Z',
  segments: [
    { vars: ['exec', 'process'], base: 'wait: exec or process', lines: ['wait: exec or process', 'wait: exec', 'wait: process'], variants: { '11': [0], '10': [1], '01': [2], '00': [] } },
    { vars: ['visible:read'], base: 'skills', lines: ['skills'], variants: { '1': [0], '0': [] } },
  ],
};

describe('prompt conditions: a run\'s tools choose the tool-dependent prompt lines', () => {
  it('keys a segment by each variable, `visible:` by the tools sent, the rest by every tool of the run', () => {
    const tools = runToolsOf(['Read'], ['exec']);
    assert.equal(segmentKey({ vars: ['exec', 'process', 'read', 'visible:exec', 'visible:read'] }, tools), '10101');
  });

  it('puts each segment\'s text between its anchors, dropping lines that become empty', () => {
    const template = 'top\nA\nwait: exec or process\nskills\nZ\nend';
    assert.equal(applyPromptSegments(template, [CLUSTER], runToolsOf(['read', 'exec', 'process'], [])).system, template);
    assert.equal(applyPromptSegments(template, [CLUSTER], runToolsOf(['exec'], ['read'])).system, 'top\nA\nwait: exec\nZ\nend');
    assert.equal(applyPromptSegments(template, [CLUSTER], runToolsOf([], [])).system, 'top\nA\nZ\nend');
  });

  it('finds a cluster by one anchor when the other is missing, and reports a cluster it cannot find', () => {
    const oneSided: PromptCluster = { ...CLUSTER, after: null };
    assert.equal(applyPromptSegments('A\nwait: exec or process\nskills\nmemory', [oneSided], runToolsOf(['process'], [])).system, 'A\nwait: process\nmemory');
    const r = applyPromptSegments('something else', [CLUSTER], runToolsOf([], []));
    assert.equal(r.system, 'something else');
    assert.match(r.unmodelled.join('\n'), /exec, process, visible:read are not in the template/);
  });

  it('reports a combination the extractor did not render and keeps the template\'s text', () => {
    const partial: PromptCluster = { before: 'A', after: 'Z', segments: [{ vars: ['x'], base: 'x here', lines: ['x here'], variants: { '1': [0] } }] };
    const r = applyPromptSegments('A\nx here\nZ', [partial], runToolsOf([], []));
    assert.equal(r.system, 'A\nx here\nZ');
    assert.match(r.unmodelled[0] ?? '', /were not generated for this combination \(0\)/);
  });

  describe('2026.9.6\'s generated segments (OpenClaw\'s buildAgentSystemPrompt)', () => {
    const data = promptDataFor('2026.9.6');
    const template = data?.modes.direct?.system ?? '';
    const clusters = data?.conditions ?? [];
    const withTools = (visible: string[], available: string[] = []): string => applyPromptSegments(template, clusters, runToolsOf(visible, available)).system;
    const full = ['read', 'exec', 'process', 'gateway', 'openclaw', 'message', 'sessions_spawn', 'sessions_yield', 'subagents', 'sessions_list', 'sessions_search', 'sessions_send', 'automations', 'skill_workshop', 'dashboard', 'portal', 'session_status'];

    it('are generated, and the template run\'s tools give back the template', () => {
      assert.ok(clusters.length > 0);
      assert.equal(withTools(full), template);
    });

    it('exec: the update line for another host and the exec approval guidance only with exec', () => {
      const without = withTools(full.filter((n) => n !== 'exec'));
      assert.ok(template.includes('verify it is not this Gateway, then use exec/SSH'));
      assert.ok(!without.includes('verify it is not this Gateway, then use exec/SSH'));
      assert.ok(!without.includes('exec approval-pending'));
      assert.ok(without.includes('Long wait: no rapid poll. Use process(poll, timeout=<ms>).'));
    });

    it('openclaw and gateway: who to ask for config', () => {
      assert.ok(withTools(full).includes('ask `openclaw`'));
      const gatewayOnly = withTools(full.filter((n) => n !== 'openclaw'));
      assert.ok(!gatewayOnly.includes('ask `openclaw`'));
      assert.ok(gatewayOnly.includes('Config read: `gateway`'));
    });

    it('read: the skills section only when read is sent to the model (not when it is only deferred)', () => {
      assert.ok(withTools(full).includes('\n## Skills\n'));
      assert.ok(!withTools(full.filter((n) => n !== 'read'), ['read']).includes('\n## Skills\n'));
    });

    it('message: the message tool section only with message', () => {
      assert.ok(withTools(full).includes('### message tool'));
      assert.ok(!withTools(full.filter((n) => n !== 'message')).includes('### message tool'));
    });
  });
});
