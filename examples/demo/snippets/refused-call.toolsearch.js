// A call the policy refuses: the run goes on (the snippet catches it), and
// the refusal lands as a warning on the line of the call.
const denied = await openclaw.tools.call('fake_plugin_tool_36', { marker: 'm' }).catch((e) => e.message);
console.warn('refused:', denied);

const found = await openclaw.tools.search('feature flags', { limit: 2 });
return found.map((h) => h.name);
