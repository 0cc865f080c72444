import { defaultSandboxBundle } from '../bridge/codeBridge';
import { probeIsolation } from '../bridge/isolation';
import { isolationStatusOf } from './preview';
import type { IsolationStatus } from './surface';

/** Which Node runs the bridge's child, and the environment the probe sees. */
export interface IsolationProbeInput {
  /** Default `node` (the CLI's `--node`, the editor's `toolSearchInspector.sandbox.nodePath`). */
  nodePath?: string;
  env: Record<string, string | undefined>;
}

/**
 * Whether code mode can be offered: the bridge's own isolation probe (cached
 * per binary and mtime) of the built sandbox child, as a surface reads it.
 * Every preview, capture prediction and snapshot decides code mode with this.
 */
export async function probePreviewIsolation(input: IsolationProbeInput): Promise<IsolationStatus> {
  return isolationStatusOf(await probeIsolation(input.nodePath ?? 'node', { bundlePath: defaultSandboxBundle(), env: input.env }));
}

/** The probe, only when code mode is asked for (no other mode depends on it); undefined otherwise. */
export async function isolationForModes(modes: Iterable<string>, input: IsolationProbeInput): Promise<IsolationStatus | undefined> {
  return [...modes].includes('code') ? probePreviewIsolation(input) : undefined;
}
