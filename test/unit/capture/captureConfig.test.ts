// The config of a capture turn: the workspace's config, with only the
// provider, the model, the agent workspace, the mode and the update check
// overridden, and relative paths made absolute against the config's folder.
import * as assert from 'node:assert/strict';
import { CAPTURE_API_KEY, captureConfig, captureConfigOf, CaptureConfigError, captureRelease, isLoopbackUrl, modeUnavailable } from '../../../src/core/capture/captureConfig';
import { requestFacts } from '../../../src/core/capture/requestFacts';

/** The value at a path of a JSON value. */
function at(v: unknown, ...keys: (string | number)[]): unknown {
  return keys.reduce<unknown>((o, k) => (o !== null && typeof o === 'object' ? (o as Record<string | number, unknown>)[k] : undefined), v);
}

const BASE = { configDir: '/ws', baseUrl: 'http://127.0.0.1:4321/v1', agentWorkspace: '/scratch/agent' };

describe('capture: config of a turn', () => {
  it('keeps the workspace config and overrides only provider, model, workspace, mode and update check', () => {
    const config = {
      tools: { profile: 'coding', deny: ['exec'], toolSearch: { mode: 'tools', codeTimeoutMs: 5000, searchDefaultLimit: 4 } },
      models: { providers: { openai: { baseUrl: 'https://api.openai.com/v1' } } },
      agents: { defaults: { model: 'openai/gpt-5', sandbox: { mode: 'off' } }, list: [{ id: 'main', model: 'openai/gpt-5' }, { id: 'other', model: 'x/y' }] },
      update: { channel: 'beta' },
      skills: { x: 1 },
    };
    const before = JSON.stringify(config);
    const cfg = captureConfig({ ...BASE, config, mode: 'code', agent: 'main' });
    assert.equal(JSON.stringify(config), before, 'the input is not changed');
    assert.deepEqual(at(cfg, 'tools'), { profile: 'coding', deny: ['exec'], toolSearch: { codeTimeoutMs: 5000, searchDefaultLimit: 4, enabled: true, mode: 'code' } });
    assert.deepEqual(at(cfg, 'models', 'providers', 'openai'), { baseUrl: 'https://api.openai.com/v1' });
    assert.deepEqual(at(cfg, 'models', 'providers', 'tsi-capture'), {
      baseUrl: 'http://127.0.0.1:4321/v1',
      api: 'openai-completions',
      apiKey: CAPTURE_API_KEY,
      models: [{ id: 'capture-model', name: 'capture-model', contextWindow: 128000, maxTokens: 4096 }],
    });
    assert.deepEqual(at(cfg, 'agents', 'defaults'), { model: { primary: 'tsi-capture/capture-model' }, sandbox: { mode: 'off' }, workspace: '/scratch/agent' });
    // The run agent's own model and agent workspace are the capture's; the other agents keep theirs.
    assert.deepEqual(at(cfg, 'agents', 'list'), [{ id: 'main', model: { primary: 'tsi-capture/capture-model' }, workspace: '/scratch/agent' }, { id: 'other', model: 'x/y' }]);
    assert.deepEqual(at(cfg, 'update'), { channel: 'beta', checkOnStart: false });
    assert.deepEqual(at(cfg, 'skills'), { x: 1 });
  });

  it('turns Tool Search off for direct mode and names the provider and model when asked', () => {
    const cfg = captureConfig({ ...BASE, config: { tools: { toolSearch: true } }, mode: 'direct', providerId: 'openai', modelId: 'gpt-5-mini', contextWindow: 16000 });
    assert.equal(at(cfg, 'tools', 'toolSearch'), false);
    assert.equal(at(cfg, 'agents', 'defaults', 'model', 'primary'), 'openai/gpt-5-mini');
    assert.equal(at(cfg, 'models', 'providers', 'openai', 'models', 0, 'contextWindow'), 16000);
    const dir = captureConfig({ ...BASE, config: {}, mode: 'directory' });
    assert.deepEqual(at(dir, 'tools', 'toolSearch'), { enabled: true, mode: 'directory' });
  });

  it("keeps the workspace model's compat flags on the stand-in entry (Code Mode's auto tier decides the real run's surface)", () => {
    const config = {
      agents: { defaults: { model: { primary: 'own/m' } } },
      models: { providers: { own: { baseUrl: 'https://own.example/v1', models: [{ id: 'm', contextWindow: 64000, compat: { codeMode: 'preferred' } }] } } },
    };
    const cfg = captureConfig({ ...BASE, config, mode: 'tools' }) as { models: { providers: Record<string, { models: { compat?: unknown }[] }> } };
    assert.deepEqual(cfg.models.providers['tsi-capture']?.models[0]?.compat, { codeMode: 'preferred' });
    const plain = captureConfig({ ...BASE, config: { agents: { defaults: { model: 'own/m' } } }, mode: 'tools' }) as typeof cfg;
    assert.equal(plain.models.providers['tsi-capture']?.models[0]?.compat, undefined);
  });

  it('makes plugin load paths and stdio MCP working folders absolute against the config folder', () => {
    const cfg = captureConfig({
      ...BASE,
      mode: 'tools',
      config: {
        plugins: { load: { paths: ['./plugins/a', '/abs/b', '~/c'] } },
        mcp: { servers: { cal: { command: 'node', args: ['../cal.mjs'] }, rel: { command: 'x', cwd: 'sub' }, http: { url: 'http://127.0.0.1:1/mcp' } } },
      },
    });
    assert.deepEqual(at(cfg, 'plugins', 'load', 'paths'), ['/ws/plugins/a', '/abs/b', '~/c']);
    assert.deepEqual(at(cfg, 'mcp', 'servers', 'cal'), { command: 'node', args: ['../cal.mjs'], cwd: '/ws' });
    assert.equal(at(cfg, 'mcp', 'servers', 'rel', 'cwd'), '/ws/sub');
    assert.deepEqual(at(cfg, 'mcp', 'servers', 'http'), { url: 'http://127.0.0.1:1/mcp' });
  });

  it('leaves tools.toolSearch out for a release without Tool Search, as its modelled facts say, and only there', () => {
    // The QA workspace's shape: Tool Search configured, MCP servers, a plugin.
    const config = { tools: { profile: 'full', toolSearch: { mode: 'code' } }, mcp: { servers: { cal: { command: 'node' } } }, plugins: { load: { paths: ['./p'] } } };
    const old = captureConfigOf({ ...BASE, config, mode: 'direct', release: captureRelease('2026.4.1') });
    assert.equal(at(old.config, 'tools', 'toolSearch'), undefined);
    assert.equal(at(old.config, 'tools', 'profile'), 'full');
    assert.deepEqual(at(old.config, 'mcp', 'servers', 'cal'), { command: 'node', cwd: '/ws' }, '2026.4.1 knows mcp.servers');
    assert.deepEqual(old.omitted, ['tools.toolSearch']);
    assert.equal(at(old.config, 'update', 'checkOnStart'), false);
    // 2026.3.11's schema has no `mcp`: the release would refuse the config for it, so it is left out and said.
    const older = captureConfigOf({ ...BASE, config, mode: 'direct', release: captureRelease('2026.3.11') });
    assert.equal(at(older.config, 'mcp'), undefined);
    assert.deepEqual(older.omitted, ['tools.toolSearch', 'mcp']);
    // A release with Tool Search keeps everything of the workspace (a config it refuses is the finding there).
    const newer = captureConfigOf({ ...BASE, config: { ...config, bogus: 1 }, mode: 'direct', release: captureRelease('2026.6.10') });
    assert.equal(at(newer.config, 'tools', 'toolSearch'), false);
    assert.equal(at(newer.config, 'bogus'), 1);
    assert.deepEqual(newer.omitted, []);
  });

  it('captures only direct mode on a release without Tool Search', () => {
    assert.equal(captureRelease('2026.4.8').toolSearch, false);
    assert.equal(captureRelease('2026.1.30').toolSearch, false, "the seed's model has no toolSearch facts; its release has no Tool Search");
    assert.equal(captureRelease('2026.5.12').toolSearch, true);
    assert.equal(captureRelease('local-build').toolSearch, true, 'a version the product cannot place is not stripped');
    assert.equal(captureRelease('0.0.0-dev').toolSearch, true, 'nor one older than every modelled release (a local build)');
    assert.deepEqual(captureRelease('0.0.0-dev').rejected({ tools: { toolSearch: true }, bogus: 1 }), []);
    assert.equal(modeUnavailable('direct', captureRelease('2026.4.8')), undefined);
    assert.match(modeUnavailable('code', captureRelease('2026.4.8')) ?? '', /2026\.4\.8 has no Tool Search/);
    assert.equal(modeUnavailable('directory', captureRelease('2026.6.10')), undefined);
  });

  it('refuses a provider that is not on loopback', () => {
    for (const url of ['http://127.0.0.1:1/v1', 'http://localhost:8080/v1', 'http://[::1]:9/v1', 'http://127.10.0.3/v1']) {
      assert.ok(isLoopbackUrl(url), url);
    }
    for (const url of ['https://api.openai.com/v1', 'http://10.0.0.1/v1', 'http://127.0.0.1.evil.test/v1', 'file:///etc/passwd', 'not a url', 'http://0.0.0.0:1/v1']) {
      assert.ok(!isLoopbackUrl(url), url);
    }
    assert.throws(() => captureConfig({ ...BASE, baseUrl: 'https://api.openai.com/v1', config: {}, mode: 'code' }), CaptureConfigError);
  });
});

describe('capture: facts of a request', () => {
  it('reads tool names, system prompt characters and roles from a Chat Completions body', () => {
    const body = {
      model: 'capture-model',
      stream: true,
      messages: [
        { role: 'system', content: 'You are OpenClaw.' },
        { role: 'user', content: [{ type: 'text', text: 'hi' }] },
        { role: 'developer', content: [{ type: 'text', text: 'abc' }, { type: 'image_url' }] },
      ],
      tools: [{ type: 'function', function: { name: 'read' } }, { name: 'flat' }, 7],
    };
    const f = requestFacts({ seq: 3, atMs: 1, method: 'POST', path: '/v1/chat/completions', headers: [], bytes: 999, body });
    assert.deepEqual(f, {
      seq: 3,
      bytes: 999,
      model: 'capture-model',
      stream: true,
      toolNames: ['read', 'flat', '?'],
      toolsCount: 3,
      toolsBytes: Buffer.byteLength(JSON.stringify(body.tools)),
      systemPromptChars: 'You are OpenClaw.'.length + 3,
      messageCount: 3,
      roles: ['system', 'user', 'developer'],
    });
    assert.equal(requestFacts({ seq: 1, atMs: 0, method: 'POST', path: '/x', headers: [], bytes: 3, parseError: 'bad' }).toolsCount, 0);
  });
});
