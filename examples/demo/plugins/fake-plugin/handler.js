// Handler of the QA fake plugin: loaded only when one of its tools is called.
exports.call = async function call(toolName, args) {
  return `FAKE_PLUGIN_OK ${toolName} ${args.marker}`;
};

// Blocks calls that carry a marker starting with "forbidden", to show hooks.
exports.beforeToolCall = async function beforeToolCall(event) {
  if (typeof event.params.marker === 'string' && event.params.marker.startsWith('forbidden')) {
    return { block: true, reason: 'fake-plugin refuses forbidden markers' };
  }
  return undefined;
};
