import * as assert from 'node:assert/strict';
import { ArgumentChecker } from '../../../src/core/gateway/argumentCheck';
import type { JsonSchema } from '../../../src/core/types';

function deepArg(depth: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) {
    v = { n: v };
  }
  return v;
}

describe('argument check: fails closed, never blocks the host', () => {
  const checker = new ArgumentChecker({ timeoutMs: 500 });
  after(() => checker.dispose());

  const schema: JsonSchema = {
    type: 'object',
    required: ['mode'],
    properties: { mode: { type: 'string', enum: ['safe'] }, nested: { type: 'object' } },
  };

  it('passes fitting arguments and explains misfits', async () => {
    assert.deepEqual(await checker.check(schema, { mode: 'safe' }), {});
    assert.deepEqual(await checker.check(schema, {}), { problem: 'missing required property "mode"' });
    assert.match((await checker.check(schema, { mode: 'rm' })).problem ?? '', /mode: .*enum|mode: .*safe/);
    assert.deepEqual(await checker.check(undefined, { anything: 1 }), {});
  });

  it('refuses a violated enum even when another argument is nested 1,500 levels deep (used to throw and pass)', async () => {
    const v = await checker.check(schema, { mode: 'rm', nested: deepArg(1500) });
    assert.equal(v.failed, true);
    assert.match(v.problem ?? '', /nested deeper than 64 levels/);
  });

  it('refuses arguments over the input budget', async () => {
    const small = new ArgumentChecker({ maxArgChars: 100 });
    try {
      const v = await small.check(schema, { mode: 'safe', pad: 'x'.repeat(200) });
      assert.match(v.problem ?? '', /more than 100 characters of JSON/);
    } finally {
      small.dispose();
    }
  });

  for (const [label, bad, input] of [
    ['a backtracking pattern', { type: 'string', pattern: '^(a+)+$' }, `${'a'.repeat(48)}!`],
    ['format "url" on a 48-character argument', { type: 'string', format: 'url' }, `http://${'a'.repeat(40)}!`],
    ['a backtracking patternProperties key', { type: 'object', patternProperties: { '^(a|aa)+$': { type: 'string' } } }, undefined],
  ] as const) {
    it(`stops ${label} at the deadline while the host keeps running, then checks the next call`, async () => {
      const s: JsonSchema = { type: 'object', properties: { v: bad as JsonSchema } };
      const args = input === undefined ? { v: { [`${'a'.repeat(40)}b`]: 1 } } : { v: input };
      let ticks = 0;
      const tick = setInterval(() => ticks++, 10);
      const started = Date.now();
      const restarts = checker.restarts;
      try {
        const v = await checker.check(s, args);
        const ms = Date.now() - started;
        assert.equal(v.failed, true);
        assert.match(v.problem ?? '', /did not finish within 500 ms/);
        assert.ok(ms < 1500, `took ${ms} ms`);
        assert.ok(ticks >= 20, `the host event loop ran only ${ticks} ticks`);
        assert.equal(checker.restarts, restarts + 1);
      } finally {
        clearInterval(tick);
      }
      assert.deepEqual(await checker.check(schema, { mode: 'safe' }), {});
    });
  }

  it('refuses when the schema cannot be used (unresolvable $ref) instead of leaving it to the tool', async () => {
    const v = await checker.check({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }, { a: 1 });
    assert.equal(v.failed, true);
    assert.match(v.problem ?? '', /argument check failed|cannot be used/);
  });

  it('refuses a schema nested too deep to read', async () => {
    let s: JsonSchema = { type: 'string' };
    for (let i = 0; i < 5000; i++) {
      s = { type: 'object', properties: { a: s } };
    }
    const v = await checker.check(s, { a: 1 });
    assert.match(v.problem ?? '', /input schema cannot be used to check arguments: it is nested deeper than 64 levels/);
  });

  it('checks queued calls one after another, each with its own deadline', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => checker.check(schema, i % 2 === 0 ? { mode: 'safe' } : {})));
    assert.deepEqual(results.map((r) => r.problem === undefined), Array.from({ length: 20 }, (_, i) => i % 2 === 0));
  });

  it('a cancelled call leaves the queue at once and stops a running check, so an abandoned run holds up nobody', async () => {
    const slow: JsonSchema = { type: 'object', properties: { v: { type: 'string', pattern: '^(a+)+$' } } };
    const ac = new AbortController();
    const started = Date.now();
    const pending = Array.from({ length: 10 }, () => checker.check(slow, { v: `${'a'.repeat(48)}!` }, ac.signal));
    setTimeout(() => ac.abort(), 100);
    const verdicts = await Promise.all(pending);
    assert.ok(Date.now() - started < 400, `took ${Date.now() - started} ms`);
    assert.ok(verdicts.every((v) => /cancelled/.test(v.problem ?? '')), JSON.stringify(verdicts));
    assert.deepEqual(await checker.check(schema, { mode: 'safe' }), {});
  });
});
