import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { buildPreview } from '../../../src/core/modes/preview';
import { ToolIndex } from '../../../src/core/search/toolIndex';
import { OpenWorkspace } from '../../../src/core/workspace';
import { toolDetail } from '../../../src/extension/panels/catalogDetail';

const demo = path.resolve(__dirname, '..', '..', '..', 'examples', 'demo');

// The detail pane's figures come from core's own functions: these checks hold
// them to what describe returns and to what direct mode really sends.
describe('catalog workbench: tool detail from core', () => {
  let ws: OpenWorkspace;
  before(() => {
    ws = new OpenWorkspace({ workspace: demo, noUserConfig: true, snapshots: [{ name: 'github', path: path.join(demo, 'snapshots', 'github') }], trusted: false, liveMcp: () => undefined });
  });
  after(async () => {
    await ws.dispose();
  });

  it('shows exactly what describe returns and the bytes and tokens direct mode sends for the tool', async () => {
    const catalog = await ws.buildCatalog();
    const tool = catalog.get('mcp:github:create_issue');
    assert.ok(tool);
    const d = toolDetail({ catalog, policy: ws.policy, tool });
    assert.deepEqual(d.described, ToolIndex.fromCatalog(catalog).describe('mcp:github:create_issue'));
    assert.deepEqual(d.inputSchema, tool.parameters);
    assert.equal(d.modelVisible, true);
    const direct = buildPreview({ catalog, policy: ws.policy, mode: 'direct', perTool: true });
    const sent = direct.perTool?.find((t) => t.id === tool.id);
    assert.ok(sent, 'direct mode sends the tool');
    assert.equal(d.direct.bytes, sent.bytes);
    assert.equal(d.direct.tokens, sent.tokens);
    assert.equal(d.server?.name, 'github');
    assert.equal(d.server?.transport, 'snapshot');
    assert.equal(d.callBlocked, undefined, 'it can be tried: the gateway checks, the snapshot refuses');
    assert.match(d.callNote ?? '', /offline snapshot/);
  });

  it('says when OpenClaw cut the description the model reads (2,781 -> 1,203 characters)', async () => {
    const catalog = await ws.buildCatalog();
    const tool = catalog.get('mcp:github:create_issue');
    assert.ok(tool);
    assert.equal(toolDetail({ catalog, policy: ws.policy, tool }).descriptionCut, undefined);
    assert.deepEqual(toolDetail({ catalog, policy: ws.policy, tool: { ...tool, descriptionCut: { from: 2781, to: 1203 } } }).descriptionCut, { from: 2781, to: 1203 });
  });

  it('gives an excluded tool its reason, its decision chain with places, and says the model cannot see it', async () => {
    const catalog = await ws.buildCatalog();
    const tool = catalog.get('openclaw:core:gateway');
    assert.ok(tool);
    const d = toolDetail({ catalog, policy: ws.policy, tool, callsOff: 'untrusted' });
    assert.equal(d.modelVisible, false);
    assert.match(d.reason ?? '', /deny/);
    const deny = d.decisions.find((x) => x.effect === 'deny');
    assert.ok(deny?.location, 'the deny rule has its place');
    assert.match(deny.location.label, /openclaw\.json:\d+$/);
    assert.equal(d.callBlocked, 'untrusted');
    assert.match(d.suggestionNote, /session logs/);
  });
});
