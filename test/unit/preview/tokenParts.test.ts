import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { chatCompletionsBody, responsesBody, type TurnInput } from '../../../src/core/provider/requestShapes';
import { isCertainCut, sizeRequest, TokenCounter } from '../../../src/core/provider/tokenParts';
import type { ModelTool } from '../../../src/core/modes/toolSearchTools';

const asText = { disallowedSpecial: new Set<string>() };
const count = (s: string): number => countTokens(s, asText);

// Text that stresses piece boundaries: punctuation runs, spaces, marks, contractions, digits, non-Latin letters.
const piece = fc.constantFrom('a', 'Z', "'s", ' ', '  ', '"', '.', '}', '{', ',', ':', '\u0301', 'é', '日本', '7', '123', '\n', '/', '<|endoftext|>', '\u00a0', 'ß', 'Ω');
const text = fc.array(fc.oneof(piece, fc.string({ maxLength: 6 })), { maxLength: 24 }).map((xs) => xs.join(''));

const tool = fc.record({
  name: fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/),
  description: text,
  parameters: fc.dictionary(fc.oneof(fc.stringMatching(/^[a-z]{1,8}$/), text), fc.oneof(text.map((d) => ({ type: 'string', description: d })), fc.constant({ type: 'number' }), fc.constant({ type: 'boolean', default: false }))).map((props) => ({ type: 'object', properties: props })),
}) as fc.Arbitrary<ModelTool>;

const turn = fc.record({ systemPrompt: text, userPrompt: text, tools: fc.array(tool, { maxLength: 6 }) }) as fc.Arbitrary<TurnInput>;

describe('token counts of request parts', () => {
  it('cuts only where o200k starts a piece: counting the slices equals counting the whole text', () => {
    fc.assert(
      fc.property(turn, fc.boolean(), (t, chat) => {
        const body = chat ? chatCompletionsBody(t) : responsesBody(t);
        const whole = JSON.stringify(body);
        for (let i = 0; i < whole.length; i++) {
          if (isCertainCut(whole, i)) {
            assert.equal(count(whole.slice(0, i)) + count(whole.slice(i)), count(whole), `cut at ${i} of ${whole}`);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('reports the same bytes and tokens as counting each serialized part whole, and the split adds up', () => {
    fc.assert(
      fc.property(turn, fc.boolean(), (t, chat) => {
        const body = chat ? chatCompletionsBody(t) : responsesBody(t);
        const counter = new TokenCounter(8, 16);
        const s = sizeRequest(body, counter);
        const prompt = 'messages' in body ? body.messages : { instructions: body.instructions, input: body.input };
        assert.equal(s.tokens?.total, count(JSON.stringify(body)));
        assert.equal(s.tokens?.tools, count(JSON.stringify(body.tools ?? [])));
        assert.equal(s.tokens?.prompt, count(JSON.stringify(prompt)));
        assert.equal(s.bytes.total, Buffer.byteLength(JSON.stringify(body), 'utf8'));
        const b = s.split.bytes;
        assert.equal(b.tools + b.system + b.messages + b.framing, s.bytes.total);
        const k = s.split.tokens;
        assert.ok(k);
        assert.equal(k.tools + k.system + k.messages + k.framing, s.tokens?.total);
      }),
      { numRuns: 150 },
    );
  });

  it('tokenizes an unchanged tools array once: a new prompt only costs the parts that changed', () => {
    const tools: ModelTool[] = Array.from({ length: 300 }, (_, i) => ({ name: `tool_${i}`, description: `Reads record ${i} from the store and returns it as JSON.`, parameters: { type: 'object', properties: { id: { type: 'string' } } } }));
    const counter = new TokenCounter();
    const first = sizeRequest(chatCompletionsBody({ systemPrompt: 'sys', userPrompt: 'one', tools }), counter);
    const before = counter.stats.tokenizedChars;
    const body = chatCompletionsBody({ systemPrompt: 'sys', userPrompt: 'a different prompt', tools });
    const second = sizeRequest(body, counter);
    const tokenized = counter.stats.tokenizedChars - before;
    assert.ok(counter.stats.hits >= 2, `cache hits ${counter.stats.hits}`);
    assert.ok(tokenized < JSON.stringify(body.tools).length / 10, `tokenized ${tokenized} characters again`);
    assert.equal(second.tokens?.tools, first.tokens?.tools);
    assert.equal(second.tokens?.total, count(JSON.stringify(body)));
  });
});
