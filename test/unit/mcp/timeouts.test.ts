import * as assert from 'node:assert/strict';
import { parseOpenClawConfig } from '../../../src/core/config/openclawConfig';
import { discoverServers } from '../../../src/core/sources/mcp/discoverServers';

/**
 * OpenClaw 2026.9.6 reads `mcp.servers.<s>.timeout` / `connectTimeout` as
 * seconds: `migrateMcpServerTimeoutAliases` (legacy chunk) moves them to
 * `requestTimeoutMs` / `connectionTimeoutMs` times 1000 unless those are set;
 * the defaults are 60 s and 30 s (mcp-transport-config chunk). 2026.1.30 keeps
 * the product's milliseconds (not verified against that release).
 */
function servers(config: unknown, openclawVersion?: string) {
  const cfg = parseOpenClawConfig('/ws/openclaw.json', JSON.stringify(config, null, 2));
  const found = discoverServers({ workspace: '/nowhere-ws', openclaw: cfg.reader, env: {}, homeDir: '/nowhere-home', openclawVersion });
  // Keys are checked while servers are read: the reader's own diagnostics hold those warnings.
  return { list: found.servers, diagnostics: [...cfg.diagnostics, ...(cfg.reader?.diagnostics ?? []), ...found.diagnostics] };
}

describe('MCP timeouts (issue 27, cause 7)', () => {
  const config = { mcp: { servers: { a: { command: 'x', timeout: 10, connectTimeout: 5 }, b: { command: 'x' }, c: { command: 'x', timeout: 10, requestTimeoutMs: 1234, connectionTimeoutMs: 99 } } } };

  it('2026.9.6: timeout and connectTimeout are seconds; the ...Ms keys win; defaults 60 s and 30 s', () => {
    const { list } = servers(config, '2026.9.6');
    const by = (n: string) => list.find((s) => s.name === n);
    assert.equal(by('a')?.timeoutMs, 10_000);
    assert.equal(by('a')?.connectTimeoutMs, 5_000);
    assert.equal(by('b')?.timeoutMs, 60_000);
    assert.equal(by('b')?.connectTimeoutMs, 30_000);
    assert.equal(by('c')?.timeoutMs, 1234);
    assert.equal(by('c')?.connectTimeoutMs, 99);
  });

  it('2026.9.6: a non-positive seconds value is dropped for the default, with a warning', () => {
    const { list, diagnostics } = servers({ mcp: { servers: { a: { command: 'x', timeout: 0 } } } }, '2026.9.6');
    assert.equal(list[0]?.timeoutMs, 60_000);
    assert.ok(diagnostics.some((d) => /positive number of seconds/.test(d.message)));
  });

  it("2026.9.6's own keys and the connect_timeout alias are not called unknown", () => {
    const { diagnostics } = servers({ mcp: { servers: { a: { command: 'x', requestTimeoutMs: 5000, connectionTimeoutMs: 2000 }, b: { command: 'x', connect_timeout: 3 } } } }, '2026.9.6');
    const unknown = diagnostics.filter((d) => /unknown/i.test(d.message) && /requestTimeoutMs|connectionTimeoutMs|connect_timeout/.test(d.message));
    assert.deepEqual(unknown.map((d) => d.message), []);
  });

  it('2026.1.30 (and no version given) keeps milliseconds with the old defaults', () => {
    for (const v of ['2026.1.30', undefined]) {
      const { list } = servers(config, v);
      assert.equal(list.find((s) => s.name === 'a')?.timeoutMs, 10);
      assert.equal(list.find((s) => s.name === 'b')?.timeoutMs, 30_000);
    }
  });

  it("follows each release's generated doctor table, not a version constant: seconds where its doctor moves timeout x1000 (2026.9.5 too), milliseconds before any measured table", () => {
    assert.equal(servers(config, '2026.9.5').list.find((s) => s.name === 'a')?.timeoutMs, 10_000);
    assert.equal(servers(config, '2026.8.1').list.find((s) => s.name === 'a')?.timeoutMs, 10);
  });
});
