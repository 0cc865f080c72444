// The globals that tsconfig.shared.json's code may use: only what both Node and browsers have,
// declared as loosely as that code needs. The bundles it lands in check it against their own
// (Node's or the DOM's) declarations; add a name here only if both runtimes have it.
interface AbortSignal {
  readonly aborted: boolean;
}
