import * as assert from 'node:assert/strict';
import { modelAliasesOf, modelAliasLines } from '../../../src/core/prompt/modelAliases';
import { buildOpenClawRequest } from '../../../src/core/prompt/openclawRequest';
import { newestPromptData } from '../../../src/core/prompt/promptVersions';

// Issue 40: `## Model Aliases` lists the aliases of agents.defaults.models
// and the run agent's own models, as OpenClaw 2026.9.6 reads them; the
// section's text and place are generated (the templates' modelAliases edits).
describe('model aliases in the prompt', () => {
  const config = {
    agents: {
      defaults: { models: { 'openrouter/google/gemini-2.5-flash': { alias: 'flash' }, 'OpenRouter/deepseek/deepseek-chat': { alias: 'DeepSeek' }, 'openrouter/*': { alias: 'any' }, 'x/y': { params: {} }, 'x/z': { alias: '  ' } } },
      list: [{ id: 'writer', models: { 'anthropic/claude-x': { alias: 'flash' } } }, { id: 'other' }],
    },
  };

  it('reads defaults and the agent\'s own map, skips wildcards and empty aliases, the agent\'s wins, sorted with localeCompare', () => {
    assert.deepEqual(modelAliasesOf(config, 'other'), [
      { alias: 'DeepSeek', ref: 'openrouter/deepseek/deepseek-chat' },
      { alias: 'flash', ref: 'openrouter/google/gemini-2.5-flash' },
    ]);
    assert.deepEqual(modelAliasesOf(config, 'writer').map((a) => a.ref), ['openrouter/deepseek/deepseek-chat', 'anthropic/claude-x']);
    assert.equal(modelAliasLines(modelAliasesOf(config, 'other')), '- DeepSeek: openrouter/deepseek/deepseek-chat\n- flash: openrouter/google/gemini-2.5-flash');
    assert.deepEqual(modelAliasesOf({}, undefined), []);
  });

  it('the request has the section with the lines after the memory section, and none without aliases', () => {
    const data = newestPromptData();
    assert.ok(data);
    const input = {
      mode: 'direct' as const,
      tools: [{ name: 'memory_search', description: 'm', parameters: {} }],
      prompt: 'hi',
      provider: 'p',
      model: 'm',
      maxTokens: 10,
      workspace: { dir: '/w', fresh: true, files: data.bootstrapFiles },
      stateDir: '/s',
      openclawDir: '/o',
      timeZone: 'UTC',
    };
    const system = (r: ReturnType<typeof buildOpenClawRequest>): string => (r.body.messages as { content: string }[])[0]?.content ?? '';
    const withAliases = system(buildOpenClawRequest({ ...input, modelAliases: modelAliasesOf(config, 'other') }, data));
    assert.match(withAliases, /\n## Model Aliases\nModel override: [^\n]+\n- DeepSeek: openrouter\/deepseek\/deepseek-chat\n- flash: openrouter\/google\/gemini-2\.5-flash\n/);
    assert.ok(withAliases.indexOf('## Model Aliases') > withAliases.indexOf('## Memory Recall'));
    assert.doesNotMatch(system(buildOpenClawRequest(input, data)), /## Model Aliases/);
  });
});
