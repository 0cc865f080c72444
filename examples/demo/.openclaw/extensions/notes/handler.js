// Handler of the demo "notes" plugin: an in-memory notebook.
const notes = new Map([['standup', ['2026-11-28: shipped the catalog view']]]);

exports.call = async function call(toolName, args) {
  if (toolName === 'notes_search') {
    const q = String(args.query || '').toLowerCase();
    return [...notes.entries()]
      .filter(([title, lines]) => title.includes(q) || lines.some((l) => l.toLowerCase().includes(q)))
      .slice(0, args.limit || 5)
      .map(([title, lines]) => ({ title, snippet: lines[lines.length - 1] }));
  }
  if (toolName === 'notes_append') {
    const lines = notes.get(args.title) || [];
    lines.push(`${new Date().toISOString().slice(0, 10)}: ${args.text}`);
    notes.set(args.title, lines);
    return { title: args.title, entries: lines.length };
  }
  throw new Error(`notes: unknown tool ${toolName}`);
};
