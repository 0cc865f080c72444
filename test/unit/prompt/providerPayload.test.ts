import * as assert from 'node:assert/strict';
import { providerPayloadOptions } from '../../../src/core/prompt/providerPayload';

// The Ollama plugin's options.num_ctx on its OpenAI-compatible route, as the
// releases' generated facts say (providerPayload.json); the real-config suite
// holds sandbox-ollama's envelope equal to real 2026.9.6 turns.
const config = (provider: string, entry: Record<string, unknown>, model: Record<string, unknown> = {}) => ({
  models: { providers: { [provider]: { api: 'openai-completions', models: [{ id: 'qwen3:8b', contextWindow: 32768, maxTokens: 8192, ...model }], ...entry } } },
});

describe('provider payload: what a provider plugin adds to the request', () => {
  it("an `ollama` provider on the OpenAI-compatible route gets num_ctx: params.num_ctx, else contextTokens (2026.8.1 on), contextWindow, maxTokens, 200000", () => {
    assert.deepEqual(providerPayloadOptions(config('ollama', { baseUrl: 'http://10.0.0.5:9000' }), 'ollama', 'qwen3:8b', '2026.9.6'), { num_ctx: 32768 });
    assert.deepEqual(providerPayloadOptions(config('ollama', {}, { params: { num_ctx: 4096.7 } }), 'ollama', 'qwen3:8b', '2026.9.6'), { num_ctx: 4096 });
    assert.deepEqual(providerPayloadOptions(config('ollama', {}, { contextTokens: 16000 }), 'ollama', 'qwen3:8b', '2026.9.6'), { num_ctx: 16000 });
    // 2026.7.35 reads no contextTokens; 2026.4.8 no params.num_ctx.
    assert.deepEqual(providerPayloadOptions(config('ollama', {}, { contextTokens: 16000 }), 'ollama', 'qwen3:8b', '2026.7.35'), { num_ctx: 32768 });
    assert.deepEqual(providerPayloadOptions(config('ollama', {}, { params: { num_ctx: 4096 } }), 'ollama', 'qwen3:8b', '2026.4.8'), { num_ctx: 32768 });
    assert.deepEqual(providerPayloadOptions(config('ollama', {}, { contextWindow: undefined, maxTokens: undefined }), 'ollama', 'qwen3:8b', '2026.9.6'), { num_ctx: 200000 });
  });

  it('another provider id on a loopback :11434 endpoint, or an Ollama-named one on :11434/v1, is Ollama too', () => {
    assert.deepEqual(providerPayloadOptions(config('local', { baseUrl: 'http://127.0.0.1:11434/v1' }), 'local', 'qwen3:8b', '2026.9.6'), { num_ctx: 32768 });
    assert.deepEqual(providerPayloadOptions(config('my-ollama', { baseUrl: 'http://gpu-box:11434/v1' }), 'my-ollama', 'qwen3:8b', '2026.9.6'), { num_ctx: 32768 });
    assert.equal(providerPayloadOptions(config('local', { baseUrl: 'http://gpu-box:11434/v1' }), 'local', 'qwen3:8b', '2026.9.6'), undefined);
  });

  it('nothing for the opt-out, another API, another provider, or a model the provider does not list', () => {
    assert.equal(providerPayloadOptions(config('ollama', { injectNumCtxForOpenAICompat: false }), 'ollama', 'qwen3:8b', '2026.9.6'), undefined);
    assert.equal(providerPayloadOptions(config('ollama', { api: 'ollama' }), 'ollama', 'qwen3:8b', '2026.9.6'), undefined);
    assert.equal(providerPayloadOptions(config('openrouter', { baseUrl: 'https://openrouter.ai/api/v1' }), 'openrouter', 'qwen3:8b', '2026.9.6'), undefined);
    assert.equal(providerPayloadOptions(config('ollama', {}), 'nope', 'qwen3:8b', '2026.9.6'), undefined);
    assert.equal(providerPayloadOptions({}, 'ollama', 'qwen3:8b', '2026.9.6'), undefined);
  });
});
