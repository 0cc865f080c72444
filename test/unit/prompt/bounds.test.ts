// OpenClaw's two context-window bounds on the request, as the inspector
// models them with the constants generated from the package: skill
// descriptions shortened to fit a fifth of the window, and
// max_completion_tokens lowered to what the window leaves.
import * as assert from 'node:assert/strict';
import { boundedMaxTokens, estimateInputTokens, isProxyLikeEndpoint } from '../../../src/core/prompt/maxTokens';
import { newestPromptData } from '../../../src/core/prompt/promptVersions';

const PROMPT_DATA = newestPromptData();
import { compactSkillsPrompt } from '../../../src/core/prompt/skillsCompaction';

// The newest release has both bounds (older ones may have neither: null).
function present<T>(v: T | null, what: string): T {
  if (v === null) {
    throw new Error(`the newest templates carry no ${what}`);
  }
  return v;
}
const C = present(PROMPT_DATA.skillsCompaction, 'skills compaction');
const B = present(PROMPT_DATA.maxTokensBound, 'max_completion_tokens bound');

function skills(n: number, description: string): string {
  const blocks = Array.from({ length: n }, (_, i) => `  <skill>\n    <name>s${i}</name>\n    <description>${description}</description>\n    <location>/x/s${i}/SKILL.md</location>\n  </skill>`);
  return `The following skills provide specialized instructions.\n\n<available_skills>\n${blocks.join('\n')}\n</available_skills>`;
}

describe('prompt: skills shortened for the context window', () => {
  it('leaves a prompt that fits a fifth of the window, and any prompt without a window', () => {
    const p = skills(3, 'short');
    assert.equal(compactSkillsPrompt(p, 100_000, C), p);
    assert.equal(compactSkillsPrompt(p, undefined, C), p);
  });

  it('cuts every description to the longest length that fits, with "...", never names or locations', () => {
    const long = 'word '.repeat(80).trim();
    const p = skills(10, long);
    const window = 12_000;
    const out = compactSkillsPrompt(p, window, C);
    assert.ok(out.length <= Math.floor(window / C.charsPerToken), `${out.length}`);
    const cut = /<description>([^<]*)<\/description>/.exec(out)?.[1] ?? '';
    assert.ok(cut.endsWith('...') && cut.length >= C.minDescription && cut.length <= C.maxDescription, cut);
    const names = [...out.matchAll(/<name>(s\d+)<\/name>/g)].map((m) => m[1]);
    assert.equal(names.length, 10);
    assert.equal([...out.matchAll(/<location>\/x\/s\d+\/SKILL\.md<\/location>/g)].length, 10);
  });

  it('keeps the shortest cut when even that does not fit', () => {
    const out = compactSkillsPrompt(skills(50, 'x'.repeat(300)), 1_000, C);
    const cut = /<description>([^<]*)<\/description>/.exec(out)?.[1] ?? '';
    assert.equal(cut.length, C.minDescription);
  });
});

describe('prompt: max_completion_tokens bound', () => {
  const body = { messages: [{ role: 'system', content: 'a'.repeat(4000) }, { role: 'user', content: [{ type: 'text', text: 'b'.repeat(400) }] }], tools: [{ type: 'function', function: { name: 't' } }] };

  it('estimates input tokens as OpenClaw: characters of messages and tools / 4, with its safety margin', () => {
    const chars = 4000 + 400 + JSON.stringify(body.tools).length;
    assert.equal(estimateInputTokens(body, B), Math.ceil((chars / 4) * B.safetyMargin));
    // CJK counts heavier.
    assert.ok(estimateInputTokens({ messages: [{ content: '漢字漢字' }] }, B) > estimateInputTokens({ messages: [{ content: 'abcd' }] }, B));
  });

  it('lowers maxTokens to what the window leaves, never under 1, only for a proxy-like endpoint', () => {
    const input = estimateInputTokens(body, B);
    assert.equal(boundedMaxTokens(4096, input + 101, body, B, true), 100);
    assert.equal(boundedMaxTokens(4096, input + 10_000, body, B, true), 4096);
    assert.equal(boundedMaxTokens(4096, 10, body, B, true), 1);
    assert.equal(boundedMaxTokens(4096, 10, body, B, false), 4096);
    assert.equal(boundedMaxTokens(4096, undefined, body, B, true), 4096);
    assert.equal(isProxyLikeEndpoint('http://127.0.0.1:9/v1'), true);
    assert.equal(isProxyLikeEndpoint('https://api.openai.com/v1'), false);
    assert.equal(isProxyLikeEndpoint(undefined), false);
  });
});
