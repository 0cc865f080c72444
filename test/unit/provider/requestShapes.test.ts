import * as assert from 'node:assert/strict';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { payloadBytes, payloadTokens, serializeRequest } from '../../../src/core/provider/payloadSize';
import { chatCompletionsBody, DEFAULT_PROVIDER_API, providerRequest, responsesBody } from '../../../src/core/provider/requestShapes';

const tool = { name: 'créer_ticket', description: 'Crée un ticket — avec des accents ✓', parameters: { type: 'object', properties: { titre: { type: 'string' } }, required: ['titre'] } };
const turn = { systemPrompt: 'Be brief.', userPrompt: 'Ouvre un ticket « urgent »', tools: [tool] };

describe('provider request bodies', () => {
  it('defaults to the Chat Completions shape every OpenAI-compatible server accepts', () => {
    assert.equal(DEFAULT_PROVIDER_API, 'chat');
    const b = chatCompletionsBody(turn);
    assert.deepEqual(b.messages, [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Ouvre un ticket « urgent »' },
    ]);
    assert.deepEqual(b.tools, [{ type: 'function', function: tool }]);
    assert.equal(b.tool_choice, 'auto');
  });

  it('has the Responses shape: instructions, input, flat function tools', () => {
    const b = responsesBody(turn);
    assert.equal(b.instructions, 'Be brief.');
    assert.deepEqual(b.input, [{ role: 'user', content: 'Ouvre un ticket « urgent »' }]);
    assert.deepEqual(b.tools, [{ type: 'function', name: tool.name, description: tool.description, parameters: tool.parameters, strict: false }]);
  });

  it('omits tools and tool_choice when there are none', () => {
    const b = providerRequest('chat', { ...turn, tools: [] });
    assert.equal('tools' in b, false);
    assert.equal('tool_choice' in b, false);
    assert.equal(payloadBytes(b).tools, 2, 'an empty array serializes as []');
  });

  it('counts UTF-8 bytes of exactly what is serialized, including the total', () => {
    for (const api of ['chat', 'responses'] as const) {
      const b = providerRequest(api, turn);
      const bytes = payloadBytes(b);
      assert.equal(bytes.total, Buffer.byteLength(JSON.stringify(b), 'utf8'));
      assert.equal(serializeRequest(b).total(), JSON.stringify(b));
      assert.ok(bytes.tools > JSON.stringify(b.tools).length, 'multi-byte characters count as bytes, not characters');
    }
  });

  it('counts o200k_base tokens of the same serialized parts', () => {
    const b = chatCompletionsBody(turn);
    const t = payloadTokens(b);
    assert.equal(t.encoding, 'o200k_base');
    assert.equal(t.tools, countTokens(JSON.stringify(b.tools)));
    assert.equal(t.prompt, countTokens(JSON.stringify(b.messages)));
    assert.equal(t.total, countTokens(JSON.stringify(b)));
  });
});
