import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCliCaptured, type CliRun } from './cliCapture';
import { DEMO } from '../unit/gateway/fixtures';
import { scratchDir } from './scratch';

/**
 * A small workspace using the demo's real fake plugin (handler and hook) and
 * GitHub snapshots, without the demo's live MCP servers, so CLI tests stay fast.
 */
export function cliWorkspace(extraConfig = ''): string {
  const dir = scratchDir('tsi-cli-');
  const plugins = JSON.stringify(path.join(DEMO, 'plugins'));
  fs.writeFileSync(
    path.join(dir, 'openclaw.json'),
    `{
  tools: {
    toolSearch: { mode: "code" },
    profile: "full",
    deny: ["gateway", "fake_plugin_tool_36"],
  },
  approvals: { tools: ["fake_plugin_tool_2*"] },
  plugins: { load: { paths: [${plugins}] } },
  ${extraConfig}
}`,
  );
  return dir;
}

export function cli(cwd: string, ...argv: string[]): Promise<CliRun> {
  return runCliCaptured([...argv, '--no-user-config', '--snapshot', `github=${path.join(DEMO, 'snapshots', 'github')}`], cwd);
}
