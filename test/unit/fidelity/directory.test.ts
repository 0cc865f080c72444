import * as assert from 'node:assert/strict';
import { buildDirectory, directoryBound, DIRECTORY_HEADING, type DirectoryEntry, type DirectoryMode } from '../../../src/core/modes/directory';

// Directory mode as OpenClaw 2026.9.6 renders it. Each row cites the OpenClaw
// source file and symbol it follows; the expected texts are what OpenClaw's own
// `buildToolSchemaDirectoryPrompt` printed for the same entries (run with Node 24
// against the installed package), so a drift in either wording or bounds fails here.

const entry = (source: DirectoryEntry['source'], owner: string, name: string, description: string, extra: Partial<DirectoryEntry> = {}): DirectoryEntry => ({
  id: `${source}:${owner}:${name}`,
  source,
  owner,
  name,
  description,
  ...extra,
});

const MIXED: DirectoryEntry[] = [
  entry('openclaw', 'core', 'web_search', 'Search   the web\nfor pages.'),
  entry('openclaw', 'core', 'cron', ''),
  entry('openclaw', 'notes', 'notes_search', 'Search notes.'),
  entry('openclaw', 'core', 'read', 'Read a file', { directVisible: true }),
  entry('mcp', 'github', 'github__create_issue', 'Create an issue'),
  entry('openclaw', 'p1', 'dup', 'x'),
  entry('openclaw', 'p2', 'dup', 'y'),
  entry('openclaw', 'bad owner', 'odd', 'owner not identifier'),
];
const ROWS = '- cron (core): No description.\n- notes_search (notes): Search notes.\n- odd: owner not identifier\n- web_search (core): Search the web for pages.';
const NOTICE = 'Policy-approved MCP and client tools may also be discoverable through search.';
const OMITTED_GUIDANCE = 'Use tool_search to find a tool and its input signature; use tool_describe when a full schema is needed.';

const listing = (entries: DirectoryEntry[], mode: DirectoryMode = 'directory', max?: number): string => buildDirectory(entries, max, mode).text.slice(DIRECTORY_HEADING.length + 1);

interface Row {
  behaviour: string;
  openclaw: string;
  check: () => void;
}

const rows: Row[] = [
  {
    behaviour: 'nothing deferred reads "Available deferred-schema tools: none."',
    openclaw: 'tool-search-directory.ts formatToolSearchCatalogDirectory',
    check: () => {
      assert.equal(listing([]), 'Available deferred-schema tools: none.');
      assert.equal(listing([entry('openclaw', 'core', 'read', 'Read', { directVisible: true })]), 'Available deferred-schema tools: none.');
    },
  },
  {
    behaviour: 'the prompt section is "### Deferred Tool Schemas" then the listing',
    openclaw: 'system-prompt.ts (Deferred Tool Schemas section)',
    check: () => assert.ok(buildDirectory(MIXED).text.startsWith('### Deferred Tool Schemas\nAvailable deferred-schema tools:\n')),
  },
  {
    behaviour: 'only first-party rows, sorted by name then id; MCP tools, shared names and unsafe owners are not listed; empty description reads "No description."',
    openclaw: 'tool-search-directory.ts formatToolDirectoryEntry, formatToolDirectoryIdentifier',
    check: () =>
      assert.equal(listing(MIXED), `Available deferred-schema tools:\n${ROWS}\n\n${NOTICE}\n3 additional tools omitted. ${OMITTED_GUIDANCE} Call a unique deferred tool name directly, or use tool_call with its id and args.`),
  },
  {
    behaviour: 'an MCP-only deferred catalog lists no row and counts it as omitted',
    openclaw: 'tool-search-directory.ts formatToolSearchCatalogDirectory',
    check: () =>
      assert.equal(
        listing([entry('mcp', 'github', 'github__create_issue', 'Create an issue')]),
        `Available deferred-schema tools:\n\n${NOTICE}\n1 additional tools omitted. ${OMITTED_GUIDANCE} Call a unique deferred tool name directly, or use tool_call with its id and args.`,
      ),
  },
  {
    behaviour: 'tools-mode guidance says deferred names go through tool_call',
    openclaw: 'tool-search-directory.ts formatToolSearchCatalogDirectory (mode "tools")',
    check: () =>
      assert.equal(
        listing(MIXED, 'tools'),
        `Available deferred-schema tools:\n${ROWS}\n\n${NOTICE}\n3 additional tools omitted. ${OMITTED_GUIDANCE} Deferred names are not directly callable. Call tool_call with the result id or name in id and all tool parameters in args. Use this wrapper even when other guidance names a deferred tool directly.`,
      ),
  },
  {
    behaviour: 'code-mode guidance names the bridge',
    openclaw: 'tool-search-directory.ts formatToolSearchCatalogDirectory (mode "code")',
    check: () =>
      assert.equal(
        listing(MIXED, 'code'),
        `Available deferred-schema tools:\n${ROWS}\n\n${NOTICE}\n3 additional tools omitted. Use tool_search_code with openclaw.tools.search(query), openclaw.tools.describe(id), and openclaw.tools.call(id, args).`,
      ),
  },
  {
    behaviour: 'with nothing omitted the guidance is the short one and there is no count',
    openclaw: 'tool-search-directory.ts formatToolSearchCatalogDirectory',
    check: () =>
      assert.equal(
        listing([entry('openclaw', 'plug', 't000', 'Tool 0 word word')], 'directory', 768),
        `Available deferred-schema tools:\n- t000 (plug): Tool 0 word word\n\n${NOTICE}\nUse tool_search for a compact input signature or tool_describe for a full schema. Call a unique deferred tool name directly, or use tool_call with its id and args.`,
      ),
  },
  {
    behaviour: 'descriptions are cut to 180 then 64 then 0 characters with "...", before rows are dropped from the end',
    openclaw: 'tool-search-directory.ts formatToolSearchCatalogDirectory, compactDirectoryDescription',
    check: () => {
      const many = Array.from({ length: 60 }, (_, i) => entry('openclaw', 'plug', `t${String(i).padStart(3, '0')}`, `Tool ${i} ${'word '.repeat(60)}`));
      // OpenClaw's results for the same 60 tools: 7000 -> 64-character descriptions (5075 characters);
      // 5000 -> names only (1115); 900 -> 19 rows dropped (900).
      const at64 = buildDirectory(many, 7000);
      assert.equal(at64.descriptionLimit, 64);
      assert.ok(at64.text.includes('\n- t000 (plug): Tool 0 word word word word word word word word word word word...\n'));
      assert.equal(at64.chars - DIRECTORY_HEADING.length - 1, 5075);
      const at0 = buildDirectory(many, 5000);
      assert.equal(at0.descriptionLimit, 0);
      assert.ok(at0.text.includes('\n- t000 (plug)\n'));
      assert.equal(at0.chars - DIRECTORY_HEADING.length - 1, 1115);
      const dropped = buildDirectory(many, 900);
      assert.deepEqual([dropped.omitted, dropped.dropped.length], [19, 19]);
      assert.ok(dropped.text.includes(`19 additional tools omitted. ${OMITTED_GUIDANCE}`));
      assert.equal(dropped.chars - DIRECTORY_HEADING.length - 1, 900);
      assert.equal(dropped.dropped[0], `t${String(dropped.shown).padStart(3, '0')}`);
    },
  },
  {
    behaviour: 'the bound is 18,000 characters, or min(18000, max(768, contextTokens/10))',
    openclaw: 'tool-search-directory.ts MAX_TOOL_SCHEMA_DIRECTORY_PROMPT_CHARS, buildToolSchemaDirectoryPrompt',
    check: () => {
      assert.deepEqual([directoryBound(), directoryBound(1_000_000), directoryBound(32000), directoryBound(2000), directoryBound(0)], [18000, 18000, 3200, 768, 18000]);
    },
  },
  {
    behaviour: 'the preview names each MCP server whose tools are searchable but not listed, and why',
    openclaw: 'tool-search-directory.ts formatToolDirectoryEntry (entry.source !== "openclaw")',
    check: () => {
      const d = buildDirectory(MIXED);
      const mcp = d.unlisted.find((u) => u.source === 'mcp');
      assert.deepEqual([mcp?.owner, mcp?.count], ['github', 1]);
      assert.match(mcp?.reason ?? '', /untrusted.*never enter the system prompt.*search/);
    },
  },
];

describe('fidelity: directory mode (OpenClaw 2026.9.6)', () => {
  for (const r of rows) {
    it(`${r.behaviour} [${r.openclaw}]`, r.check);
  }
});
