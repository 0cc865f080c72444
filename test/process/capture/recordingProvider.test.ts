// The recording provider a capture points OpenClaw at: it keeps what came in
// (raw headers, bytes, parsed body), answers every completion at once with
// one final message (streamed or not, as asked), and stays within its bounds.
import * as assert from 'node:assert/strict';
import { DEFAULT_CAPTURE_REPLY, RecordingProvider } from '../../../src/core/provider/recordingProvider';

async function post(url: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string; text: string }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

describe('capture: recording provider', () => {
  let provider: RecordingProvider;
  afterEach(async () => provider.close());

  it('keeps each request as received and answers a streamed completion with one final message', async () => {
    provider = new RecordingProvider();
    const base = await provider.start();
    assert.match(base, /^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const body = JSON.stringify({ model: 'capture-model', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hé' }] });
    const r = await post(`${base}/chat/completions`, body, { 'X-Custom-Header': 'Kept-As-Sent' });
    assert.equal(r.status, 200);
    assert.match(r.type, /text\/event-stream/);
    const events = r.text.split('\n\n').filter((e) => e.startsWith('data: ')).map((e) => e.slice(6));
    assert.equal(events.at(-1), '[DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e) as { choices: { delta?: { content?: string }; finish_reason?: string | null }[]; usage?: unknown });
    assert.equal(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join(''), DEFAULT_CAPTURE_REPLY);
    assert.ok(chunks.some((c) => c.choices[0]?.finish_reason === 'stop'));
    assert.ok(chunks.at(-1)?.usage, 'include_usage: a last chunk with usage');
    const [rec] = provider.requests;
    assert.ok(rec);
    assert.equal(rec.seq, 1);
    assert.equal(rec.method, 'POST');
    assert.equal(rec.path, '/v1/chat/completions');
    assert.equal(rec.bytes, Buffer.byteLength(body));
    assert.deepEqual(rec.body, JSON.parse(body));
    assert.ok(rec.headers.some(([k, v]) => k === 'X-Custom-Header' && v === 'Kept-As-Sent'), JSON.stringify(rec.headers));
  });

  it('answers a completion without stream as one JSON object, and records what is not JSON or not a completion', async () => {
    provider = new RecordingProvider({ reply: 'done' });
    const base = await provider.start();
    const r = await post(`${base}/chat/completions`, JSON.stringify({ model: 'm', messages: [] }));
    assert.equal(r.status, 200);
    const parsed = JSON.parse(r.text) as { object: string; choices: { message: { content: string }; finish_reason: string }[] };
    assert.equal(parsed.object, 'chat.completion');
    assert.equal(parsed.choices[0]?.message.content, 'done');
    assert.equal(parsed.choices[0]?.finish_reason, 'stop');
    assert.equal((await post(`${base}/chat/completions`, '{not json')).status, 400);
    assert.equal((await post(`${base}/responses`, '{}')).status, 404);
    assert.equal((await fetch(`${base}/models`)).status, 200);
    assert.deepEqual(provider.requests.map((q) => [q.seq, q.method, q.path, q.parseError !== undefined]), [
      [1, 'POST', '/v1/chat/completions', false],
      [2, 'POST', '/v1/chat/completions', true],
      [3, 'POST', '/v1/responses', false],
      [4, 'GET', '/v1/models', false],
    ]);
  });

  it('refuses and counts what is over its bounds, never storing it', async () => {
    provider = new RecordingProvider({ maxRequests: 2, maxBodyBytes: 1000 });
    const base = await provider.start();
    assert.equal((await post(`${base}/chat/completions`, JSON.stringify({ pad: 'x'.repeat(2000) }))).status, 413);
    assert.equal((await post(`${base}/chat/completions`, '{}')).status, 200);
    assert.equal((await post(`${base}/chat/completions`, '{}')).status, 200);
    assert.equal((await post(`${base}/chat/completions`, '{}')).status, 429);
    assert.equal(provider.requests.length, 2);
    assert.equal(provider.dropped, 2);
  });
});
