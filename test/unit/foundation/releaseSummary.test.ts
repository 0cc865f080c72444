// scripts/lib/releaseSummary.mjs: what `npm run openclaw:release` says changed against the previous release.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { scratchDir } from '../../helpers/scratch';

const ROOT = path.join(__dirname, '..', '..', '..');

interface Lib {
  releaseSummary(repo: string, previous: string, version: string): string[];
  previousRelease(repo: string, version: string): string | undefined;
}

async function lib(): Promise<Lib> {
  return (await import(pathToFileURL(path.join(ROOT, 'scripts', 'lib', 'releaseSummary.mjs')).href)) as Lib;
}

describe('openclaw:release change summary (issue 42), read from the generated data', () => {
  it('names what 2026.9.6 changed against 2026.9.5: its new tool, changed texts, policy facts and config keys', async () => {
    const { releaseSummary, previousRelease } = await lib();
    assert.equal(previousRelease(ROOT, '2026.9.6'), '2026.9.5');
    const text = releaseSummary(ROOT, '2026.9.5', '2026.9.6').join('\n');
    assert.match(text, /new tools: theme\n/);
    assert.match(text, /removed tools: none/);
    assert.match(text, /changed descriptions: [^\n]*\bsessions_spawn\b/);
    assert.match(text, /Code Mode: exec, wait \(was exec, wait\)/);
    assert.match(text, /policy facts \(epoch 2026\.9\.5 -> 2026\.9\.6\): changed [^\n]*toolSearch\.whenUnset/);
    assert.match(text, /config schema keys: \+\d+ \([^)]*agents\.defaults\.decisionModel/);
  });

  it('a release that retires a Tool Search mode and renames a control says so', async () => {
    const { releaseSummary } = await lib();
    const repo = scratchDir('tsi-summary-');
    for (const f of ['src/core/sources/versions', 'src/core/policy/epochs', 'src/core/config/schema']) {
      fs.cpSync(path.join(ROOT, f), path.join(repo, f), { recursive: true });
    }
    const dir = path.join(repo, 'src/core/sources/versions');
    const base = JSON.parse(fs.readFileSync(path.join(dir, 'openclaw-2026.9.6.tools.json'), 'utf8')) as { openclawVersion: string; modes: Record<string, { controlToolsTemplate: string }> };
    base.openclawVersion = '2026.10.1';
    delete base.modes.code;
    for (const m of Object.values(base.modes)) {
      m.controlToolsTemplate = m.controlToolsTemplate.replace(/\btool_call\b/g, 'dispatch_action');
    }
    fs.writeFileSync(path.join(dir, 'openclaw-2026.10.1.tools.json'), JSON.stringify(base));
    const text = releaseSummary(repo, '2026.9.6', '2026.10.1').join('\n');
    assert.match(text, /Tool Search modes: tools, directory \(was code, tools, directory\)/);
    assert.match(text, /code: retired \(sent tool_search_code\)/);
    assert.match(text, /tools: control tools tool_search, tool_describe, tool_call -> tool_search, tool_describe, dispatch_action/);
  });
});
