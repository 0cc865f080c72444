import type { OpenClawRequestContext } from '../../core/prompt/openclawContext';
import type { OpenWorkspace } from '../../core/workspace';
import type { CoreModule } from '../coreLoader';
import { locateForEditor } from '../oracle/openclawInstalls';

/**
 * What a prediction of OpenClaw's own request reads from the active
 * workspace (model entry, agent workspace and its bootstrap files, state
 * folder), as `preview` does on the command line. The installed OpenClaw
 * (`locateForEditor`: the setting, `openclaw` on PATH, the extension's own
 * install) only lends its package folder, which the prompt cites; nothing
 * is run.
 */
export function openclawRequestContextOf(core: CoreModule, workspace: OpenWorkspace, oracleOpenclaw: string | undefined): OpenClawRequestContext {
  let openclawDir: string | undefined;
  try {
    openclawDir = locateForEditor(core, oracleOpenclaw, workspace.options.workspace).packageDir;
  } catch {
    // Without one the prediction shows the folder as a placeholder and says so in its notes.
  }
  return core.openclawRequestContext({
    config: workspace.configValue,
    configDir: workspace.configDir,
    // Its .openclaw/extensions are the run's only when it is the agent workspace.
    workspaceFolder: workspace.options.workspace,
    env: process.env,
    // The modelled version's own templates (its epoch's release); none before 2026.5.12, which the panels say.
    version: workspace.openclaw.model.version,
    ...(openclawDir ? { openclawDir } : {}),
    // The run's agent (the setting, else OpenClaw's default): its model, agent workspace and runtime line.
    ...(workspace.agent.kind !== 'refused' ? { agent: workspace.agent.id } : {}),
    // policy.sandboxed: the run is sandboxed whatever the config's sandbox mode says.
    ...(workspace.options.policy?.sandboxed !== undefined ? { sandboxed: workspace.options.policy.sandboxed } : {}),
  });
}
