// The internal-context message per run's tools (issue 40): generated from
// OpenClaw 2026.9.6's own buildRuntimeFactsContext, and for the sentinel run's
// tools (profile full: process and sessions_spawn, no image_generate) it is
// the message that real turn sent.
import * as assert from 'node:assert/strict';
import { promptDataFor } from '../../src/core/prompt/promptVersions';
import { memorySectionDataFor, runtimeContextContent, runtimeContextDataFor, withMemorySection } from '../../src/core/prompt/runtimeContext';

describe('runtimeContext: the internal-context message follows the run\'s tools', () => {
  const data = runtimeContextDataFor('2026.9.6');
  it('is generated for 2026.9.6 and reads process and sessions_spawn', () => {
    assert.ok(data);
    assert.ok(data.vars.includes('process') && data.vars.includes('sessions_spawn'), data.vars.join(','));
  });
  it('for the sentinel run\'s tools it is the message the real turn sent', () => {
    assert.ok(data);
    assert.deepEqual(runtimeContextContent(data, ['exec', 'process', 'sessions_spawn', 'read']), promptDataFor('2026.9.6')?.messages.context);
  });
  it('a run without process and sessions_spawn gets no message; with sessions_spawn only, the subagents section alone', () => {
    assert.ok(data);
    assert.equal(runtimeContextContent(data, ['read', 'exec']), null);
    const spawnOnly = JSON.stringify(runtimeContextContent(data, ['Sessions_Spawn']));
    assert.match(spawnOnly, /Active Subagents/);
    assert.doesNotMatch(spawnOnly, /Active exec sessions/);
  });
  it('a release it was not generated for has none', () => {
    assert.equal(runtimeContextDataFor('2026.5.12'), undefined);
  });
});

describe('runtimeContext: the memory section follows the run\'s memory and session tools', () => {
  const data = memorySectionDataFor('2026.9.6');
  const template = promptDataFor('2026.9.6')?.modes.direct?.system ?? '';
  it('the template holds the sentinel run\'s section, which is kept for the same tools', () => {
    assert.ok(data);
    assert.equal(withMemorySection(template, data, ['memory_search', 'memory_get', 'sessions_search', 'sessions_history']), template);
  });
  it('a run without memory tools gets no ## Memory Recall, and the next section follows directly', () => {
    assert.ok(data);
    const s = withMemorySection(template, data, ['read', 'exec', 'sessions_search']);
    assert.ok(s !== undefined && !s.includes('## Memory Recall'));
    assert.ok(s.includes('.\n## Workspace\n'), 'no blank line left behind');
  });
  it('memory_search without sessions_history gets the text memory-core writes for it', () => {
    assert.ok(data);
    const s = withMemorySection(template, data, ['memory_search']);
    assert.match(s ?? '', /## Memory Recall\n[^\n]*run memory_search\. /);
    assert.match(s ?? '', /Session hits are search snippets only/);
  });
});
