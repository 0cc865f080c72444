import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { controlToolsFor, generatedToolsFor, schemaFamilyOf } from '../../../src/core/sources/generatedTools';

// Issue 40: a Gemini-family model gets tool schemas cleaned by OpenClaw's
// transport (normalizeToolParameterSchema). Measured from the package: the
// rule that picks the family, and each release tool's schema under it, by
// the hash of its schema under the sentinel model (every variant its own).
describe('tool schemas a model family gets (generated schemaFamilies)', () => {
  const set = generatedToolsFor('2026.9.6');
  it('picks Gemini by the release\'s own rule: provider, model id or compat profile; never for an Anthropic provider', () => {
    assert.equal(schemaFamilyOf(set, 'openrouter', 'google/gemini-2.5-flash'), 'gemini');
    assert.equal(schemaFamilyOf(set, 'google', 'anything'), 'gemini');
    assert.equal(schemaFamilyOf(set, 'local', 'my-model', 'gemini'), 'gemini');
    assert.equal(schemaFamilyOf(set, 'openrouter', 'deepseek/deepseek-chat'), undefined);
    assert.equal(schemaFamilyOf(set, 'openrouter', 'geminism/x'), undefined, 'gemini must be a word of the id');
    assert.equal(schemaFamilyOf(set, 'anthropic-vertex-google', 'gemini-x'), undefined);
    assert.equal(schemaFamilyOf(generatedToolsFor('2026.9.5'), 'google', 'gemini-x'), undefined, 'not measured for 9.5');
  });

  it('each measured schema is keyed by its base, and the cleaned one has no keyword Gemini drops', () => {
    const read = set?.tools.find((t) => t.name === 'read');
    const base = createHash('sha256').update(JSON.stringify(read?.parameters)).digest('hex').slice(0, 16);
    const cleaned = set?.schemaFamilies?.gemini?.tools.read?.find((e) => e.base === base)?.parameters;
    assert.ok(cleaned, 'read\'s base schema has a measured Gemini schema');
    assert.doesNotMatch(JSON.stringify(cleaned), /"(minimum|const|pattern|additionalProperties)"/);
    assert.match(JSON.stringify(read?.parameters), /"minimum"/);
  });

  it('tools mode\'s control tools have their own Gemini template', () => {
    const limits = { searchDefaultLimit: 8, maxSearchLimit: 20, codeTimeoutMs: 10000 };
    assert.notDeepEqual(controlToolsFor(set!, 'tools', limits, 'gemini'), controlToolsFor(set!, 'tools', limits));
  });
});

describe('tool schemas a provider plugin rewrites (generated provider families)', () => {
  const set = generatedToolsFor('2026.9.6');
  it('Ollama and LM Studio share the llama.cpp GBNF family, picked by the provider id before Gemini\'s rule', () => {
    const family = schemaFamilyOf(set, 'ollama', 'qwen3:8b');
    assert.ok(family?.startsWith('provider:'), String(family));
    assert.equal(schemaFamilyOf(set, 'lmstudio', 'x'), family);
    assert.equal(schemaFamilyOf(set, 'Ollama', 'gemini-3'), family, 'the provider\'s own hook wins');
    const search = set?.tools.find((t) => t.name === 'sessions_search');
    const base = createHash('sha256').update(JSON.stringify(search?.parameters)).digest('hex').slice(0, 16);
    const cleaned = set?.schemaFamilies?.[family ?? '']?.tools.sessions_search?.find((e) => e.base === base)?.parameters;
    assert.ok(cleaned);
    assert.doesNotMatch(JSON.stringify(cleaned), /"maxLength":4096/);
    assert.match(JSON.stringify(search?.parameters), /"maxLength":4096/);
  });
});
