/**
 * Code Mode's model-facing facts (`tools.codeMode`: `exec`/`wait`), read from
 * an installed `openclaw` package by calling its own functions: the two
 * control tools as `createCodeModeTools` builds them, the `exec` description
 * as ordered segments with the conditions that include them, the prompt
 * index's bound and texts, the callable-name reservations, the limits'
 * defaults and clamps (`resolveCodeModeConfig` probed), and the bundled
 * provider catalogs' `compat.codeMode` tiers (the plugin manifests'
 * `modelCatalog`), and the texts a program's results and the guest's MCP
 * API (`API.list`/`API.read`, `$api`) carry. Undefined for a release
 * without Code Mode.
 *
 * The `exec` description is assembled by OpenClaw's
 * `createCodeModeExecDescription` from its inputs: the function's own source
 * is evaluated again with its helpers replaced by markers (a namespace text,
 * an index, a swarm switch, a shell tool's callable name), and each switch is
 * flipped alone; what one switch inserts is that segment. Reassembling every
 * combination from the segments must give back what the function returned, or
 * this fails.
 *
 * Test tooling only: nothing here runs in the extension or the CLI.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

const EXEC_DESCRIPTION = 'createCodeModeExecDescription';

/** A chunk's private bindings, loaded with one more export line (the chunk is otherwise unchanged). */
async function privateBindings(dist, file, names) {
  const { registerHooks } = await import('node:module');
  // Its own URL (a query): the release's other modules may have loaded the chunk already, without the line.
  // One URL per set of names: a second call on the same chunk gets its own module instance.
  const url = `${pathToFileURL(path.join(dist, file)).href}?tsi-code-mode=${names.join(',')}`;
  registerHooks({
    load(u, context, nextLoad) {
      const r = nextLoad(u, context);
      return u === url ? { ...r, source: `${r.source}\nexport { ${names.map((n) => `${n} as __tsi_${n}`).join(', ')} };\n` } : r;
    },
  });
  const mod = await import(url);
  return Object.fromEntries(names.map((n) => [n, mod[`__tsi_${n}`]]));
}

function chunkDefining(dist, files, pattern) {
  return files.find((f) => pattern.test(fs.readFileSync(path.join(dist, f), 'utf8')));
}

/** The limits: defaults from an empty config, clamps from values far outside them. */
function limitsOf(resolve) {
  const keys = ['timeoutMs', 'memoryLimitBytes', 'maxOutputBytes', 'maxSnapshotBytes', 'maxPendingToolCalls', 'snapshotTtlSeconds', 'searchDefaultLimit', 'maxSearchLimit'];
  const plain = resolve({ tools: { codeMode: { enabled: true } } });
  const low = resolve({ tools: { codeMode: { enabled: true, ...Object.fromEntries(keys.map((k) => [k, 1])) } } });
  const high = resolve({ tools: { codeMode: { enabled: true, ...Object.fromEntries(keys.map((k) => [k, 2 ** 40])) } } });
  const limits = {};
  for (const k of keys) {
    if (typeof plain[k] !== 'number') throw new Error(`resolveCodeModeConfig gives no number for ${k}`);
    limits[k] = { default: plain[k], min: low[k], max: high[k] };
  }
  return { limits, executorDefault: plain.executor };
}

/**
 * Texts a Code Mode program's results carry, found where the release defines
 * them: a constant by its name, or the one literal a function returns or
 * throws. Each must be found exactly once, or generation fails.
 */
function runtimeTexts(dist, files) {
  const read = (pattern, what) => {
    const hits = [];
    for (const f of files) {
      for (const m of fs.readFileSync(path.join(dist, f), 'utf8').matchAll(pattern)) hits.push(JSON.parse(m[1]));
    }
    const unique = [...new Set(hits)];
    if (unique.length !== 1) throw new Error(`Code Mode: ${what}: ${unique.length === 0 ? 'not found' : `several texts (${unique.join(' | ')})`}`);
    return unique[0];
  };
  const str = '("(?:[^"\\\\]|\\\\.)*")';
  try {
    return runtimeTextsOf(read, str);
  } catch (err) {
    // A release whose Code Mode runtime is built otherwise (2026.9.5 names its frames user.ts and has
    // no USER_SOURCE_FILE): no runtime texts, and the product's runner refuses that release.
    console.warn(`[codeModeFacts] no Code Mode runtime texts: ${err.message}`);
    return undefined;
  }
}

function runtimeTextsOf(read, str) {
  return {
    // The file name a program's frames carry ("openclaw-code-mode:user.js" in 2026.9.6).
    userSourceFile: read(new RegExp(`const USER_SOURCE_FILE = ${str};`, 'g'), 'USER_SOURCE_FILE'),
    truncationGuidance: read(new RegExp(`const TRUNCATION_GUIDANCE = ${str};`, 'g'), 'TRUNCATION_GUIDANCE'),
    retainedGuidance: read(new RegExp(`const RETAINED_GUIDANCE = ${str};`, 'g'), 'RETAINED_GUIDANCE'),
    // What a retained-value marker says when the store refused it, and when its reference does not fit (CodeModeOutputState).
    notRetainedGuidance: read(new RegExp(`valueGuidance: ${str}\\s*\\}\\)\\s*\\?\\?\\s*original`, 'g'), 'the not-retained guidance'),
    referenceOverBudgetGuidance: read(new RegExp(`fitNonRetention\\(${str}\\)`, 'g'), 'the reference-over-budget guidance'),
    errorTruncatedSuffix: read(new RegExp(`function createErrorFitter\\(error, maxBytes\\) \\{\\s*const suffix = ${str};`, 'g'), 'createErrorFitter suffix'),
    mcpOneObjectArgument: read(new RegExp(`if \\(args\\.length > 1\\) throw new Error\\(${str}\\);`, 'g'), 'the MCP namespace argument rule'),
    timeoutError: read(new RegExp(`isRuntimeInterruptedError\\(error\\) \\? ${str} :`, 'g'), 'the timeout text'),
    abortedError: read(new RegExp(`var CodeModeHeadlessAbortError = class extends Error \\{\\s*constructor\\(message = ${str}\\)`, 'g'), 'the abort text (CodeModeHeadlessAbortError)'),
  };
}

/** Fills a generated template's `{{name}}` slots; the generator checks its templates against OpenClaw's output with it. */
function fill(template, slots) {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k) => slots[k]);
}

/**
 * What Code Mode hands a guest about MCP servers and its fixed API files
 * (`API.list`/`API.read`, `MCP.$api()`, `MCP.<server>.$api()`): OpenClaw's
 * own functions called with synthetic servers whose names are markers, and
 * its constants loaded by name. Every template is checked against a second
 * call with other values, so a text that varies otherwise fails generation.
 */
async function mcpApiTexts(dist, files) {
  const chunk = (pattern, what) => {
    const f = chunkDefining(dist, files, pattern);
    if (!f) throw new Error(`Code Mode: no chunk defines ${what}`);
    return f;
  };
  const bridge = chunk(/function renderMcpRootHeader\s*\(/, 'renderMcpRootHeader');
  const b = await privateBindings(dist, bridge, ['renderMcpRootHeader', 'renderMcpServerHeader', 'renderMcpToolSignature', 'buildMcpApiResponse', 'createMcpApiVirtualFiles', 'createMcpNamespaceModel', 'createCodeModeNamespaceRuntime']);
  const resultsChunk = chunk(/const CODE_MODE_RESULTS_API_FILE = /, 'CODE_MODE_RESULTS_API_FILE');
  const { CODE_MODE_RESULTS_API_FILE: resultsFile } = await privateBindings(dist, resultsChunk, ['CODE_MODE_RESULTS_API_FILE']);
  const controllerChunk = chunk(/const CODE_MODE_CONTROLLER_SOURCE = /, 'CODE_MODE_CONTROLLER_SOURCE');
  const { CODE_MODE_CONTROLLER_SOURCE: controller } = await privateBindings(dist, controllerChunk, ['CODE_MODE_CONTROLLER_SOURCE']);
  const fileOf = (f, what) => {
    if (typeof f?.path !== 'string' || typeof f.description !== 'string' || typeof f.content !== 'string') throw new Error(`Code Mode: ${what} is not { path, description, content }`);
    return { path: f.path, description: f.description, content: f.content };
  };

  const rootHeader = b.renderMcpRootHeader();
  // A server without tools: everything the header has besides the tools, the identifier a marker.
  const emptyServer = (identifier) => b.renderMcpServerHeader({ identifier }, []);
  const serverEmpty = emptyServer('{{identifier}}');
  const close = serverEmpty.slice(serverEmpty.lastIndexOf('\n') + 1);
  const open = serverEmpty.slice(0, serverEmpty.lastIndexOf('\n'));
  if (emptyServer('probeServer') !== fill(`${open}\n${close}`, { identifier: 'probeServer' }) || !open.includes('{{identifier}}')) throw new Error('Code Mode: renderMcpServerHeader does not vary only by the identifier');

  // The result type each operation's signature promises: OpenClaw's table, each entry confirmed by a rendered signature.
  const signature = b.renderMcpToolSignature.toString();
  const table = /const resultType = (\{[^{}]*\})\[tool\.operation\];/.exec(signature);
  if (!table) throw new Error('Code Mode: the result type table of renderMcpToolSignature is not where it was');
  const resultTypes = new Function(`return (${table[1]});`)();
  for (const [operation, type] of Object.entries(resultTypes)) {
    const lines = b.renderMcpToolSignature({ method: 'f', path: ['f'], mcpTool: 'f', operation, description: '', parameters: {}, params: [] });
    if (typeof type !== 'string' || !lines.at(-1).includes(`Promise<${type}>`)) throw new Error(`Code Mode: renderMcpToolSignature does not promise ${type} for ${operation}`);
  }

  // The namespace path of each utility operation, as OpenClaw's namespace model places a synthetic server's tools.
  const operations = Object.keys(resultTypes);
  const model = b.createMcpNamespaceModel(
    operations.map((operation, i) => ({ id: `probe:${operation}`, source: 'mcp', name: operation, description: '', parameters: { type: 'object' }, mcp: { serverName: 'probe', safeServerName: 'probe', toolName: `probe${i}`, operation } })),
  );
  const utilityPaths = {};
  for (const tool of model?.docs?.[0]?.tools ?? []) {
    // A plain tool's path is its own identifier; a utility's is fixed by its operation.
    if (tool.path.join('.') !== tool.mcpTool) utilityPaths[tool.operation] = [...tool.path];
  }
  if (model?.docs?.[0]?.tools?.length !== operations.length || utilityPaths.tool) throw new Error('Code Mode: createMcpNamespaceModel did not place the probe operations');

  // The responses' fixed parts: a root, a server scope (no tool selected) and a tool scope (one selected).
  const tool = { method: 'f', path: ['f'], mcpTool: 'f', operation: 'tool', description: '', parameters: {}, params: [] };
  const root = b.buildMcpApiResponse({ servers: [], args: [] });
  const server = b.buildMcpApiResponse({ servers: [], server: { identifier: 's', serverName: 's', tools: [tool, { ...tool, method: 'g', path: ['g'], mcpTool: 'g' }] }, args: [] });
  const one = b.buildMcpApiResponse({ servers: [], server: { identifier: 's', serverName: 's', tools: [tool] }, args: ['f'] });
  if (root.header !== rootHeader || root.kind !== server.kind || server.kind !== one.kind || server.note !== one.note) throw new Error('Code Mode: buildMcpApiResponse varies otherwise than by scope');

  // The MCP files of a synthetic server, and of the one server whose header the root file takes in.
  const virtual = (identifier) => b.createMcpApiVirtualFiles([{ identifier, serverName: '{{serverName}}', tools: [] }]);
  const [index, separate] = virtual('{{identifier}}');
  const reference = index.content.slice(0, index.content.indexOf('\n'));
  if (index.content !== `${reference}\n\n${rootHeader}` || separate.content !== serverEmpty) throw new Error('Code Mode: createMcpApiVirtualFiles lays the files out otherwise');
  const [, probe] = b.createMcpApiVirtualFiles([{ identifier: 'probeServer', serverName: 'Probe Name', tools: [] }]);
  const probeSlots = { identifier: 'probeServer', serverName: 'Probe Name' };
  if (probe?.path !== fill(separate.path, probeSlots) || probe.description !== fill(separate.description, probeSlots)) throw new Error('Code Mode: a server file varies otherwise than by its identifier and name');
  const inlineServer = /^mcp\/(.+)\.d\.ts$/.exec(index.path)?.[1];
  const inlined = inlineServer ? virtual(inlineServer) : [];
  if (inlined.length !== 1 || inlined[0].content !== `\n${rootHeader}\n\n${emptyServer(inlineServer)}`) throw new Error(`Code Mode: the server named after ${index.path} is not inlined there`);

  const agents = b.createCodeModeNamespaceRuntime([]).apiFiles;
  if (agents.length !== 1) throw new Error('Code Mode: createCodeModeNamespaceRuntime serves other files than agents.d.ts without MCP');

  // The guest's API path check (CODE_MODE_CONTROLLER_SOURCE's normalizeApiPath), run for the text it throws.
  const normalize = /\n( *)function normalizeApiPath\(value\) \{[\s\S]*?\n\1\}/.exec(controller);
  if (!normalize) throw new Error('Code Mode: normalizeApiPath is not in CODE_MODE_CONTROLLER_SOURCE');
  let invalidPath;
  try {
    new Function(`${normalize[0]}\nreturn normalizeApiPath;`)()('..');
  } catch (err) {
    invalidPath = err.message;
  }
  const unknownFile = [...controller.matchAll(/throw new Error\(("(?:[^"\\]|\\.)*") \+ normalizedPath\);/g)].map((m) => JSON.parse(m[1]));
  // A native callable's declaration path, listed by name only (`describe` builds its content when read).
  const native = [...controller.matchAll(/("(?:[^"\\]|\\.)*") \+ binding\.callableName \+ ("(?:[^"\\]|\\.)*"), binding\.callableName/g)];
  if (native.length !== 1) throw new Error('Code Mode: the native declaration path is not where it was (CODE_MODE_CONTROLLER_SOURCE)');
  if (typeof invalidPath !== 'string' || unknownFile.length !== 1) throw new Error('Code Mode: the API file errors are not where they were (CODE_MODE_CONTROLLER_SOURCE)');

  return {
    kind: root.kind,
    scopes: { root: root.scope, server: server.scope, tool: one.scope },
    rootHeader,
    rootNote: root.note,
    serverNote: server.note,
    serverHeader: { open, close },
    resultTypes,
    utilityPaths,
    files: {
      results: fileOf(resultsFile, 'CODE_MODE_RESULTS_API_FILE'),
      agents: fileOf(agents[0], "createCodeModeNamespaceRuntime's agents file"),
      mcpIndex: { path: index.path, description: index.description, reference },
      mcpServer: { path: separate.path, description: separate.description },
      inlineServer,
      nativeCallable: `${JSON.parse(native[0][1])}{{callable}}${JSON.parse(native[0][2])}`,
    },
    errors: { invalidPath, unknownFile: unknownFile[0] },
  };
}

/**
 * What one tool result may hand the model (resolveToolResultBudget's
 * constants) and where a result carrying network content is cut
 * (renderToolSearchControlText). Undefined where the release has neither.
 */
async function resultBudgetOf(dist, files) {
  const limits = chunkDefining(dist, files, /function resolveToolResultBudget\s*\(/);
  const json = chunkDefining(dist, files, /function renderToolSearchControlText\s*\(/);
  if (!limits || !json) return undefined;
  const names = ['MAX_TOOL_RESULT_CONTEXT_SHARE', 'DEFAULT_MAX_LIVE_TOOL_RESULT_CHARS', 'LARGE_CONTEXT_MAX_LIVE_TOOL_RESULT_CHARS', 'XL_CONTEXT_MAX_LIVE_TOOL_RESULT_CHARS', 'LARGE_CONTEXT_TOOL_RESULT_TOKENS', 'XL_CONTEXT_TOOL_RESULT_TOKENS'];
  const c = await privateBindings(dist, limits, names);
  for (const n of names) if (typeof c[n] !== 'number') throw new Error(`Code Mode: ${n} is not a number in ${limits}`);
  const network = /function renderToolSearchControlText\(text, networkContent\) \{[\s\S]*?text\.length <= ([0-9e.]+) \?/.exec(fs.readFileSync(path.join(dist, json), 'utf8'));
  if (!network) throw new Error('Code Mode: the network-content cut of renderToolSearchControlText is not where it was');
  return {
    contextShare: c.MAX_TOOL_RESULT_CONTEXT_SHARE,
    caps: [
      { minTokens: 0, maxChars: c.DEFAULT_MAX_LIVE_TOOL_RESULT_CHARS },
      { minTokens: c.LARGE_CONTEXT_TOOL_RESULT_TOKENS, maxChars: c.LARGE_CONTEXT_MAX_LIVE_TOOL_RESULT_CHARS },
      { minTokens: c.XL_CONTEXT_TOOL_RESULT_TOKENS, maxChars: c.XL_CONTEXT_MAX_LIVE_TOOL_RESULT_CHARS },
    ],
    networkMaxChars: Number(network[1]),
  };
}

/** The segments of the exec description, each with the switch that includes it. */
function execSegments(source) {
  // Every free name of the function, replaced by a marker-giving stand-in.
  const SWITCHES = ['api', 'shell', 'mcp', 'swarm', 'nodes', 'skills', 'namespace', 'index'];
  // Any cataloged tool, and the swarm, turn `api` on too: those switches are measured against `api` alone.
  const WITH_API = new Set(['shell', 'mcp', 'swarm', 'nodes', 'index']);
  const make = new Function(
    'describeCodeModeNamespacesForPrompt',
    'isCodeModeSwarmAvailable',
    'createCodeModeCatalogBindings',
    'compactToolSearchCatalogEntry',
    'formatCodeModeCatalogIndex',
    'resolveCodeModeConfig',
    `return (${source});`,
  );
  const run = (on) => {
    const fn = make(
      () => (on.namespace ? '{{namespace}}' : ''),
      () => on.swarm === true,
      (entries) => entries.map((e) => ({ ...e })),
      (e) => e,
      (bindings) => (on.index && bindings.length > 0 ? '{{index}}' : ''),
      () => {
        throw new Error('the probe passes its config');
      },
    );
    const catalog = [];
    if (on.api || on.index) catalog.push({ id: 'tsi:plain', source: 'openclaw', callableName: 'plain' });
    if (on.shell) catalog.push({ id: 'openclaw:core:exec', source: 'openclaw', callableName: '{{shellCallable}}' });
    if (on.mcp) catalog.push({ id: 'tsi:mcp', source: 'mcp', callableName: 'm' });
    if (on.nodes) catalog.push({ id: 'openclaw:core:nodes', source: 'openclaw', callableName: 'nodes' });
    const ctx = { config: {}, codeModeSkills: on.skills ? ['s'] : [] };
    return fn(ctx, catalog, { timeoutMs: 23456789, memoryLimitBytes: 87654321, maxSnapshotBytes: 76543219, maxOutputBytes: 65432198 });
  };
  const slots = (t) => t.split('23456789').join('{{timeoutMs}}').split('76543219').join('{{replyInboxBytes}}').split('65432198').join('{{maxOutputBytes}}');
  const none = {};
  const base = run(none);
  // With an empty catalog no switch is on: the base is the always-present text.
  const inserted = [];
  for (const s of SWITCHES) {
    const ref = WITH_API.has(s) ? { api: true } : none;
    const refText = run(ref);
    const text = run({ ...ref, [s]: true });
    let pre = 0;
    while (pre < refText.length && refText[pre] === text[pre]) pre++;
    let suf = 0;
    while (suf < refText.length - pre && refText[refText.length - 1 - suf] === text[text.length - 1 - suf]) suf++;
    // An insertion can often be placed several ways (" x." after "." also reads "x. " one later): of the
    // equal placements, the first whose piece starts with white space, as OpenClaw's pieces do; else the leftmost.
    while (pre > 0 && text[pre - 1] === text[text.length - suf - 1]) {
      pre--;
      suf++;
    }
    const len = text.length - refText.length;
    let shift = 0;
    while (!/^\s/.test(text.slice(pre + shift, pre + shift + 1)) && pre + shift < refText.length && text[pre + shift] === text[pre + shift + len]) shift++;
    if (!/^\s/.test(text.slice(pre + shift, pre + shift + 1))) shift = 0;
    pre += shift;
    suf -= shift;
    const piece = text.slice(pre, text.length - suf);
    if (!piece) throw new Error(`${EXEC_DESCRIPTION}: switch ${s} changes nothing`);
    // Its place in the base: the base offset where the reference's text ends before it.
    const apiPiece = WITH_API.has(s) ? inserted.find((x) => x.when === 'api') : undefined;
    let at = pre;
    if (apiPiece && pre > apiPiece.at) at = pre - apiPiece.text.length;
    inserted.push({ when: s, at, text: piece });
  }
  // Pieces at the same base offset keep the order of a run with all of them on.
  const all = run(Object.fromEntries(SWITCHES.map((s) => [s, true])));
  inserted.sort((a, b) => a.at - b.at || all.indexOf(a.text) - all.indexOf(b.text));
  const segments = [];
  let cursor = 0;
  for (const p of inserted) {
    if (p.at > cursor) segments.push({ text: slots(base.slice(cursor, p.at)) });
    segments.push({ when: p.when, text: slots(p.text) });
    cursor = p.at;
  }
  if (cursor < base.length) segments.push({ text: slots(base.slice(cursor)) });
  // Every combination the product can meet must reassemble to OpenClaw's own text.
  for (let mask = 0; mask < 1 << SWITCHES.length; mask++) {
    const on = Object.fromEntries(SWITCHES.map((s, i) => [s, (mask & (1 << i)) !== 0]));
    const want = slots(run(on));
    const effective = { ...on, api: [...WITH_API, 'api'].some((k) => on[k]) };
    const got = segments.filter((g) => !g.when || effective[g.when]).map((g) => g.text).join('');
    if (got !== want && process.env.TSI_DEBUG) console.error(JSON.stringify(inserted.map((p) => [p.when, p.at, p.text.slice(0, 30)])));
    if (got !== want) throw new Error(`${EXEC_DESCRIPTION}: the segments do not reassemble for ${JSON.stringify(on)}:\n${got}\n--- OpenClaw:\n${want}`);
  }
  return segments;
}

/** The bundled provider catalogs' models, their routes and `compat.codeMode` tiers (plugin manifests' `modelCatalog`). */
function modelTiers(dist) {
  const root = path.join(dist, 'extensions');
  const rows = [];
  if (!fs.existsSync(root)) return rows;
  for (const plugin of fs.readdirSync(root).sort()) {
    const file = path.join(root, plugin, 'openclaw.plugin.json');
    if (!fs.existsSync(file)) continue;
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
    const providers = manifest?.modelCatalog?.providers ?? {};
    for (const [provider, p] of Object.entries(providers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      for (const m of p?.models ?? []) {
        if (typeof m?.id !== 'string') continue;
        const tier = m?.compat?.codeMode;
        // Every catalog model with its route: OpenClaw takes a catalog model's compat (its tier, or none) whenever the
        // configured route matches the catalog's, and the config's own compat only for another route.
        const api = typeof m.api === 'string' ? m.api : typeof p.api === 'string' ? p.api : undefined;
        const baseUrl = typeof m.baseUrl === 'string' ? m.baseUrl : typeof p.baseUrl === 'string' ? p.baseUrl : undefined;
        rows.push({
          provider,
          model: m.id,
          ...(tier === 'preferred' || tier === 'capable' ? { tier } : {}),
          plugin,
          ...(api ? { api } : {}),
          ...(baseUrl ? { baseUrl } : {}),
          ...(typeof m.upstreamModel === 'string' ? { upstreamModel: m.upstreamModel } : {}),
        });
      }
    }
  }
  return rows;
}

/**
 * @param {string} dist the package's dist folder
 * @param {string[]} files its module files
 */
export async function codeModeFacts(dist, files) {
  const bridge = chunkDefining(dist, files, /function createCodeModeExecDescription\s*\(/);
  if (!bridge) return undefined;
  const state = chunkDefining(dist, files, /function createCodeModeCatalogBindings\s*\(/);
  if (!state) throw new Error('Code Mode: no chunk defines createCodeModeCatalogBindings');
  const b = await privateBindings(dist, bridge, [EXEC_DESCRIPTION, 'createCodeModeTools', 'resolveCodeModeConfig', 'MAX_CODE_MODE_CATALOG_INDEX_CHARS', 'CODE_MODE_CATALOG_INDEX_HEADING', 'codeModeCatalogIndexFooter', 'describeCodeModeNamespacesForPrompt']);
  // Names an MCP server or tool identifier never takes in the namespace (createMcpNamespacePlan's uniqueIdentifier); absent before 2026.9.6.
  const ns = await privateBindings(dist, bridge, ['RESERVED_NAMESPACE_GLOBALS', 'RESERVED_NAMESPACE_FUNCTION_IDENTIFIERS']).catch(() => undefined);
  const namespaceReserved = ns?.RESERVED_NAMESPACE_GLOBALS && ns.RESERVED_NAMESPACE_FUNCTION_IDENTIFIERS ? [...new Set([...ns.RESERVED_NAMESPACE_GLOBALS, ...ns.RESERVED_NAMESPACE_FUNCTION_IDENTIFIERS])].sort() : undefined;
  const s = await privateBindings(dist, state, ['RESERVED_GLOBAL_NAMES', 'RESERVED_WORDS']);
  const [exec, wait] = b.createCodeModeTools({ config: {}, agentId: undefined });
  if (exec?.name !== 'exec' || wait?.name !== 'wait') throw new Error(`Code Mode: createCodeModeTools gave ${exec?.name}, ${wait?.name}`);
  const wire = (schema) => JSON.parse(JSON.stringify(schema));
  const { limits, executorDefault } = limitsOf(b.resolveCodeModeConfig);
  // What an unset `tools.codeMode`, and an authored object without `enabled`, mean in this release
  // (2026.9.6: "auto" and off; 2026.9.5: off and off).
  const whenUnset = b.resolveCodeModeConfig({}).enabled;
  const objectWithoutEnabled = b.resolveCodeModeConfig({ tools: { codeMode: { timeoutMs: 5000 } } }).enabled;
  for (const [what, v] of [['unset', whenUnset], ['an object without enabled', objectWithoutEnabled]]) {
    if (v !== true && v !== false && v !== 'auto') throw new Error(`Code Mode: resolveCodeModeConfig gives ${JSON.stringify(v)} for ${what}`);
  }
  const footer = (included, total) => b.codeModeCatalogIndexFooter(included, total);
  const omittedFooter = footer(1, 3988).split('3987').join('{{omitted}}');
  if (!omittedFooter.includes('{{omitted}}') || footer(1, 2) !== omittedFooter.replace('{{omitted}}', '1')) throw new Error('Code Mode: the index footer does not vary only by the omitted count');
  const describe = b.describeCodeModeNamespacesForPrompt.toString();
  const nsLines = /const lines = \[("(?:[^"\\]|\\.)*")\]/.exec(describe);
  const mcpSource = fs.readFileSync(path.join(dist, bridge), 'utf8');
  const mcpLines = /function describeMcpNamespaceForPrompt\(catalog\) \{[\s\S]*?return \[\s*("(?:[^"\\]|\\.)*"),\s*`((?:[^`\\]|\\.)*)`,\s*("(?:[^"\\]|\\.)*")\s*\];/.exec(mcpSource);
  if (!nsLines || !mcpLines) throw new Error('Code Mode: the MCP namespace prompt text is not where it was (describeCodeModeNamespacesForPrompt)');
  const serversLine = mcpLines[2].replace('${servers.join(", ")}', '{{servers}}');
  if (serversLine.includes('${')) throw new Error(`Code Mode: the MCP namespace line has another slot: ${serversLine}`);
  const runtime = runtimeTexts(dist, files);
  const resultBudget = await resultBudgetOf(dist, files);
  // Only where the runtime texts are: a release without them (2026.9.5) is refused by the runner anyway.
  const mcpApi = runtime ? await mcpApiTexts(dist, files) : undefined;
  return {
    source: `createCodeModeTools, ${EXEC_DESCRIPTION}, resolveCodeModeConfig (${bridge}); createCodeModeCatalogBindings' reserved names (${state}); bundled plugin manifests' modelCatalog`,
    ...(executorDefault !== undefined ? { executorDefault } : {}),
    whenUnset,
    objectWithoutEnabled,
    limits,
    exec: { name: exec.name, parameters: wire(exec.parameters), descriptionSegments: execSegments(b[EXEC_DESCRIPTION].toString()) },
    wait: { name: wait.name, description: wait.description, parameters: wire(wait.parameters) },
    index: { maxChars: b.MAX_CODE_MODE_CATALOG_INDEX_CHARS, heading: b.CODE_MODE_CATALOG_INDEX_HEADING, footerOmitted: omittedFooter, footerComplete: footer(2, 2) },
    namespace: { heading: JSON.parse(nsLines[1]), mcpLines: [JSON.parse(mcpLines[1]), serversLine, JSON.parse(mcpLines[3])] },
    reservedGlobals: [...s.RESERVED_GLOBAL_NAMES].sort(),
    reservedWords: [...s.RESERVED_WORDS].sort(),
    modelTiers: modelTiers(dist),
    ...(runtime && namespaceReserved && resultBudget ? { runtime: { ...runtime, namespaceReserved, resultBudget, mcpApi } } : {}),
  };
}
