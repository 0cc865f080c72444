import * as assert from 'node:assert/strict';
import { loopbackPorts, relayUnavailable } from '../../../src/core/capture/loopbackRelay';

describe('capture loopback relay: which ports a turn with its own network may reach', () => {
  it('relays the provider and each loopback MCP server URL of the turn config, nothing off loopback', () => {
    const config = {
      mcp: {
        servers: {
          local: { url: 'http://127.0.0.1:7001/mcp' },
          named: { url: 'http://localhost:7002/sse' },
          v6: { url: 'http://[::1]:7003/mcp' },
          tls: { url: 'https://localhost/mcp' },
          remote: { url: 'https://mcp.example.com:7004/mcp' },
          lan: { url: 'http://192.168.1.9:7005/mcp' },
          stdio: { command: 'node', args: ['server.js'] },
          broken: { url: 'not a url' },
        },
      },
    };
    assert.deepEqual(loopbackPorts('http://127.0.0.1:41234/v1', config), [443, 7001, 7002, 7003, 41234]);
    assert.deepEqual(loopbackPorts('http://127.0.0.1:41234/v1', { mcp: { servers: null } }), [41234]);
    assert.deepEqual(loopbackPorts('http://127.0.0.1:41234/v1', 'not an object'), [41234]);
  });

  it('says why a scratch folder too deep for a Unix socket cannot relay (the turn then keeps the host network)', () => {
    assert.equal(relayUnavailable('/tmp/tsi-capture-code-abc/net', [41234]), undefined);
    assert.match(relayUnavailable(`/tmp/${'x'.repeat(120)}/net`, [41234]) ?? '', /too long for a Unix socket .*TMPDIR/);
  });
});
