// A tool_search_code body, as a model would send it. Run it with the
// "Run in Tool Search sandbox" lens above. The sandbox runs the file as the
// body of an async function: top-level await and return work, and the value
// returned is the run's result. Add `// @ts-check` for type errors too.
const hits = await openclaw.tools.search('fake plugin tool 17', { limit: 3 });
console.log('hits', hits.map((h) => h.id));

const tool = await openclaw.tools.describe('fake_plugin_tool_17');
console.log('arguments', tool.input);

const { result } = await openclaw.tools.call(tool.id, { marker: 'from-the-example' });
return result.details;
