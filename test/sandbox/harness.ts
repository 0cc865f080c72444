import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import type { Catalog } from '../../src/core/catalog/catalog';
import { createToolSearchApi } from '../../src/core/gateway/toolSearchApi';
import type { ToolSearchApi } from '../../src/core/toolApi';
import { ToolIndex } from '../../src/core/search/toolIndex';
import { OpenWorkspace } from '../../src/core/workspace';
import { scratchDir } from '../helpers/scratch';

export const REPO = path.resolve(__dirname, '../..');
export const DEMO = path.join(REPO, 'examples/demo');

let bundle: Promise<string> | undefined;
const scratch: string[] = [];

// Under mocha (not in the benchmark): remove the bundle folders after all tests.
(globalThis as { after?: (fn: () => void) => void }).after?.(() => {
  for (const dir of scratch) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** Bundles the sandbox child from source into a scratch folder, as esbuild.mjs does for dist/. */
async function buildChild(prefix: string, plugins: esbuild.Plugin[] = []): Promise<string> {
  const dir = scratchDir(prefix);
  scratch.push(dir);
  const outfile = path.join(dir, 'sandbox.js');
  await esbuild.build({
    entryPoints: [path.join(REPO, 'src/sandbox/child.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
    plugins,
  });
  return outfile;
}

/** Builds the sandbox child from source once per test process (tests do not depend on `npm run build`). */
export function sandboxBundle(): Promise<string> {
  bundle ??= buildChild('tsi-sandbox-bundle-');
  return bundle;
}

/**
 * A sandbox bundle whose `freezeIntrinsics` does nothing (its check is the
 * real one): a child in which that layer did not hold, for the probe to catch.
 */
export function unfrozenSandboxBundle(): Promise<string> {
  const real = path.join(REPO, 'src/sandbox/freezeIntrinsics.ts');
  const noFreeze: esbuild.Plugin = {
    name: 'no-freeze',
    setup(build) {
      build.onLoad({ filter: /freezeIntrinsics\.ts$/ }, (args) =>
        args.path === real
          ? {
              contents: fs
                .readFileSync(real, 'utf8')
                .replace('export function freezeIntrinsics(', 'function unusedFreeze(')
                .concat('\nexport function freezeIntrinsics() { return 0; }'),
              loader: 'ts',
            }
          : undefined,
      );
    },
  };
  return buildChild('tsi-sandbox-unfrozen-', [noFreeze]);
}

export interface Runtime {
  label: string;
  /** Undefined when this runtime is not installed (its suite is skipped with a message). */
  nodePath: string | undefined;
  missing?: string;
}

/** Each runtime as it is probed and attacked: the default Node, then Node 22, 24 and 26. */
export function launchConfigs(): Runtime[] {
  const [defaultNode, ...others] = runtimes();
  if (!defaultNode || others.length === 0) {
    throw new Error('runtimes() lists the default Node and the others');
  }
  return [defaultNode, ...others];
}

/** The Node lines the sandbox must hold on besides the default `node` (20 on this machine). */
export const SANDBOX_NODE_MAJORS = [22, 24, 26] as const;

/**
 * The runtimes the suite runs on: the default `node`, and Node 22, 24 and 26
 * (26's permission model also denies network) from `TSI_SANDBOX_NODE` (paths
 * separated by the path delimiter) or the tooling folder that
 * `test/sandbox/tooling/install-node.mjs` fills. A missing one is skipped
 * with a message locally; `.ci/run` installs all of them, and sets
 * `TSI_SANDBOX_REQUIRE_ALL=1` so that a missing one fails there.
 */
export function runtimes(): Runtime[] {
  const list: Runtime[] = [{ label: `default node (${process.version} on PATH)`, nodePath: 'node' }];
  const fromEnv = process.env.TSI_SANDBOX_NODE;
  if (fromEnv) {
    for (const p of fromEnv.split(path.delimiter).filter(Boolean)) {
      list.push({ label: `TSI_SANDBOX_NODE ${p}`, nodePath: p });
    }
    return list;
  }
  const root = path.join(REPO, '.vscode-test', 'node');
  const installed = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'package', 'bin', 'node'))) : [];
  for (const major of SANDBOX_NODE_MAJORS) {
    const newest = installed
      .filter((v) => v.startsWith(`${major}.`))
      .sort((a, b) => b.localeCompare(a, undefined, { numeric: true }))[0];
    const missing = `Node ${major} is not installed: run \`node test/sandbox/tooling/install-node.mjs\` (or set TSI_SANDBOX_NODE)`;
    if (!newest && process.env.TSI_SANDBOX_REQUIRE_ALL === '1') {
      throw new Error(missing);
    }
    list.push(
      newest
        ? { label: `Node ${newest} (tooling folder)`, nodePath: path.join(root, newest, 'package', 'bin', 'node') }
        : { label: `Node ${major}`, nodePath: undefined, missing },
    );
  }
  return list;
}

export interface Demo {
  ws: OpenWorkspace;
  catalog: Catalog;
  api: ToolSearchApi;
  dispose(): Promise<void>;
}

/**
 * The demo workspace's real catalog (core tools, the fake plugin whose
 * handler really runs, policy denying `gateway`) behind the real gateway;
 * MCP servers are left out to keep the suite fast.
 */
export async function openDemo(): Promise<Demo> {
  const ws = new OpenWorkspace({ workspace: DEMO, noUserConfig: true, trusted: true, liveMcp: () => undefined, env: {} });
  const catalog = await ws.buildCatalog();
  const api = createToolSearchApi(ws, catalog, { index: ToolIndex.fromCatalog(catalog), idPrefix: 'test' });
  return { ws, catalog, api, dispose: () => ws.dispose() };
}

export const HOSTILE = path.join(REPO, 'test', 'fixtures', 'hostile');

/**
 * The hostile fixture workspace (tools that return and throw hostile values,
 * backtracking schemas, a denied tool, spoofed client names) behind the real gateway.
 */
export async function openHostile(): Promise<Demo> {
  const ws = new OpenWorkspace({ workspace: HOSTILE, noUserConfig: true, trusted: true, liveMcp: () => undefined, env: {} });
  const catalog = await ws.buildCatalog();
  const api = createToolSearchApi(ws, catalog, { index: ToolIndex.fromCatalog(catalog), idPrefix: 'test' });
  return { ws, catalog, api, dispose: () => ws.dispose() };
}

/** A loopback listener that counts every connection that reaches it. */
export async function listener(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  let n = 0;
  const server = net.createServer((s) => {
    n++;
    s.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => n,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
