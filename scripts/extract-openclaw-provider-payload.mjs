#!/usr/bin/env node
/**
 * Extracts, from OpenClaw packages, what a bundled provider plugin adds to the
 * request payload that the prompt templates do not show (issue 40): the
 * Ollama plugin's `options.num_ctx` on its OpenAI-compatible route
 * (extensions/ollama: `resolveOllamaNumCtx` / `resolveOllamaCompatNumCtx`):
 * whether the release injects it, whether a model's `params.num_ctx` wins,
 * the model fields it falls back through, in order, and the last default.
 *
 *   node scripts/extract-openclaw-provider-payload.mjs <version or path to node_modules/openclaw> ...
 *
 * A version is fetched with `npm pack` into a scratch folder (generation time
 * only). Merges into src/core/prompt/providerPayload.json, releases in
 * version order. Test tooling only: nothing here runs in the extension or the CLI.
 */
import * as path from 'node:path';
import { distTexts, mergeReleaseFacts, packageDir, packageVersion } from './lib/releaseFacts.mjs';

const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outFile = path.join(repo, 'src', 'core', 'prompt', 'providerPayload.json');
const INJECT = 'function shouldInjectOllamaCompatNumCtx(';
const RESOLVERS = ['function resolveOllamaNumCtx(model)', 'function resolveOllamaCompatNumCtx(model)'];
const CHAIN = /Math\.floor\(((?:model\.\w+ \?\? )+)([\d.e]+)\)/;

const args = process.argv.slice(2);
if (args.length === 0) {
  console.error('usage: extract-openclaw-provider-payload.mjs <version or path to node_modules/openclaw> ...');
  process.exit(2);
}

function factsOf(pkg) {
  const version = packageVersion(pkg);
  const all = distTexts(path.join(pkg, 'dist'), ['control-ui', 'vendor']);
  const src = all.find((t) => t.includes(INJECT) && RESOLVERS.some((r) => t.includes(r)));
  if (!src) return { version, ollamaNumCtx: null };
  const inject = src.slice(src.indexOf(INJECT), src.indexOf(INJECT) + 600);
  // The conditions this product applies: the OpenAI-compatible route, and the provider config's opt-out.
  if (!inject.includes('params.model.api !== "openai-completions"') || !src.includes('?.injectNumCtxForOpenAICompat ?? true')) {
    throw new Error(`${version}: shouldInjectOllamaCompatNumCtx no longer reads as modelled`);
  }
  const resolver = RESOLVERS.find((r) => src.includes(r));
  const body = src.slice(src.indexOf(resolver), src.indexOf(resolver) + 400).split('\n}')[0];
  const chain = CHAIN.exec(body);
  if (!chain) throw new Error(`${version}: ${resolver} has no model.X ?? ... ?? N chain`);
  return {
    version,
    ollamaNumCtx: {
      paramsNumCtx: body.includes('resolveOllamaConfiguredNumCtx(model) ??'),
      fields: chain[1].split(' ?? ').filter(Boolean).map((f) => f.replace(/^model\./, '')),
      fallback: Number(chain[2]),
    },
  };
}

const facts = {};
for (const arg of args) {
  const { version, ollamaNumCtx } = factsOf(packageDir(arg));
  facts[version] = { ollamaNumCtx };
  console.error(`extract-openclaw-provider-payload: ${version}: ${ollamaNumCtx ? `num_ctx ${ollamaNumCtx.paramsNumCtx ? 'params.num_ctx, then ' : ''}${ollamaNumCtx.fields.join(' ?? ')} ?? ${ollamaNumCtx.fallback}` : 'none'}`);
}
mergeReleaseFacts(outFile, 'scripts/extract-openclaw-provider-payload.mjs', facts);
console.error(`extract-openclaw-provider-payload: wrote ${path.relative(repo, outFile)}`);
