import * as assert from 'node:assert/strict';
import { controlNamesByMode } from '../../../src/core/oracle/controlStubs';
import { NEWEST_OPENCLAW_VERSION } from '../../../src/core/policy/openclawVersions';
import { withNextRelease } from '../../helpers/nextRelease';

describe('the oracle child stubs the control tools the modelled release registers (issue 42)', () => {
  it('the newest shipped release: its own names per mode', () => {
    assert.deepEqual(controlNamesByMode(NEWEST_OPENCLAW_VERSION), { code: ['tool_search_code'], tools: ['tool_search', 'tool_describe', 'tool_call'], directory: ['tool_search', 'tool_describe', 'tool_call'] });
  });

  it('a next-release-shaped model: dispatch_action, and no code-mode control (it retires tool_search_code)', () => {
    const next = withNextRelease();
    try {
      const names = controlNamesByMode(next.version);
      assert.deepEqual(names.code, []);
      assert.deepEqual(names.tools, ['tool_search', 'tool_describe', 'dispatch_action']);
      assert.deepEqual(names.directory, ['tool_search', 'tool_describe', 'dispatch_action']);
    } finally {
      next.remove();
    }
  });

  it("a release without Tool Search of its own (the seed's 2026.1.30): the product's own controls", () => {
    assert.deepEqual(controlNamesByMode('2026.1.30').tools, ['tool_search', 'tool_describe', 'tool_call']);
    assert.deepEqual(controlNamesByMode(undefined).code, ['tool_search_code']);
  });
});
