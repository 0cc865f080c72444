// A Code Mode program: what OpenClaw's `exec` runs when Code Mode engages.
// Every cataloged tool is reachable from here; the model sees only exec and wait.
const [hit] = await catalog.search('fake plugin tool 17', { limit: 1 });
text(`found ${hit.name}`);
const tool = await hit.describe();
const result = await fake_plugin_tool_17({ marker: 'from-code-mode' });
return { tool: tool.name, result };
