import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { boundValue, boundedText, errorText, parseBoundedJson } from '../../../src/core/util/boundedValue';

function nested(depth: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) {
    v = i % 2 === 0 ? [v] : { k: v };
  }
  return v;
}

describe('boundValue: the host boundary for outside values', () => {
  it('copies any JSON value exactly, and counts its compact and pretty JSON length exactly', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (v) => {
        const b = boundValue(v);
        assert.ok(b.ok, b.ok ? '' : b.problem);
        assert.equal(JSON.stringify(b.value), JSON.stringify(v));
        assert.equal(b.jsonChars, JSON.stringify(v).length);
        assert.equal(b.prettyChars, JSON.stringify(v, null, 2).length);
      }),
      { numRuns: 300 },
    );
  });

  it('applies JSON.stringify conversions: toJSON, dropped undefined and functions, null in arrays, non-finite numbers', () => {
    const d = new Date(0);
    const b = boundValue({ d, u: undefined, f: () => 1, a: [undefined, () => 1, NaN, Infinity], n: -0 });
    assert.ok(b.ok);
    assert.equal(JSON.stringify(b.value), JSON.stringify({ d, u: undefined, f: () => 1, a: [undefined, () => 1, NaN, Infinity], n: -0 }));
  });

  it('refuses (never cuts) values over each limit, naming the limit', () => {
    const deep = boundValue(nested(65));
    assert.deepEqual(deep, { ok: false, problem: 'it is nested deeper than 64 levels' });
    assert.ok(boundValue(nested(64)).ok, '64 levels pass');
    assert.match((boundValue(nested(100_000)) as { problem: string }).problem, /nested deeper than 64/);
    assert.match((boundValue(new Array(200_000).fill(1)) as { problem: string }).problem, /more than 100000 values/);
    assert.match((boundValue('x'.repeat(1_000_001)) as { problem: string }).problem, /string of 1000001 characters/);
    assert.match((boundValue(['x'.repeat(600_000), 'y'.repeat(600_000)]) as { problem: string }).problem, /more than 1000000 characters of JSON/);
    assert.match((boundValue({ ['k'.repeat(20)]: 1 }, { maxStringChars: 10 }) as { problem: string }).problem, /key of 20 characters/);
  });

  it('refuses cycles and unreadable values, but copies shared references', () => {
    const o: Record<string, unknown> = {};
    o.self = o;
    assert.deepEqual(boundValue(o), { ok: false, problem: 'it is circular' });
    const shared = { x: 1 };
    const b = boundValue([shared, shared]);
    assert.ok(b.ok && JSON.stringify(b.value) === '[{"x":1},{"x":1}]');
    // A DAG that doubles at every level is stopped by the node count, not by memory.
    let dag: unknown = 1;
    for (let i = 0; i < 40; i++) {
      dag = [dag, dag];
    }
    assert.match((boundValue(dag) as { problem: string }).problem, /nested deeper|more than 100000 values/);
    const getter = Object.defineProperty({}, 'boom', { enumerable: true, get: () => { throw new Error('no'); } });
    assert.match((boundValue(getter) as { problem: string }).problem, /cannot be read \(no\)/);
    assert.match((boundValue(10n) as { problem: string }).problem, /bigint/);
    assert.match((boundValue(undefined) as { problem: string }).problem, /undefined/);
  });

  it('keeps "__proto__" as an own key instead of setting a prototype', () => {
    const b = boundValue(JSON.parse('{"__proto__":{"polluted":true}}'));
    assert.ok(b.ok);
    const v = b.value as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(v), Object.prototype);
    assert.equal((v as { polluted?: unknown }).polluted, undefined);
    assert.deepEqual(Object.keys(v), ['__proto__']);
  });

  it('parses JSON text with the length checked first', () => {
    assert.deepEqual(parseBoundedJson('x'.repeat(20), 'args', { maxJsonChars: 10 }), { ok: false, problem: 'args is 20 characters of JSON; the limit is 10' });
    assert.deepEqual(parseBoundedJson('{', 'args'), { ok: false, problem: 'args is not valid JSON' });
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    assert.deepEqual(parseBoundedJson(deep, 'args'), { ok: false, problem: 'args refused: it is nested deeper than 64 levels' });
  });
});

describe('errorText and boundedText', () => {
  it('caps a ten-megabyte message and a ten-megabyte name', () => {
    const e = new Error('m'.repeat(10_000_000));
    const t = errorText(e);
    assert.ok(t.length < 4_100, `${t.length}`);
    assert.match(t, /cut by the host: 10000000 characters, limit 4000/);
    const named = new Error('x');
    named.name = 'N'.repeat(10_000_000);
    assert.ok(errorText(named).length < 4_100);
  });

  it('never trusts getters or toString of what was thrown', () => {
    const hostile = Object.defineProperty({}, 'message', { get: () => { throw new Error('gotcha'); } });
    assert.equal(errorText(hostile), '{}');
    const proxy = new Proxy({}, { get: () => { throw new Error('trap'); }, ownKeys: () => { throw new Error('trap'); } });
    assert.equal(errorText(proxy), 'an unreadable object was thrown');
    assert.equal(errorText(new TypeError('bad')), 'TypeError: bad');
    assert.equal(errorText(42), '42');
    assert.equal(boundedText('abc', 5), 'abc');
  });
});
