import type { CodeModeMcpApiTexts } from '../sources/generatedTools';
import type { CatalogTool } from '../types';
import { mcpNamespace } from './codeModeGuest';

/**
 * What OpenClaw 2026.9.6's Code Mode hands a guest program about MCP servers
 * and saved results, reproduced byte for byte: the virtual API files
 * (`API.list` / `API.read`: `mcp/index.d.ts`, one `mcp/<server>.d.ts` per
 * server, `results.d.ts`), `MCP.$api()` and `MCP.<server>.$api()`, an MCP
 * handle's `describe()`, and the descriptor `results.save` returns. The
 * texts are model-facing, so every space, line and key order follows
 * OpenClaw's (`code-mode-mcp-api.ts`, `code-mode-namespaces.ts`,
 * `code-mode-result-preview.ts`). The texts themselves are the release's,
 * generated from its package (tools.json `codeMode.runtime.mcpApi`); what
 * stays here is how they are put together.
 *
 * Known difference: the schemas are the catalog's `parameters` as they are;
 * OpenClaw first normalizes an MCP input schema (`nullable: true` into a
 * type union, local `$ref`s inlined, top-level variants flattened, `items`
 * added to arrays without one), which changes `schemas` and, rarely, a header.
 */

type Json = Record<string, unknown>;

interface ParamDoc {
  name: string;
  required: boolean;
  type: string;
  description?: string;
  /** Present only when the schema has a `default` (JSON has no undefined, so presence and value agree). */
  defaultValue?: unknown;
}

interface McpToolDoc {
  method: string;
  path: string[];
  mcpTool: string;
  operation: string;
  description: string;
  parameters: unknown;
  params: ParamDoc[];
}

interface McpServerDoc {
  identifier: string;
  serverName: string;
  tools: McpToolDoc[];
}

export interface ApiFile {
  path: string;
  content: string;
  description: string;
  bytes: number;
}

/** The non-MCP files `API.list` / `API.read` serve besides the MCP ones. */
export interface ApiFileOptions {
  /** `results.d.ts`, which OpenClaw always serves, first (default true). */
  results?: boolean;
  /** `agents.d.ts`, served when the swarm globals are on (default false). */
  swarm?: boolean;
  /**
   * The run's native callable names: OpenClaw lists `tools/<name>.d.ts` for
   * each (path only, last); reading one is `describe(name, "declaration")`,
   * which this module does not build: see `nativeApiCallable`.
   */
  nativeCallables?: readonly string[];
  /** The release's reserved namespace names (tools.json \`codeMode.runtime.namespaceReserved\`). */
  namespaceReserved?: readonly string[];
}

function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Fills a generated template's `{{name}}` slots. */
function fill(template: string, slots: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{(\w+)\}\}/gu, (whole, name: string) => slots[name] ?? whole);
}

// ---- the server model: servers by identifier, tools by method ----

function toolDoc(texts: CodeModeMcpApiTexts, identifier: string, tool: CatalogTool): McpToolDoc {
  // The utility operations live under nested paths, not under an identifier of their own.
  const utility = tool.mcpOperation !== undefined && Object.hasOwn(texts.utilityPaths, tool.mcpOperation) ? texts.utilityPaths[tool.mcpOperation] : undefined;
  const path = utility ? [...utility] : [identifier];
  return {
    method: path.join('.'),
    path,
    // A utility tool's MCP name is its operation, whatever raw name the catalog keeps apart.
    mcpTool: utility ? (tool.mcpOperation ?? identifier) : (tool.rawName ?? tool.name),
    operation: utility ? (tool.mcpOperation ?? 'tool') : 'tool',
    description: tool.description,
    parameters: tool.parameters,
    params: buildParamDocs(tool.parameters),
  };
}

type McpNamespace = ReturnType<typeof mcpNamespace>;

function serverDocs(texts: CodeModeMcpApiTexts, namespace: McpNamespace): McpServerDoc[] {
  return namespace
    .map(({ server, tools }) => ({
      identifier: server,
      serverName: tools[0]?.tool.sourceName ?? server,
      tools: tools.map(({ identifier, tool }) => toolDoc(texts, identifier, tool)).sort((a, b) => a.method.localeCompare(b.method)),
    }))
    .sort((a, b) => a.identifier.localeCompare(b.identifier));
}

// ---- TypeScript-style types from JSON schemas ----

function schemaProperties(schema: unknown): Json {
  const properties = isRecord(schema) ? schema.properties : undefined;
  return isRecord(properties) ? properties : {};
}

function requiredKeys(schema: unknown): string[] {
  const required = isRecord(schema) ? schema.required : undefined;
  return Array.isArray(required) ? required.filter((k): k is string => typeof k === 'string') : [];
}

function buildParamDocs(schema: unknown, depth = 0): ParamDoc[] {
  const properties = schemaProperties(schema);
  const required = requiredKeys(schema);
  const requiredSet = new Set(required);
  return [...new Set([...required, ...Object.keys(properties)])].map((key) => {
    // Plain indexing, as OpenClaw reads it: a required key without a property reads whatever the object gives.
    const descriptor = properties[key];
    const doc: ParamDoc = { name: key, required: requiredSet.has(key), type: schemaType(descriptor, depth + 1) };
    if (isRecord(descriptor)) {
      const description = typeof descriptor.description === 'string' ? descriptor.description.trim() : '';
      if (description) {
        doc.description = description;
      }
      if (Object.hasOwn(descriptor, 'default')) {
        doc.defaultValue = descriptor.default;
      }
    }
    return doc;
  });
}

function propertyName(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/u.test(name) ? name : JSON.stringify(name);
}

function inlineObjectType(schema: unknown, params: readonly ParamDoc[], depth = 0): string {
  const additional = isRecord(schema) ? schema.additionalProperties : undefined;
  const patterns = isRecord(schema) ? schema.patternProperties : undefined;
  const extraType = isRecord(patterns) && Object.keys(patterns).length > 0 ? 'unknown' : additional === false ? 'never' : schemaType(additional, depth + 1);
  if (params.length === 0) {
    return `Record<string, ${extraType}>`;
  }
  const fields = params.map((p) => `${propertyName(p.name)}${p.required ? '' : '?'}: ${p.type};`);
  if (extraType !== 'never') {
    const types = new Set([extraType, ...params.map((p) => p.type)]);
    if (params.some((p) => !p.required)) {
      types.add('undefined');
    }
    fields.push(`[key: string]: ${types.has('unknown') || types.size > 8 ? 'unknown' : [...types].join(' | ')};`);
  }
  return `{ ${fields.join(' ')} }`;
}

/** An enum of up to 16 literals becomes their union, restricted to the declared types. */
function enumType(enumValues: readonly unknown[], types: ReadonlySet<unknown>): string | undefined {
  const compatible = enumValues.filter((entry) => {
    const type = entry === null ? 'null' : Array.isArray(entry) ? 'array' : typeof entry;
    return types.has(undefined) || types.has(type) || (type === 'number' && types.has('integer') && Number.isInteger(entry));
  });
  const literal = (e: unknown): boolean => e === null || typeof e === 'string' || typeof e === 'boolean' || (typeof e === 'number' && Number.isFinite(e));
  return compatible.every(literal) ? compatible.map((e) => JSON.stringify(e)).join(' | ') || 'never' : undefined;
}

function schemaType(schema: unknown, depth = 0): string {
  if (!isRecord(schema) || depth >= 8) {
    return 'unknown';
  }
  const enumValues = Array.isArray(schema.enum) ? (schema.enum as unknown[]) : undefined;
  const types = new Set<unknown>(Array.isArray(schema.type) ? schema.type : [schema.type]);
  const allowsNull = (types.has(undefined) || types.has('null') || schema.nullable === true) && (!enumValues || enumValues.includes(null));
  if (allowsNull && schema.nullable === true) {
    types.add('null');
  }
  if (!allowsNull) {
    types.delete('null');
  }
  if (enumValues && enumValues.length > 0 && enumValues.length <= 16) {
    const literals = enumType(enumValues, types);
    if (literals !== undefined) {
      return literals;
    }
  }
  const union = Array.isArray(schema.oneOf) ? (schema.oneOf as unknown[]) : Array.isArray(schema.anyOf) ? (schema.anyOf as unknown[]) : undefined;
  if (union && union.length > 0 && union.length <= 8) {
    return union.map((variant) => schemaType(variant, depth + 1)).join(' | ');
  }
  return (
    [...types]
      .map((type) => {
        switch (type) {
          case 'integer':
          case 'number':
            return 'number';
          case 'array':
            return `Array<${schemaType(schema.items, depth + 1)}>`;
          case 'string':
          case 'boolean':
          case 'null':
            return type;
          case 'object':
            return inlineObjectType(schema, buildParamDocs(schema, depth), depth);
          default:
            return 'unknown';
        }
      })
      .join(' | ') || 'never'
  );
}

// ---- the headers ----

function docLines(value: string | undefined): string[] {
  return value
    ? value
        .split(/\r?\n/u)
        .map((line) => line.trim())
        .filter(Boolean)
        .slice(0, 12)
    : [];
}

function escapeDoc(value: string): string {
  return value.replace(/\*\//gu, '* /').trim();
}

function docComment(summary: string, params: readonly ParamDoc[]): string[] {
  const summaryLines = docLines(summary);
  if (summaryLines.length === 0 && params.length === 0) {
    return [];
  }
  const lines = ['/**', ...summaryLines.map((line) => ` * ${escapeDoc(line)}`)];
  // OpenClaw opens the @param block even when no parameter has a text to show (a lone ` *`).
  if (summaryLines.length > 0 && params.length > 0) {
    lines.push(' *');
  }
  for (const p of params) {
    const suffix = p.defaultValue === undefined ? '' : ` Default: ${JSON.stringify(p.defaultValue)}.`;
    const text = `${docLines(p.description).join(' ')}${suffix}`.trim();
    if (text) {
      lines.push(` * ${escapeDoc(`@param ${p.name}${p.required ? '' : '?'} ${text}`)}`);
    }
  }
  lines.push(' */');
  return lines;
}

function toolSignature(texts: CodeModeMcpApiTexts, tool: McpToolDoc): string[] {
  // A required parameter with a default may be left out: the namespace fills the default in.
  const params = tool.params.map((p) => ({ ...p, required: p.required && p.defaultValue === undefined }));
  const optional = params.some((p) => p.required) ? '' : '?';
  return [
    ...docComment(tool.description, params),
    `function ${tool.path.at(-1) ?? tool.method}(`,
    `  input${optional}: ${inlineObjectType(tool.parameters, params)}`,
    // An operation the table lacks reads `undefined`, as OpenClaw's lookup gives it.
    `): Promise<${(Object.hasOwn(texts.resultTypes, tool.operation) ? texts.resultTypes[tool.operation] : undefined) ?? 'undefined'}>;`,
  ];
}

function serverHeader(texts: CodeModeMcpApiTexts, server: McpServerDoc, tools: readonly McpToolDoc[]): string {
  const lines = [fill(texts.serverHeader.open, { identifier: server.identifier })];
  const groups = new Map<string, McpToolDoc[]>();
  for (const tool of tools) {
    if (tool.path.length === 1) {
      lines.push('', ...toolSignature(texts, tool).map((line) => `  ${line}`));
      continue;
    }
    const name = tool.path[0] ?? 'tools';
    groups.set(name, [...(groups.get(name) ?? []), tool]);
  }
  for (const [name, members] of [...groups].sort((a, b) => a[0].localeCompare(b[0]))) {
    lines.push('', `  namespace ${name} {`);
    for (const tool of members) {
      lines.push('', ...toolSignature(texts, tool).map((line) => `    ${line}`));
    }
    lines.push('  }');
  }
  lines.push(texts.serverHeader.close);
  return lines.join('\n');
}

// ---- $api and describe() ----

/** `MCP.$api()`'s value: the root header and every server with its tool count. */
export function mcpRootApi(catalog: readonly CatalogTool[], texts: CodeModeMcpApiTexts, reserved: readonly string[] = []): unknown {
  return {
    kind: texts.kind,
    scope: texts.scopes.root,
    header: texts.rootHeader,
    servers: serverDocs(texts, mcpNamespace(catalog, reserved)).map((s) => ({ identifier: s.identifier, serverName: s.serverName, toolCount: s.tools.length })),
    note: texts.rootNote,
  };
}

function serverApi(texts: CodeModeMcpApiTexts, server: McpServerDoc, selector: unknown, options: unknown): unknown {
  const name = typeof selector === 'string' ? selector.trim() : '';
  // The method first (`resources.read`), then the MCP tool's own name (`resources_read`), which may match several.
  const exact = server.tools.find((t) => t.method === name);
  const selected = name ? (exact ? [exact] : server.tools.filter((t) => t.mcpTool === name)) : server.tools;
  return {
    kind: texts.kind,
    scope: selected.length === 1 ? texts.scopes.tool : texts.scopes.server,
    server: { identifier: server.identifier, serverName: server.serverName },
    header: serverHeader(texts, server, selected),
    tools: selected.map((t) => ({ method: t.method, path: t.path, mcpTool: t.mcpTool, operation: t.operation, description: t.description })),
    ...(isRecord(options) && options.schema === true ? { schemas: Object.fromEntries(selected.map((t) => [t.method, t.parameters])) } : {}),
    note: texts.serverNote,
  };
}

/**
 * `MCP.<server>.$api(toolName?, { schema? })`'s value. Throws for a server
 * the namespace lacks (in the guest, `MCP.<unknown>` is undefined and the
 * call a TypeError).
 */
export function mcpServerApi(catalog: readonly CatalogTool[], texts: CodeModeMcpApiTexts, serverIdentifier: string, toolName?: string, options?: { schema?: boolean }, reserved: readonly string[] = []): unknown {
  const server = serverDocs(texts, mcpNamespace(catalog, reserved)).find((s) => s.identifier === serverIdentifier);
  if (!server) {
    // Ours, not OpenClaw's: its guest never reaches a missing server's $api (see above).
    throw new Error(`Unknown MCP server: ${serverIdentifier}`);
  }
  return serverApi(texts, server, toolName, options);
}

/** An MCP handle's `describe()`: its server's `$api(<method>, { schema: true })`. Throws for a tool outside the namespace. */
export function mcpHandleDescribe(catalog: readonly CatalogTool[], texts: CodeModeMcpApiTexts, tool: CatalogTool, reserved: readonly string[] = []): unknown {
  const namespace = mcpNamespace(catalog, reserved);
  for (const { server, tools } of namespace) {
    const entry = tools.find((t) => t.tool.id === tool.id);
    const doc = serverDocs(texts, namespace).find((s) => s.identifier === server);
    if (entry && doc) {
      return serverApi(texts, doc, toolDoc(texts, entry.identifier, entry.tool).method, { schema: true });
    }
  }
  throw new Error(`Not an MCP tool of this run: ${tool.id}`);
}

// ---- the virtual API files ----

function mcpApiFiles(catalog: readonly CatalogTool[], texts: CodeModeMcpApiTexts, reserved: readonly string[]): ApiFile[] {
  const servers = serverDocs(texts, mcpNamespace(catalog, reserved));
  if (servers.length === 0) {
    return [];
  }
  const { mcpIndex, mcpServer, inlineServer } = texts.files;
  // The server whose file would be the index's own path cannot have one: its header joins the root's.
  const indexServer = servers.find((s) => s.identifier === inlineServer);
  const separate = servers.filter((s) => s.identifier !== inlineServer);
  const root = [
    ...separate.map((s) => fill(mcpIndex.reference, { identifier: s.identifier })),
    '',
    texts.rootHeader,
    ...(indexServer ? ['', serverHeader(texts, indexServer, indexServer.tools)] : []),
  ].join('\n');
  return [
    apiFile(mcpIndex.path, mcpIndex.description, root),
    ...separate.map((s) => {
      const slots = { identifier: s.identifier, serverName: s.serverName };
      return apiFile(fill(mcpServer.path, slots), fill(mcpServer.description, slots), serverHeader(texts, s, s.tools));
    }),
  ];
}

function apiFile(path: string, description: string, content: string): ApiFile {
  return { path, content, description, bytes: Buffer.byteLength(content, 'utf8') };
}

function apiFiles(catalog: readonly CatalogTool[], texts: CodeModeMcpApiTexts, options: ApiFileOptions): ApiFile[] {
  const { results, agents } = texts.files;
  return [
    ...(options.results !== false ? [apiFile(results.path, results.description, results.content)] : []),
    ...(options.swarm === true ? [apiFile(agents.path, agents.description, agents.content)] : []),
    ...mcpApiFiles(catalog, texts, options.namespaceReserved ?? []),
  ];
}

/** OpenClaw's path check: leading slashes dropped; an empty, `.` or `..` segment refused. */
function normalizeApiPath(value: string, texts: CodeModeMcpApiTexts): string {
  const text = value.trim().replace(/^\/+/u, '');
  if (!text || text.split('/').some((segment) => !segment || segment === '.' || segment === '..')) {
    throw new Error(texts.errors.invalidPath);
  }
  return text;
}

/**
 * `API.list(prefix?)`'s value: `{ files: { path, description, bytes }[] }`,
 * `results.d.ts` (and `agents.d.ts`), `mcp/index.d.ts`, one
 * `mcp/<server>.d.ts` per server, then `tools/<callable>.d.ts` (path only).
 * The prefix is a directory or an exact path; a trailing slash is allowed.
 */
export function mcpApiList(catalog: readonly CatalogTool[], texts: CodeModeMcpApiTexts, prefix?: string, options: ApiFileOptions = {}): unknown {
  const raw = (prefix ?? '').trim().replace(/\/+$/u, '');
  const normalized = raw === '' ? '' : normalizeApiPath(raw, texts);
  const dir = normalized.replace(/\/?$/u, '/');
  const listed: { path: string; description?: string; bytes?: number }[] = [
    ...apiFiles(catalog, texts, options).map(({ path, description, bytes }) => ({ path, description, bytes })),
    ...(options.nativeCallables ?? []).map((name) => ({ path: fill(texts.files.nativeCallable, { callable: name }) })),
  ];
  return { files: listed.filter((f) => !normalized || f.path === normalized || f.path.startsWith(dir)) };
}

/**
 * `API.read(path)`'s value: `{ path, content, description, bytes }`. Throws
 * OpenClaw's `invalid API file path` or `Unknown API file: <path>`; a
 * `tools/<callable>.d.ts` path is the caller's (`nativeApiCallable`).
 */
export function mcpApiRead(catalog: readonly CatalogTool[], texts: CodeModeMcpApiTexts, path: string, options: ApiFileOptions = {}): unknown {
  const normalized = normalizeApiPath(path, texts);
  const file = apiFiles(catalog, texts, options).find((f) => f.path === normalized);
  if (!file) {
    throw new Error(`${texts.errors.unknownFile}${normalized}`);
  }
  return file;
}

/** The native callable a `tools/<callable>.d.ts` path names, when it is one of the run's (its read is describe's declaration). */
export function nativeApiCallable(path: string, nativeCallables: readonly string[], texts: CodeModeMcpApiTexts): string | undefined {
  const normalized = normalizeApiPath(path, texts);
  return nativeCallables.find((name) => fill(texts.files.nativeCallable, { callable: name }) === normalized);
}

// ---- results.save's descriptor ----

const MAX_REFERENCE_BYTES = 768;
const MAX_VISITS = 128;
const MAX_DEPTH = 5;
const MAX_KEYS = 16;
const MAX_ARRAYS = 8;
/** The descriptor's byte bound counts the id, `result_<uuid>`: a stand-in of the same length fits it the same way. */
const ID_STAND_IN = `result_${'0'.repeat(36)}`;

function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

/** The longest UTF-8 prefix within `maxBytes`, cut as OpenClaw cuts it (a UTF-16 slice first). */
function utf8Prefix(value: string, maxBytes: number): string {
  if (maxBytes <= 0) {
    return '';
  }
  if (value.length <= maxBytes && Buffer.byteLength(value) <= maxBytes) {
    return value;
  }
  const bytes = Buffer.from(value.slice(0, maxBytes));
  let end = maxBytes;
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) {
    end -= 1;
  }
  return bytes.subarray(0, end).toString('utf8');
}

function previewText(value: string, maxBytes: number): string {
  const prefix = utf8Prefix(value, maxBytes);
  return prefix === value ? value : `${prefix}…`;
}

/**
 * The longest prefix of `text` whose JSON string stays within `limit`
 * bytes; never the whole text unless it fits whole (OpenClaw's
 * `createJsonPrefixFitter`, used once, with no overhead).
 */
function jsonPrefix(text: string, limit: number): string {
  if (limit <= 0) {
    return '';
  }
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= limit && jsonBytes(text) <= limit) {
    return text;
  }
  const encoded = Buffer.from(text.slice(0, Math.ceil(Math.min(bytes, limit))));
  let end = 0;
  let escaped = 2;
  while (end < encoded.byteLength) {
    const byte = encoded[end] ?? 0;
    const width = byte < 128 ? 1 : byte < 224 ? 2 : byte < 240 ? 3 : 4;
    const next = end + width;
    if (next >= bytes || next > limit) {
      break;
    }
    escaped += byte === 34 || byte === 92 || byte === 8 || byte === 9 || byte === 10 || byte === 12 || byte === 13 ? 2 : byte < 32 ? 6 : width;
    if (escaped > limit) {
      break;
    }
    end = next;
  }
  return encoded.subarray(0, end).toString('utf8');
}

function kind(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

function sampleIndices(length: number): number[] {
  return length ? [...new Set([0, Math.floor(length / 2), length - 1])] : [];
}

function ownKeys(value: Json): string[] {
  const keys: string[] = [];
  for (const key in value) {
    if (Object.hasOwn(value, key)) {
      keys.push(key);
    }
  }
  return keys;
}

function sampleShape(value: unknown): string {
  if (!isRecord(value)) {
    return kind(value);
  }
  const fields = ownKeys(value)
    .slice(0, 6)
    .map((key) => `${JSON.stringify(previewText(key, 40))}:${kind(value[key])}`);
  return `{${fields.join(',')}}`;
}

function sampledValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    return previewText(value, 48);
  }
  if (!isRecord(value) && !Array.isArray(value)) {
    return value;
  }
  if (depth >= 2) {
    return Array.isArray(value) ? `[array: ${value.length} items]` : '[object]';
  }
  if (Array.isArray(value)) {
    return value.slice(0, 2).map((item: unknown) => sampledValue(item, depth + 1));
  }
  // No prototype: a `__proto__` key is a field like any other.
  const sample = Object.create(null) as Json;
  for (const key of ownKeys(value).slice(0, 6)) {
    sample[previewText(key, 40)] = sampledValue(value[key], depth + 1);
  }
  return sample;
}

/** Up to four short scalar fields of the top object, non-strings first, within 96 bytes. */
function envelopeFields(value: unknown): Json | undefined {
  if (!isRecord(value)) {
    return undefined;
  }
  const candidates: [string, unknown][] = [];
  for (const key of ownKeys(value).slice(0, MAX_KEYS)) {
    const item = value[key];
    if ((item === null || typeof item !== 'object') && (typeof item !== 'string' || item.length <= 48)) {
      candidates.push([previewText(key, 40), item]);
    }
  }
  candidates.sort((a, b) => Number(typeof a[1] === 'string') - Number(typeof b[1] === 'string'));
  const fields = Object.create(null) as Json;
  let kept = 0;
  for (const [key, item] of candidates) {
    fields[key] = item;
    if (jsonBytes(fields) > 96) {
      delete fields[key];
    } else if (++kept === 4) {
      break;
    }
  }
  return kept ? fields : undefined;
}

interface Visit {
  value: unknown;
  path: string;
  depth: number;
}

/** The up to 8 largest arrays a bounded breadth-first walk finds, and whether the walk was cut short. */
function inspectArrays(value: unknown): { arrays: { path: string; value: unknown[] }[]; limited: boolean } {
  const queue: Visit[] = [{ value, path: '$', depth: 0 }];
  const arrays: { path: string; value: unknown[] }[] = [];
  let limited = false;
  for (let i = 0; i < queue.length; i++) {
    const entry = queue[i] as Visit;
    const current = entry.value;
    if (!isRecord(current) && !Array.isArray(current)) {
      continue;
    }
    if (Array.isArray(current)) {
      arrays.push({ path: entry.path, value: current });
      arrays.sort((a, b) => b.value.length - a.value.length || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      if (arrays.length > MAX_ARRAYS) {
        arrays.pop();
        limited = true;
      }
    }
    if (entry.depth === MAX_DEPTH) {
      limited = true;
      continue;
    }
    const enqueue = (child: unknown, path: string): void => {
      if (queue.length >= MAX_VISITS || Buffer.byteLength(path) > 192) {
        limited = true;
      } else {
        queue.push({ value: child, path, depth: entry.depth + 1 });
      }
    };
    if (Array.isArray(current)) {
      const indices = sampleIndices(current.length);
      limited ||= indices.length < current.length;
      for (const index of indices) {
        enqueue(current[index], `${entry.path}[${index}]`);
      }
      continue;
    }
    limited = walkKeys(current, entry.path, enqueue) || limited;
  }
  return { arrays, limited };
}

/** Enqueues up to 16 keys of an object; true when some were left out. */
function walkKeys(value: Json, path: string, enqueue: (child: unknown, path: string) => void): boolean {
  let limited = false;
  let keys = 0;
  for (const key of ownKeys(value)) {
    if (++keys > MAX_KEYS) {
      return true;
    }
    if (key.length > 192) {
      limited = true;
      continue;
    }
    enqueue(value[key], path + (/^[A-Za-z_$][A-Za-z0-9_$]*$/u.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`));
  }
  return limited;
}

interface Descriptor {
  id: string;
  bytes: number;
  count: number;
  shape: string;
  preview: string;
  previewTruncated: boolean;
}

/** Over 768 bytes, only the descriptive samples shrink: a third of what is left to the shape, the rest to the preview. */
function fitDescriptor(reference: Descriptor): Descriptor {
  if (jsonBytes(reference) <= MAX_REFERENCE_BYTES) {
    return reference;
  }
  const minimal = { ...reference, shape: '', preview: '', previewTruncated: true };
  const remaining = MAX_REFERENCE_BYTES - jsonBytes(minimal);
  if (remaining < 0) {
    throw new Error('Code Mode reference identity exceeds its descriptor allowance.');
  }
  const shapeBytes = 2 + Math.floor(remaining / 3);
  const shape = jsonPrefix(reference.shape, shapeBytes);
  const preview = jsonPrefix(reference.preview, 2 + remaining - (jsonBytes(shape) - 2));
  return { ...minimal, shape, preview };
}

/** The guest value as the host stores it: JSON, or OpenClaw's stand-in for what JSON cannot hold. */
function storedJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    if (value instanceof Error) {
      return JSON.stringify({ name: value.name, message: value.message });
    }
    return typeof value === 'bigint' ? JSON.stringify(String(value)) : JSON.stringify(Object.prototype.toString.call(value));
  }
}

/** `results.save(value)`'s descriptor without its id: the bytes and count of the stored JSON, a sampled shape, a bounded preview. */
export function savedResultDescriptor(value: unknown): { bytes: number; count: number; shape: string; preview: string; previewTruncated: boolean } {
  const json = storedJson(value);
  const parsed: unknown = JSON.parse(json);
  const { arrays, limited } = inspectArrays(parsed);
  const samples = arrays.map(({ path, value: items }) => {
    const indices = sampleIndices(items.length);
    const shapes = [...new Set(indices.map((i) => sampleShape(items[i])))];
    return {
      path,
      count: items.length,
      observed: `sampled ${indices.length}/${items.length}${shapes.length > 1 ? ' heterogeneous' : ''}: ${shapes.join(' | ')}`,
      items: indices.map((index) => ({ index, value: sampledValue(items[index]) })),
    };
  });
  const bytes = Buffer.byteLength(json, 'utf8');
  const sampled = samples.length
    ? { sampled: true, traversalLimited: limited, fields: envelopeFields(parsed), arrays: samples.map(({ path, count, items }) => ({ path, count, items })) }
    : { sampled: true, traversalLimited: limited, value: sampledValue(parsed) };
  const { id: _id, ...descriptor } = fitDescriptor({
    id: ID_STAND_IN,
    bytes,
    count: Array.isArray(parsed) ? parsed.length : isRecord(parsed) ? Object.keys(parsed).length : 1,
    shape: `${limited ? 'limited traversal; ' : ''}${samples.length ? samples.map((s) => `${s.path}: ${s.count} items, ${s.observed}`).join('; ') : sampleShape(parsed)}`,
    preview: bytes <= 256 ? json : JSON.stringify(sampled),
    previewTruncated: bytes > 256,
  });
  return descriptor;
}
