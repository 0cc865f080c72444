import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { requestParts, type ProviderRequest } from './requestShapes';

/** The tokenizer of GPT-4o and later OpenAI models. */
export const TOKEN_ENCODING = 'o200k_base';

export interface PayloadBytes {
  tools: number;
  prompt: number;
  total: number;
}

export interface PayloadTokens extends PayloadBytes {
  encoding: string;
}

export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** The body serialized in two pieces, so a large tools array is serialized once. */
export interface SerializedRequest {
  tools: string;
  prompt: string;
  /** The body with its tools array, exactly as `JSON.stringify(body)`. */
  total: () => string;
  toolsBytes: number;
  totalBytes: number;
}

/**
 * Serializes a body once: the tools array, the prompt, and the envelope with
 * an empty tools array whose `[]` is the only place the tools go (so the total
 * is exact without serializing the tools a second time).
 */
export function serializeRequest(body: ProviderRequest): SerializedRequest {
  const parts = requestParts(body);
  const tools = JSON.stringify(parts.tools);
  const prompt = JSON.stringify(parts.prompt);
  if (!body.tools) {
    const whole = JSON.stringify(body);
    return { tools, prompt, total: () => whole, toolsBytes: utf8Bytes(tools), totalBytes: utf8Bytes(whole) };
  }
  const envelope = JSON.stringify({ ...body, tools: [] });
  const at = envelope.indexOf('"tools":[]') + '"tools":'.length;
  const toolsBytes = utf8Bytes(tools);
  const totalBytes = utf8Bytes(envelope) - 2 + toolsBytes;
  return { tools, prompt, total: () => envelope.slice(0, at) + tools + envelope.slice(at + 2), toolsBytes, totalBytes };
}

/** UTF-8 bytes of the serialized tools, the serialized prompt and the whole body, as sent. */
export function payloadBytes(body: ProviderRequest, serialized = serializeRequest(body)): PayloadBytes {
  return {
    tools: serialized.toolsBytes,
    prompt: utf8Bytes(serialized.prompt),
    total: serialized.totalBytes,
  };
}

export function tokenCount(text: string): number {
  return countTokens(text);
}

/**
 * Tokens of the same serialized parts with o200k_base. Providers add a few
 * framing tokens per message and per tool; these counts are of what is sent.
 */
export function payloadTokens(body: ProviderRequest, serialized = serializeRequest(body)): PayloadTokens {
  const tools = tokenCount(serialized.tools);
  const prompt = tokenCount(serialized.prompt);
  return { tools, prompt, total: tokenCount(serialized.total()), encoding: TOKEN_ENCODING };
}
