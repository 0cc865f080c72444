// "Would it start?" beyond the core schema: what each release's config read
// checks and changes on its own (channel and plugin ids, the channel plugins'
// JSON schemas, retired keys moved away before validating), from the epochs'
// generated `read` facts (scripts/lib/openclawReadChecks.mjs). The release's
// own verdicts over the real configs are test/oracle/j-startup.test.ts.
import * as assert from 'node:assert/strict';
import { checkChannelSection, withDefaults } from '../../../src/core/config/channelSchemaCheck';
import { ConfigReader } from '../../../src/core/config/configReader';
import { SchemaChecker } from '../../../src/core/config/configSchema';
import { parseJson5 } from '../../../src/core/config/json5Document';
import { configSchemaFor, judgeStartup, reportStartupVerdict } from '../../../src/core/policy/startupCheck';
import { readRefusals } from '../../../src/core/policy/startupReadChecks';

const judge = (config: unknown, version: string) => judgeStartup(parseJson5('openclaw.json', JSON.stringify(config, null, 2)), version);
const paths = (v: ReturnType<typeof judge>) => v.rejected.map((r) => r.path);

describe('fidelity: would it start, what the release checks while reading', () => {
  it('each epoch from 2026.2.26 carries generated read facts, and only 2026.5.12 - 6.10 move plugins.installs away before validating', () => {
    for (const v of ['2026.2.26', '2026.4.8', '2026.6.10', '2026.8.1', '2026.9.6']) {
      const read = configSchemaFor(v).read;
      assert.ok(read, `${v} has read facts`);
      assert.ok(read.channelIds.includes('telegram'), `${v} knows telegram`);
      assert.ok(read.pluginIds.length > 10, `${v} finds its bundled plugins`);
    }
    assert.deepEqual(configSchemaFor('2026.6.10').read?.acceptedRetiredPaths, ['plugins.installs']);
    assert.ok(!configSchemaFor('2026.9.6').read?.acceptedRetiredPaths.includes('plugins.installs'));
  });

  it('2026.6.10 starts with plugins.installs (it moves the records out first); 2026.9.6 refuses it', () => {
    const config = { plugins: { installs: { feishu: { source: 'npm', spec: '@m1heng-clawd/feishu', version: '0.1.3' } } } };
    assert.deepEqual(paths(judge(config, '2026.6.10')), []);
    assert.ok(paths(judge(config, '2026.9.6')).includes('plugins.installs'));
  });

  // Measured by real 2026.9.6 turns (capture, 2026-12-02): a config with only agents.list runs with the
  // list's per-agent policy; with agents.entries beside it the run stops at `Unrecognized key: "list"`.
  it('2026.8.1 on move agents.list to agents.entries while reading, unless agents.entries is set (generated)', () => {
    for (const v of ['2026.8.1', '2026.9.2', '2026.9.5', '2026.9.6']) {
      const read = configSchemaFor(v).read;
      assert.ok(read?.acceptedRetiredPaths.includes('agents.list'), `${v} accepts agents.list while reading`);
      assert.deepEqual(read?.acceptedRetiredUnless?.['agents.list'], ['agents.entries'], `${v} refuses it beside agents.entries`);
    }
    const list = { agents: { list: [{ id: 'main', tools: { deny: ['read'] } }] } };
    assert.deepEqual(paths(judge(list, '2026.9.6')), []);
    const both = { agents: { entries: { main: { tools: { deny: ['exec'] } } }, list: [{ id: 'main' }] } };
    const verdict = judge(both, '2026.9.6');
    assert.deepEqual(paths(verdict), ['agents.list']);
    assert.match(verdict.rejected[0]?.reason ?? '', /beside agents\.entries/);
  });

  it('the config check says the release still reads agents.list alone, and refuses it beside agents.entries (an error at its line)', () => {
    const report = (config: unknown) => {
      const reader = new ConfigReader(parseJson5('openclaw.json', JSON.stringify(config, null, 2)));
      new SchemaChecker(configSchemaFor('2026.9.6')).check(reader);
      return reader.diagnostics.filter((d) => d.message.includes('agents.list'));
    };
    const alone = report({ agents: { list: [{ id: 'main' }] } });
    assert.equal(alone.length, 1);
    assert.equal(alone[0]?.severity, 'info');
    assert.match(alone[0]?.message ?? '', /still reads it/);
    const beside = report({ agents: { entries: { main: {} }, list: [{ id: 'main' }] } });
    assert.equal(beside.length, 1);
    assert.equal(beside[0]?.severity, 'error');
    assert.match(beside[0]?.message ?? '', /agents\.list beside agents\.entries: OpenClaw 2026\.9\.6 .* rejects this config/);
    assert.equal(beside[0]?.line, 6);
  });

  it('a channel no bundled plugin owns is refused, unless (6.10) the plugins section names it as a stale plugin', () => {
    const weixin = judge({ channels: { 'openclaw-weixin': { enabled: true } } }, '2026.2.26');
    assert.deepEqual(paths(weixin), ['channels.openclaw-weixin']);
    assert.equal(weixin.rejected[0]?.kind, 'unknown');
    assert.match(weixin.rejected[0]?.reason ?? '', /unknown channel id/);
    assert.ok(judge({ channels: { 'openclaw-weixin': {} } }, '2026.4.8').refuses);
    const stale = { channels: { dingtalk: {} }, plugins: { allow: ['dingtalk'] } };
    assert.deepEqual(configSchemaFor('2026.6.10').read?.unknownChannelExcusedBy.includes('plugins.allow'), true);
    assert.deepEqual(paths(judge(stale, '2026.6.10')), []);
    // 2.26 refuses both: the channel, and an allow list naming a plugin it does not find.
    assert.deepEqual(paths(judge(stale, '2026.2.26')).sort(), ['channels.dingtalk', 'plugins.allow[0]']);
  });

  it('2026.6.10 validates a channel section with its channel plugin schema, defaults filled in first', () => {
    assert.ok(configSchemaFor('2026.6.10').read?.channelSchemas.telegram, 'telegram ships its schema in 6.10');
    assert.deepEqual(paths(judge({ channels: { telegram: {} } }, '2026.6.10')), [], 'its required keys have defaults');
    const v = judge({ channels: { telegram: { streaming: 'partial' } } }, '2026.6.10');
    assert.deepEqual(paths(v), ['channels.telegram.streaming']);
    assert.equal(v.rejected[0]?.kind, 'value');
    assert.match(v.rejected[0]?.reason ?? '', /telegram channel plugin's schema/);
    // 4.1's telegram schema still takes a string there (as its own read does).
    assert.deepEqual(paths(judge({ channels: { telegram: { streaming: 'partial' } } }, '2026.4.1')), []);
  });

  it('a plain channel section a channel plugin owns is not a retired core key, though the core schema dropped it and a legacy rule names it', () => {
    assert.ok(configSchemaFor('2026.9.6').legacyPaths.some((p) => p.startsWith('channels.telegram.')));
    for (const v of ['2026.4.1', '2026.6.10', '2026.9.6']) {
      assert.deepEqual(paths(judge({ channels: { telegram: { enabled: true } } }, v)), [], v);
    }
  });

  it('a key the channel schema refuses is the doctor\'s where a legacy rule names it (`*` any account), else to edit by hand', () => {
    const read = {
      channelIds: ['telegram'],
      refusesUnknownChannel: true,
      unknownChannelExcusedBy: [],
      channelSchemas: { telegram: { type: 'object', additionalProperties: false, properties: { enabled: { type: 'boolean' }, accounts: { type: 'object', additionalProperties: { type: 'object', additionalProperties: false } } } } },
      pluginIds: [],
      unknownPluginRefusedIn: [],
      acceptedRetiredPaths: [],
    };
    const cfg = { channels: { telegram: { streamMode: 'partial', colour: 'red', accounts: { main: { streamMode: 'off' } } } } };
    const got = readRefusals(cfg, read, () => false, ['channels.telegram.streamMode', 'channels.telegram.accounts.*.streamMode']);
    assert.deepEqual(
      got.map((r) => [r.path.join('.'), r.legacy]).sort(),
      [
        ['channels.telegram.accounts.main.streamMode', true],
        ['channels.telegram.colour', false],
        ['channels.telegram.streamMode', true],
      ],
    );
    // A rule naming the whole section (9.6's `channels.discord`) makes what its schema refuses there the doctor's.
    assert.ok(readRefusals(cfg, read, () => false, ['channels.telegram']).every((r) => r.legacy));
    // A section whose keys the core's legacy rules already migrate is left to the doctor.
    assert.deepEqual(readRefusals(cfg, read, (id) => id === 'telegram', []), []);
  });

  it('the verdict stays one diagnostic at meta.lastTouchedVersion, naming the channel key to edit by hand with its line', () => {
    const text = JSON.stringify({ meta: { lastTouchedVersion: '2026.4.8' }, channels: { telegram: { streaming: 'partial' } } }, null, 2);
    const reader = new ConfigReader(parseJson5('openclaw.json', text));
    const v = reportStartupVerdict(reader, { version: '2026.6.10' }, '2026.4.8');
    assert.equal(v.refuses, true);
    const verdicts = reader.diagnostics.filter((d) => /would (refuse to )?start/.test(d.message));
    assert.equal(verdicts.length, 1);
    const line = text.split('\n').findIndex((l) => l.includes('"streaming"')) + 1;
    assert.match(verdicts[0]?.message ?? '', new RegExp(`to edit by hand: channels\\.telegram\\.streaming \\(line ${line}: its telegram channel plugin's schema: `));
  });
});

describe('fidelity: a channel section against its plugin schema (channelSchemaCheck)', () => {
  const schema = {
    type: 'object',
    additionalProperties: false,
    required: ['dmPolicy'],
    properties: {
      dmPolicy: { type: 'string', enum: ['open', 'pairing'], default: 'pairing' },
      mode: { type: 'string', default: 'polling' },
      accounts: { type: 'object', additionalProperties: { type: 'object', properties: { limit: { type: 'number', default: 5 } } } },
    },
  };
  // A default that switches on a conditional `required`.
  const conditional = {
    type: 'object',
    properties: { mode: { type: 'string', default: 'polling' }, pollMs: { type: 'number' } },
    if: { properties: { mode: { const: 'polling' } }, required: ['mode'] },
    then: { required: ['pollMs'] },
  };

  it('fills in defaults where the value has none, also in additional properties', () => {
    assert.deepEqual(withDefaults(schema, { accounts: { a: {} } }), { dmPolicy: 'pairing', mode: 'polling', accounts: { a: { limit: 5 } } });
    assert.deepEqual(withDefaults(schema, { dmPolicy: 'open' }), { dmPolicy: 'open', mode: 'polling' });
  });

  it('accepts what only a default makes fail (a conditional required it switches on); refuses an unknown key or a wrong value at its path', () => {
    assert.deepEqual(checkChannelSection(schema, {}), [], 'its required key has a default');
    assert.deepEqual(checkChannelSection(schema, { nope: 1 }), [{ at: ['nope'], key: true, message: 'not a key it allows' }]);
    assert.deepEqual(checkChannelSection(schema, { dmPolicy: 'closed' }).map((e) => e.at), [['dmPolicy']]);
    assert.deepEqual(checkChannelSection(conditional, {}), []);
    // Written out by the user, the conditional applies.
    assert.deepEqual(checkChannelSection(conditional, { mode: 'polling' }).map((e) => e.at), [[]]);
    assert.deepEqual(checkChannelSection(conditional, { mode: 'polling', pollMs: 100 }), []);
  });
});
