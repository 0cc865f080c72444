import type { BeforeToolCallEvent, BeforeToolCallResult, PluginToolSource } from '../sources/plugins';

/** One plugin's `beforeToolCall` hook. */
export interface BeforeToolCallHook {
  pluginId: string;
  run(event: BeforeToolCallEvent): Promise<BeforeToolCallResult | undefined>;
}

/**
 * The `beforeToolCall` hooks of every enabled plugin with a handler, in
 * plugin id order. A handler that cannot be loaded still yields a hook: it
 * fails when run, and the gateway treats that as a block (fail closed).
 */
export function pluginHooks(plugins: PluginToolSource): BeforeToolCallHook[] {
  return plugins
    .enabledWithHandlers()
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((p) => ({
      pluginId: p.id,
      run: async (event) => {
        const handler = await plugins.handlerFor(p.id);
        return handler.beforeToolCall ? ((await handler.beforeToolCall(event)) ?? undefined) : undefined;
      },
    }));
}
