import * as assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { checkBudget, parseBudget } from '../../../src/core/snapshot/budget';
import { diffSnapshots } from '../../../src/core/snapshot/diff';
import { diffMarkdown } from '../../../src/core/snapshot/diffMarkdown';
import { schemaHashOf, serializeSnapshot, takeSnapshot, type CatalogSnapshot } from '../../../src/core/snapshot/snapshot';
import { parseSnapshot, SnapshotFileError } from '../../../src/core/snapshot/snapshotFile';
import { OpenWorkspace } from '../../../src/core/workspace';
import { DEMO } from '../gateway/fixtures';

async function demoSnapshot(openclawVersion?: string): Promise<CatalogSnapshot> {
  // The demo without its live MCP servers: plugins, client tools and policy are what this checks.
  const ws = new OpenWorkspace({ workspace: DEMO, noUserConfig: true, liveMcp: () => undefined, openclawVersion });
  try {
    return takeSnapshot({ catalog: await ws.buildCatalog(), ws });
  } finally {
    await ws.dispose();
  }
}

describe('catalog snapshots (core)', function () {
  this.timeout(30000);

  it('gives each excluded or direct-only tool a reason kind', async () => {
    // 2026.1.30's tables keep `message` direct-only (later versions catalog it).
    const snap = await demoSnapshot('2026.1.30');
    assert.equal(snap.openclaw.version, '2026.1.30');
    const kinds = Object.fromEntries(snap.tools.filter((t) => t.status !== 'cataloged').map((t) => [t.id, t.reasonKind]));
    assert.equal(kinds['openclaw:core:gateway'], 'policy');
    assert.equal(kinds['openclaw:legacy-crm:crm_lookup'], 'plugin-disabled');
    assert.equal(kinds['openclaw:notes:notes_summarize'], 'missing-definition');
    assert.equal(kinds['client:client:web_search'], 'client-conflict');
    assert.equal(kinds['openclaw:core:message'], 'direct-only');
    assert.ok(snap.tools.filter((t) => t.status === 'cataloged').every((t) => t.reasonKind === undefined && t.rule === undefined));
  });

  it('hashes schemas by content, not key order', () => {
    const a = schemaHashOf({ parameters: { type: 'object', properties: { q: { type: 'string' } } } });
    const b = schemaHashOf({ parameters: { properties: { q: { type: 'string' } }, type: 'object' } });
    const c = schemaHashOf({ parameters: { type: 'object', properties: { q: { type: 'number' } } } });
    assert.equal(a, b);
    assert.notEqual(a, c);
  });

  it('round-trips through its file and refuses other JSON', async () => {
    const snap = await demoSnapshot();
    const text = serializeSnapshot(snap);
    assert.equal(serializeSnapshot(parseSnapshot(text, 'x.json')), text);
    assert.throws(() => parseSnapshot('{"tools": []}', 'y.json'), (e: unknown) => e instanceof SnapshotFileError && /y\.json: not a catalog snapshot/.test(e.message));
    const broken = JSON.parse(text) as { modes: { direct: { bytes: unknown } } };
    broken.modes.direct.bytes = 'many';
    assert.throws(() => parseSnapshot(JSON.stringify(broken), 'z.json'), /z\.json: not a valid catalog snapshot version 1 at modes\.direct\.bytes/);
  });

  it('reports directory cuts, schema and description changes and context changes', async () => {
    const a = await demoSnapshot();
    const b = JSON.parse(serializeSnapshot(a)) as CatalogSnapshot;
    const dir = b.modes.directory.directory;
    assert.ok(dir, 'the demo lists a directory in directory mode');
    dir.shortened = [...dir.shortened, 'read'];
    dir.dropped = ['web_fetch'];
    dir.chars += 40;
    const edited = b.tools.find((t) => t.id === 'openclaw:core:read');
    assert.ok(edited);
    edited.schemaHash = '0000000000000000';
    edited.descriptionHash = '1111111111111111';
    b.settings.mode = 'tools';

    const d = diffSnapshots(a, b, { a: 'A', b: 'B' });
    assert.equal(d.same, false);
    const cut = d.modes.find((m) => m.mode === 'directory')?.directory;
    assert.deepEqual(cut?.shortenedAdded, ['read']);
    assert.deepEqual(cut?.droppedAdded, ['web_fetch']);
    assert.equal(cut?.chars.delta, 40);
    assert.deepEqual(d.schemaChanged, [{ id: 'openclaw:core:read', name: 'read' }]);
    assert.deepEqual(d.descriptionChanged, [{ id: 'openclaw:core:read', name: 'read' }]);
    assert.deepEqual(d.context, [{ key: 'settings.mode', a: a.settings.mode, b: 'tools' }]);
    const md = diffMarkdown(d);
    assert.match(md, /- Newly shortened: `read`/);
    assert.match(md, /- Newly dropped: `web_fetch`/);
    assert.match(md, /\| `settings\.mode` \| code \| tools \|/);

    assert.equal(diffSnapshots(a, a, { a: 'A', b: 'A' }).same, true);
  });

  it('keeps untrusted names from breaking the Markdown table', async () => {
    const a = await demoSnapshot();
    const b = JSON.parse(serializeSnapshot(a)) as CatalogSnapshot;
    b.tools.push({ id: 'client:client:x', name: 'x', source: 'client', sourceName: 'client', status: 'excluded', reasonKind: 'bad-shape', reason: 'bad | <img src=x>\nnext', schemaHash: 'a', descriptionHash: 'b' });
    const md = diffMarkdown(diffSnapshots(a, b, { a: 'A', b: 'B' }));
    assert.match(md, /\| `client:client:x` \| excluded \| bad \\\| &lt;img src=x&gt; next \|/);
  });

  it('renders hostile MCP tool names as text, with no live HTML or link, in a real Markdown renderer (issue 43)', async () => {
    const a = await demoSnapshot();
    const b = JSON.parse(serializeSnapshot(a)) as CatalogSnapshot;
    const names = ['tick`<img src=x onerror=alert(2)>', 'tick2`[click](http://127.0.0.1:9/a)', 'tick3``` <script>alert(3)</script>', 'pipe|`</td><a href="http://x">', 'bare www.example.com me@example.com'];
    for (const [i, name] of names.entries()) {
      b.tools.push({ id: `mcp:evil:${name}`, name: `evil__t${i}`, source: 'mcp', sourceName: 'evil', status: 'cataloged', schemaHash: `s${i}`, descriptionHash: `d${i}` });
      b.tools.push({ id: `mcp:evil:x${i}`, name, source: 'mcp', sourceName: 'evil', status: 'excluded', reasonKind: 'bad-shape', reason: name, schemaHash: `s${i}`, descriptionHash: `d${i}` });
    }
    const md = diffMarkdown(diffSnapshots(a, b, { a: 'A', b: 'B' }));
    const html = new MarkdownIt({ html: true, linkify: true }).render(md);
    // Only the renderer's own table and code tags: none from a name, and no tag with an attribute that acts.
    const tags = [...html.matchAll(/<\/?([a-z0-9]+)([^>]*)>/gi)];
    assert.deepEqual([...new Set(tags.map((t) => t[1]?.toLowerCase()))].filter((t) => !['h1', 'h2', 'h3', 'p', 'ul', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'code', 'strong', 'em'].includes(t ?? '')), []);
    assert.deepEqual(tags.filter((t) => /href|src|on[a-z]+=/i.test(t[2] ?? '')).map((t) => t[0]), []);
    // Each name is still there for the reader, as text.
    const text = html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    for (const name of names) {
      assert.ok(text.includes(`mcp:evil:${name}`), `the name ${name} is not readable in the rendered export`);
    }
  });
});

describe('catalog snapshots: Code Mode', function () {
  this.timeout(30000);

  it('records Code Mode where the release has it, diffs it, and budgets it (failing closed where a snapshot lacks it)', async () => {
    const snap = await demoSnapshot('2026.9.6');
    const cm = snap.modes['code-mode'];
    assert.ok(cm, '2026.9.6 has Code Mode');
    assert.equal(cm.effectiveMode, 'code-mode');
    assert.ok(cm.visibleTools.includes('exec') && cm.visibleTools.includes('wait'));
    assert.equal(parseSnapshot(serializeSnapshot(snap), 'snap.json').modes['code-mode']?.bytes.total, cm.bytes.total, 'it reads back');
    assert.ok(diffSnapshots(snap, snap, { a: 'a', b: 'b' }).modes.some((m) => m.mode === 'code-mode' && !m.changed));
    const budget = parseBudget('budget.json', `{\n  maxBytes: { "code-mode": ${cm.bytes.total - 1} },\n}`);
    const over = checkBudget(budget, snap);
    assert.equal(over.length, 1);
    assert.equal(over[0]?.line, 2);
    assert.match(over[0]?.message ?? '', /over the budget/);
    const old = await demoSnapshot('2026.6.10');
    assert.equal(old.modes['code-mode'], undefined, 'a release without Code Mode records none');
    assert.match(checkBudget(budget, old)[0]?.message ?? '', /records no Code Mode/);
  });
});
