// The QA fake plugin as a real OpenClaw plugin: it registers the tools its
// manifest lists (the inspector reads the same manifest), and each returns
// FAKE_PLUGIN_OK <name> <marker>, so a real OpenClaw run (capture) loads it. The
// inspector itself runs handler.js, which the manifest names.
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('./openclaw.plugin.json', import.meta.url), 'utf8'));

export default {
  id: manifest.id,
  name: manifest.name,
  description: manifest.description,
  register(api) {
    for (const tool of manifest.tools) {
      api.registerTool(
        {
          name: tool.name,
          label: tool.name,
          description: tool.description,
          parameters: tool.parameters,
          execute: async (_toolCallId, input) => ({
            content: [{ type: 'text', text: `FAKE_PLUGIN_OK ${tool.name} ${String(input?.marker ?? '')}` }],
            details: { tool: tool.name, marker: input?.marker },
          }),
        },
        { name: tool.name },
      );
    }
  },
};
