// The README's settings and commands tables, written from package.json so the
// page the Marketplace shows lists exactly what the extension contributes.
// `node scripts/readme-tables.mjs` rewrites them between their markers; the
// docs test (test/unit/foundation/docsAgree.test.ts) fails when they differ.
// Builtins only, pure functions.

export const TABLES = Object.freeze({
  settings: { begin: '<!-- settings table: generated from package.json by `node scripts/readme-tables.mjs` -->', end: '<!-- end of settings table -->' },
  commands: { begin: '<!-- commands table: generated from package.json by `node scripts/readme-tables.mjs` -->', end: '<!-- end of commands table -->' },
});

/** One table cell: a line of Markdown with `|` escaped, so a description never splits a row. */
function cell(text) {
  return String(text).replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
}

function configurationSections(manifest) {
  const c = manifest.contributes?.configuration;
  return Array.isArray(c) ? c : c ? [c] : [];
}

function defaultCell(setting) {
  const d = setting.default;
  if (d === undefined || d === '' || (Array.isArray(d) && d.length === 0)) return '(empty)';
  return `\`${JSON.stringify(d)}\``;
}

export function settingsTable(manifest) {
  const rows = ['| Setting | Default | What it does |', '| --- | --- | --- |'];
  for (const section of configurationSections(manifest)) {
    for (const [key, setting] of Object.entries(section.properties ?? {})) {
      let what = setting.markdownDescription ?? setting.description ?? '';
      if (Array.isArray(setting.enum)) what += ` One of ${setting.enum.map((v) => `\`${v}\``).join(', ')}.`;
      rows.push(`| \`${key}\` | ${cell(defaultCell(setting))} | ${cell(what)} |`);
    }
  }
  return rows.join('\n');
}

/** Commands the palette shows: those the manifest does not hide with `when: false`. */
export function paletteCommands(manifest) {
  const hidden = new Set((manifest.contributes?.menus?.commandPalette ?? []).filter((m) => m.when === 'false').map((m) => m.command));
  return (manifest.contributes?.commands ?? []).filter((c) => !hidden.has(c.command));
}

export function commandsTable(manifest) {
  const rows = ['| In the palette | Command id |', '| --- | --- |'];
  for (const c of paletteCommands(manifest)) {
    rows.push(`| ${cell(c.category ? `${c.category}: ${c.title}` : c.title)} | \`${c.command}\` |`);
  }
  return rows.join('\n');
}

/** The text between a table's markers, or undefined when the markers are missing. */
export function tableIn(readme, which) {
  const { begin, end } = TABLES[which];
  const from = readme.indexOf(begin);
  const to = readme.indexOf(end, from);
  if (from < 0 || to < 0) return undefined;
  return readme.slice(from + begin.length, to).trim();
}

export function withTables(readme, manifest) {
  let out = readme;
  for (const [which, make] of [['settings', settingsTable], ['commands', commandsTable]]) {
    const { begin, end } = TABLES[which];
    const from = out.indexOf(begin);
    const to = out.indexOf(end, from);
    if (from < 0 || to < 0) throw new Error(`README.md lacks the ${which} table's markers: ${begin} ... ${end}`);
    out = `${out.slice(0, from + begin.length)}\n\n${make(manifest)}\n\n${out.slice(to)}`;
  }
  return out;
}
