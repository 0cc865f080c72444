// The docs, the manifest and the CLI's help say what the code does: each is
// read here and held to the constants the code itself uses, so none of them
// can drift (issue 31: three places named a default the code no longer had).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCli } from '../../../src/cli/main';
import { SHARED_OPTION_USAGE, SHARED_OPTIONS } from '../../../src/cli/sharedOptions';
import { NEWEST_OPENCLAW_VERSION, OPENCLAW_MODELS, resolveModelledVersion } from '../../../src/core/policy/openclawVersions';
import { CLI_COMMANDS } from '../../../src/cli/commands/index';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const read = (rel: string): string => fs.readFileSync(path.join(ROOT, rel), 'utf8');

/** The first cells of the table under `## Shared inputs` in docs/cli.md: one row per flag or group of flags. */
function sharedInputRows(): { flags: string[]; meaning: string }[] {
  const text = read('docs/cli.md');
  const start = text.indexOf('## Shared inputs');
  assert.ok(start >= 0, 'docs/cli.md has a "Shared inputs" section');
  const section = text.slice(start, text.indexOf('\n## ', start + 1));
  const rows = section.split('\n').filter((l) => l.startsWith('| `'));
  return rows.map((row) => {
    // Cells are split on `|` that is not escaped as `\|`.
    const [first = '', ...rest] = row.slice(1).split(/(?<!\\)\|/);
    const flags = [...first.matchAll(/`([^`]+)`/g)].map((m) => (m[1] ?? '').replace(/\\\|/g, '|'));
    return { flags, meaning: rest.join('|') };
  });
}

async function helpText(): Promise<string> {
  let out = '';
  const code = await runCli(['--help'], { stdout: (t) => (out += `${t}\n`), stderr: () => undefined, cwd: ROOT, env: {} });
  assert.equal(code, 0);
  return out;
}

describe('docs, manifest and CLI help agree with the code', () => {
  it('every shared flag has one usage form, and the parser knows no other', () => {
    assert.deepEqual(Object.keys(SHARED_OPTION_USAGE).sort(), Object.keys(SHARED_OPTIONS).sort());
    for (const [name, usage] of Object.entries(SHARED_OPTION_USAGE)) {
      assert.ok(usage.startsWith(`--${name}`), `${name}: ${usage}`);
    }
  });

  it("docs/cli.md's shared inputs table lists exactly the shared flags, spelled as --help spells them", () => {
    const documented = sharedInputRows().flatMap((r) => r.flags).sort();
    const expected = Object.entries(SHARED_OPTION_USAGE)
      .filter(([name]) => name !== 'help') // docs/cli.md says what --help does above the table
      .map(([, usage]) => usage)
      .sort();
    assert.deepEqual(documented, expected);
  });

  it('--help lists every shared flag', async () => {
    const help = await helpText();
    const shared = help.slice(help.indexOf('Shared options:'));
    for (const usage of Object.values(SHARED_OPTION_USAGE)) {
      assert.ok(shared.includes(usage), `--help lacks ${usage}:\n${shared}`);
    }
  });

  it('the default modelled version is the newest, and docs/cli.md and the setting say so', () => {
    const chosen = resolveModelledVersion({});
    assert.equal(chosen.model.version, NEWEST_OPENCLAW_VERSION);
    assert.equal(chosen.source, 'default');
    const sentence = `else the newest (\`${NEWEST_OPENCLAW_VERSION}\`)`;

    const row = sharedInputRows().find((r) => r.flags.includes(SHARED_OPTION_USAGE['openclaw-version']));
    assert.ok(row, 'docs/cli.md documents --openclaw-version');
    assert.ok(row.meaning.includes(sentence), `docs/cli.md: ${row.meaning}`);

    const manifest = JSON.parse(read('package.json')) as { contributes: { configuration: { properties: Record<string, { markdownDescription?: string }> }[] | { properties: Record<string, { markdownDescription?: string }> } } };
    const sections = Array.isArray(manifest.contributes.configuration) ? manifest.contributes.configuration : [manifest.contributes.configuration];
    const setting = sections.map((s) => s.properties['toolSearchInspector.openclawVersion']).find((p) => p !== undefined);
    assert.ok(setting?.markdownDescription, 'package.json contributes toolSearchInspector.openclawVersion');
    assert.ok(setting.markdownDescription.includes(sentence), `package.json: ${setting.markdownDescription}`);
  });

  it('the manifest lists no onCommand activation event that VS Code implies (a contributed command, engines >= 1.74)', () => {
    const manifest = JSON.parse(read('package.json')) as { activationEvents: string[]; contributes: { commands: { command: string }[] } };
    const contributed = new Set(manifest.contributes.commands.map((c) => c.command));
    const implied = manifest.activationEvents.filter((e) => e.startsWith('onCommand:') && contributed.has(e.slice('onCommand:'.length)));
    assert.deepEqual(implied, []);
  });

  it("the README's tools.toolSearch paragraph says what each modelled version does when it is unset", () => {
    const readme = read('README.md');
    const at = readme.indexOf('`tools.toolSearch` is `true`, `false` or an object');
    assert.ok(at >= 0, 'README.md describes tools.toolSearch');
    const paragraph = readme.slice(at, readme.indexOf('\n\n', at)).replace(/\s+/g, ' ');
    assert.doesNotMatch(paragraph, /never enabled silently/);
    // The versions that turn it on are named; every one that does not is older than them all.
    const on = OPENCLAW_MODELS.filter((m) => m.toolSearchWhenUnset === 'tools');
    assert.ok(on.length > 0);
    const first = on[0]!;
    for (const m of on) {
      const said = `\`${m.version}\`${m.version === NEWEST_OPENCLAW_VERSION ? ' (the default)' : ''} turns Tool Search on in \`tools\` mode`;
      assert.ok(paragraph.includes(said), `README.md should say ${JSON.stringify(said)}:\n${paragraph}`);
    }
    const off = OPENCLAW_MODELS.filter((m) => m.toolSearchWhenUnset !== 'tools');
    assert.ok(off.every((m) => OPENCLAW_MODELS.indexOf(m) < OPENCLAW_MODELS.indexOf(first)), 'a release after the first that turns it on leaves it off again: the README must name it');
    if (off.length > 0) {
      assert.ok(paragraph.includes('earlier releases leave it off'), `README.md should say that earlier releases leave it off:\n${paragraph}`);
    }
  });

  describe('README.md, the page the Marketplace shows', () => {
    type Tables = {
      TABLES: Record<'settings' | 'commands', { begin: string; end: string }>;
      settingsTable(m: unknown): string;
      commandsTable(m: unknown): string;
      tableIn(readme: string, which: 'settings' | 'commands'): string | undefined;
    };
    // The generator is the script the README names (`node scripts/readme-tables.mjs`).
    const tables = (): Promise<Tables> => import(path.join(ROOT, 'scripts', 'lib', 'readmeTables.mjs')) as Promise<Tables>;
    const manifest = (): unknown => JSON.parse(read('package.json'));

    it('its first screen says what the product is and starts with the two Quick start commands, which are scripts of package.json', () => {
      const lines = read('README.md').split('\n');
      const firstScreen = lines.slice(0, 60).join('\n');
      assert.match(lines[0] ?? '', /^# Tool Search Inspector$/);
      const quick = firstScreen.indexOf('## Quick start');
      assert.ok(quick >= 0 && quick < 1200, 'the Quick start is near the top');
      const block = /```sh\n([^`]*)```/.exec(firstScreen.slice(quick))?.[1] ?? '';
      const commands = block.split('\n').filter((l) => l.trim() !== '').map((l) => l.replace(/\s+#.*$/, '').trim());
      assert.deepEqual(commands, ['npm run demo', 'npm run test:all']);
      const scripts = (manifest() as { scripts: Record<string, string> }).scripts;
      for (const c of commands) assert.ok(scripts[c.replace('npm run ', '')], `package.json has no script for ${c}`);
      assert.match(firstScreen.slice(0, quick), /!\[[^\]]+\]\(media\/screenshots\/[\w-]+\.png\)/, 'a screenshot before the Quick start');
      assert.doesNotMatch(firstScreen, /cold machine[^.]*\d+ s/, 'cold-machine timings belong in CONTRIBUTING.md');
    });

    it('its settings table is generated from package.json, every setting in order', async () => {
      const t = await tables();
      assert.equal(t.tableIn(read('README.md'), 'settings'), t.settingsTable(manifest()), 'run `node scripts/readme-tables.mjs`');
      const rows = (t.settingsTable(manifest()).match(/^\| `toolSearchInspector\./gm) ?? []).length;
      const sections = (manifest() as { contributes: { configuration: { properties: object } | { properties: object }[] } }).contributes.configuration;
      const count = (Array.isArray(sections) ? sections : [sections]).reduce((n, s) => n + Object.keys(s.properties).length, 0);
      assert.equal(rows, count);
    });

    it('its commands table is generated from package.json: every command the palette shows, none it hides', async () => {
      const t = await tables();
      assert.equal(t.tableIn(read('README.md'), 'commands'), t.commandsTable(manifest()), 'run `node scripts/readme-tables.mjs`');
      const m = manifest() as { contributes: { commands: { command: string }[]; menus: { commandPalette: { command: string; when: string }[] } } };
      const hidden = m.contributes.menus.commandPalette.filter((e) => e.when === 'false').map((e) => e.command);
      const table = t.commandsTable(m);
      for (const c of m.contributes.commands) {
        assert.equal(table.includes(`\`${c.command}\``), !hidden.includes(c.command), c.command);
      }
    });

    it("its command-line paragraph names exactly the CLI's commands", () => {
      const readme = read('README.md');
      const at = readme.indexOf('## Command line');
      const paragraph = readme.slice(at, readme.indexOf('\n\n', readme.indexOf('\n\n', at) + 2));
      const named = [...paragraph.matchAll(/`([a-z]+)`/g)].map((m) => m[1]).filter((n) => n !== 'bin');
      assert.deepEqual(named.slice().sort(), CLI_COMMANDS.map((c) => c.name).sort());
    });

    it('its snippet is the demo snippet as printed, and every picture and link it names exists', () => {
      const readme = read('README.md');
      const snippet = /```js\n([^`]*)```/.exec(readme)?.[1] ?? '';
      assert.ok(snippet.trim() !== '', 'README.md shows a snippet');
      const file = /`(examples\/demo\/snippets\/[\w.-]+\.js)`/.exec(readme.slice(0, readme.indexOf('```js')))?.[1];
      assert.ok(file, 'the snippet names its demo file');
      const demoLines = new Set(read(file).split('\n').map((l) => l.trim()));
      for (const line of snippet.split('\n').filter((l) => l.trim() !== '')) {
        assert.ok(demoLines.has(line.trim()), `${file} lacks the README's line ${line}`);
      }
      for (const m of readme.matchAll(/\]\(((?!https?:)[^)#\s]+)\)/g)) {
        assert.ok(fs.existsSync(path.join(ROOT, m[1] ?? '')), `README.md links ${m[1]}, which does not exist`);
      }
    });
  });
});

