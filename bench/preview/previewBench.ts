/**
 * Mode Preview benchmark: what the panel costs at 10,000 tools.
 *
 *   npm run bench:preview
 *
 * The catalog is 10,000 tools made of renamed copies of LiveMCPBench's real
 * MCP servers (as in bench/payload), built in this run; its build time is the
 * baseline. Measured, median of 5 each:
 * - first render: a fresh assembler (empty token cache) assembling all four
 *   modes with o200k counts, top tools and the view the webview receives
 *   (host side; the webview's paint is timed by the UI test's messages);
 * - prompt edit: the same assembler after one render, re-assembling for a new
 *   prompt (only the parts that changed are tokenized);
 * - the old way, for comparison: buildAllPreviews with a fresh counter per
 *   mode and whole-body counting (payloadTokens), as the editor did before.
 */
import type { Catalog } from '../../src/core/catalog/catalog';
import { buildCatalog } from '../../src/core/catalog/catalogBuilder';
import { defaultToolSearchSettings } from '../../src/core/config/toolSearchSettings';
import { ALL_MODES, buildPreview, LazyIndex, PreviewAssembler, type PreviewBase } from '../../src/core/modes/preview';
import { payloadTokens } from '../../src/core/provider/payloadSize';
import { ToolPolicy } from '../../src/core/policy/policyEngine';
import { ToolIndex } from '../../src/core/search/toolIndex';
import { CoreToolSource } from '../../src/core/sources/coreTools';
import { liveMcpBenchServers, RawServersSource, scaled, sharedDataDir, type RawServer } from '../lib/liveMcpBench';
import { toPreviewView } from '../../src/extension/preview/previewView';


function build(servers: readonly RawServer[]): Promise<Catalog> {
  return buildCatalog({
    providers: [new CoreToolSource(), new RawServersSource(servers)],
    policy: new ToolPolicy([]),
    settings: { ...defaultToolSearchSettings(), enabled: true, mode: 'directory', configured: true },
  });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

async function timed<T>(fn: () => Promise<T> | T): Promise<[T, number]> {
  const t0 = performance.now();
  const v = await fn();
  return [v, performance.now() - t0];
}

const REPS = 5;
const PROMPTS = ['read the file and summarize it', 'read the file and summarize it in the session', 'send a message to the channel', 'search the web for the weather', 'create an image of a cat', 'list the cron jobs'];
const FIRST_RENDER_MS = 1000;
const PROMPT_EDIT_MS = 250;

async function main(): Promise<void> {
  const servers = scaled(liveMcpBenchServers(sharedDataDir()), 10_000);
  console.log(`# Mode Preview benchmark (Node ${process.version}; 10,000 MCP tools from LiveMCPBench copies plus OpenClaw core; median of ${REPS})\n`);
  await build(servers);
  const buildTimes: number[] = [];
  let catalog: Catalog | undefined;
  for (let i = 0; i < REPS; i++) {
    const [c, ms] = await timed(() => build(servers));
    buildTimes.push(ms);
    catalog = c;
  }
  if (!catalog) {
    throw new Error('no catalog');
  }
  const cat = catalog;
  const buildMs = median(buildTimes);
  const [index, indexMs] = await timed(() => ToolIndex.fromCatalog(cat));
  const base: PreviewBase = { catalog: cat, isolation: { ok: true }, index, policy: new ToolPolicy([]) };
  // The panel's first render, as the panel does it: the index is built only when a prompt needs it (after the first paint).
  const lazyBase: PreviewBase = { ...base, index: new LazyIndex(cat) };

  // First render: everything from scratch but the catalog and its index (the panel reuses the service's).
  const firstTimes: number[] = [];
  let direct = 0;
  for (let i = 0; i < REPS; i++) {
    const [, ms] = await timed(() => {
      const a = new PreviewAssembler({ ...lazyBase, index: new LazyIndex(cat) }).assemble('');
      direct = a.modes.direct?.tokens?.total ?? 0;
      return toPreviewView(a, cat, { workspaceName: 'bench', cause: 'open' });
    });
    firstTimes.push(ms);
  }
  // Prompt edits on a warm assembler, each a different prompt.
  const assembler = new PreviewAssembler(base);
  let previous = assembler.assemble('');
  const editTimes: number[] = [];
  const tokenized: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const prompt = PROMPTS[i % PROMPTS.length] ?? '';
    const [, ms] = await timed(() => {
      const a = assembler.assemble(prompt);
      tokenized.push(a.timing.tokenizedChars);
      const v = toPreviewView(a, cat, { workspaceName: 'bench', cause: 'prompt', previous });
      previous = a;
      return v;
    });
    editTimes.push(ms);
  }
  // The old way: whole-body counting, every mode, every time.
  const [, oldMs] = await timed(() => {
    for (const mode of ALL_MODES) {
      const p = buildPreview({ ...base, mode, prompt: PROMPTS[0], tokens: false });
      payloadTokens(p.request);
    }
  });

  const first = median(firstTimes);
  const edit = median(editTimes);
  console.log(`catalog: ${cat.size} cataloged tools; direct mode ${direct.toLocaleString('en-US')} tokens`);
  console.log(`catalog build (baseline): median ${buildMs.toFixed(1)} ms`);
  console.log(`search index build: ${indexMs.toFixed(1)} ms (not in the first render: the panel builds it after the first paint, for the first prompt; a prompt typed before that waits for it once)`);
  console.log(`first render (all 4 modes, o200k counts, top tools, panel view; empty token cache): median ${first.toFixed(1)} ms = ${(first / buildMs).toFixed(3)} x the catalog build  [${firstTimes.map((t) => t.toFixed(0)).join(', ')}]; the first run in a fresh process (tokenizer caches cold) ${(firstTimes[0] ?? 0).toFixed(0)} ms`);
  console.log(`prompt edit re-render (warm cache): median ${edit.toFixed(1)} ms = ${(edit / buildMs).toFixed(3)} x the catalog build  [${editTimes.map((t) => t.toFixed(0)).join(', ')}]; characters tokenized per edit: median ${median(tokenized).toLocaleString('en-US')}`);
  console.log(`for comparison, the previous counting (every part of every mode tokenized whole, once): ${oldMs.toFixed(0)} ms`);
  const failures: string[] = [];
  const check = (label: string, ms: number, bound: number): void => {
    const ok = ms < bound;
    console.log(`target: ${label} under ${bound} ms: ${ms.toFixed(1)} ms ${ok ? 'PASS' : 'FAIL'}`);
    if (!ok) {
      failures.push(label);
    }
  };
  check('first render at 10,000 tools', first, FIRST_RENDER_MS);
  check('prompt edit at 10,000 tools', edit, PROMPT_EDIT_MS);
  console.log(failures.length === 0 ? '\nAll preview targets met.' : `\nTargets missed: ${failures.join(', ')}`);
  process.exitCode = failures.length === 0 ? 0 : 1;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : String(err));
  process.exitCode = 1;
});
