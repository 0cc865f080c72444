export type CoreModule = typeof import('./coreEntry');

let loading: Promise<CoreModule> | undefined;

/** Loads core once, on the first catalog build or explanation, never at activation. */
export function loadCore(): Promise<CoreModule> {
  loading ??= import('./coreEntry.js');
  return loading;
}
