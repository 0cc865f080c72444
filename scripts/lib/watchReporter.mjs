// The esbuild plugin behind `npm run watch`: one "[watch] build started" when
// any bundle starts rebuilding, one "[watch] build finished" when all are done,
// and each error as "✘ [ERROR] message" then "    file:line:column:". These
// are the lines the "watch" task's problem matcher in .vscode/tasks.json
// reads (test/unit/foundation/devSetup.test.ts holds the two together).

/** `out`/`err` default to the console; tests pass their own. */
export function createWatchReporter({ out = (l) => console.log(l), err = (l) => console.error(l) } = {}) {
  let building = 0;
  return {
    name: 'watch-reporter',
    setup(build) {
      build.onStart(() => {
        if (building++ === 0) out('[watch] build started');
      });
      build.onEnd((result) => {
        for (const { text, location } of result.errors) {
          err(`✘ [ERROR] ${text}`);
          if (location) err(`    ${location.file}:${location.line}:${location.column}:`);
        }
        if (--building === 0) out('[watch] build finished');
      });
    },
  };
}
