import * as assert from 'node:assert/strict';
import { codeModeGuestPlan, namespaceIdentifier } from '../../../src/core/bridge/codeModeGuest';
import { declaredSurface } from '../../../src/core/bridge/programKind';
import { generatedToolsFor } from '../../../src/core/sources/generatedTools';
import type { CatalogTool } from '../../../src/core/types';

const facts = generatedToolsFor('2026.9.6')?.codeMode;

function tool(t: Partial<CatalogTool> & Pick<CatalogTool, 'id' | 'name' | 'source'>): CatalogTool {
  return { sourceName: t.source === 'openclaw' ? 'core' : 'srv', description: `${t.name} does things`, status: 'cataloged', ...t } as CatalogTool;
}

describe('Code Mode guest: what a program sees of the catalog', () => {
  before(function () {
    if (!facts) {
      this.skip();
    }
  });

  it('names MCP namespace members as OpenClaw does: words in lower camel case, a fallback, never a reserved segment', () => {
    assert.equal(namespaceIdentifier('create_event', 'tool'), 'createEvent');
    assert.equal(namespaceIdentifier('List-Calendars', 'tool'), 'listCalendars');
    assert.equal(namespaceIdentifier('42 answers', 'tool'), 'Answers', 'leading digits go, the next word keeps its capital');
    assert.equal(namespaceIdentifier('___', 'tool'), 'tool');
    assert.equal(namespaceIdentifier('über', 'server'), 'ber');
  });

  it('gives each native handle its metadata in OpenClaw\'s key order, a label (its name when it has none) and client input as unknown', () => {
    const plan = codeModeGuestPlan(
      [
        tool({ id: 'openclaw:core:read', name: 'read', source: 'openclaw', label: 'Read', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } }),
        tool({ id: 'openclaw:fake:fake_one', name: 'fake_one', source: 'openclaw', sourceName: 'fake' }),
        tool({ id: 'client:app:pick', name: 'pick', source: 'client', sourceName: 'app', parameters: { type: 'object', properties: { x: { type: 'number' } } } }),
      ],
      facts!,
      facts!.runtime!,
    );
    const byName = new Map(plan.guest.all.map((m) => [m.toolName, m]));
    assert.deepEqual(Object.keys(byName.get('read') ?? {}), ['callableName', 'toolName', 'label', 'description', 'source', 'input']);
    assert.equal(byName.get('fake_one')?.label, 'fake_one');
    assert.equal(byName.get('pick')?.input, 'unknown');
    assert.equal(byName.get('pick')?.source, 'client');
    assert.equal(plan.byCallable.get('read')?.id, 'openclaw:core:read');
  });

  it('puts MCP tools under MCP.<server>.<tool> only, with the description cut at 512 UTF-16 units and no pair split', () => {
    const long = `${'a'.repeat(511)}😀tail`;
    const plan = codeModeGuestPlan(
      [
        tool({ id: 'mcp:calendar:create_event', name: 'calendar__create_event', rawName: 'create_event', source: 'mcp', sourceName: 'calendar', description: long }),
        tool({ id: 'mcp:calendar:list_events', name: 'calendar__list_events', rawName: 'list_events', source: 'mcp', sourceName: 'calendar' }),
      ],
      facts!,
      facts!.runtime!,
    );
    assert.deepEqual(plan.guest.all, [], 'MCP tools are no globals and not in catalog.all()');
    assert.deepEqual(plan.guest.mcp, { calendar: { serverName: 'calendar', tools: { createEvent: 'MCP.calendar.createEvent', listEvents: 'MCP.calendar.listEvents' } } });
    const meta = plan.metaById.get('mcp:calendar:create_event');
    assert.equal(meta?.description, 'a'.repeat(511), 'the cut falls before the surrogate pair');
    assert.deepEqual(Object.keys(meta ?? {}), ['callableName', 'toolName', 'description', 'source', 'apiPath']);
    assert.equal(meta?.apiPath, 'mcp/calendar.d.ts');
  });
});

describe('which surface a program file targets', () => {
  it('reads the file name, then a directive in the head, else leaves it to the run', () => {
    assert.equal(declaredSurface('/w/a.codemode.js', 'return 1'), 'code-mode');
    assert.equal(declaredSurface('/w/a.toolsearch.js', '// @openclaw-code-mode\n'), 'tool_search_code', 'the name wins');
    assert.equal(declaredSurface('/w/a.js', '// note\n// @openclaw-code-mode\nreturn 1'), 'code-mode');
    assert.equal(declaredSurface('/w/a.js', '// @openclaw-bridge\nreturn 1'), 'tool_search_code');
    assert.equal(declaredSurface(undefined, '// @openclaw-code-mode\n'), 'code-mode', 'code without a file (an --eval source)');
    assert.equal(declaredSurface('/w/a.ts', '// @openclaw-code-mode\n'), undefined, 'the directive is for JavaScript');
    assert.equal(declaredSurface('/w/a.js', `${' '.repeat(2100)}\n// @openclaw-code-mode`), undefined, 'only the head counts');
    assert.equal(declaredSurface('/w/a.js', 'return 1'), undefined);
  });
});
