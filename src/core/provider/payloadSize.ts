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

/** UTF-8 bytes of the serialized tools, the serialized prompt and the whole body, as sent. */
export function payloadBytes(body: ProviderRequest): PayloadBytes {
  const parts = requestParts(body);
  return {
    tools: utf8Bytes(JSON.stringify(parts.tools)),
    prompt: utf8Bytes(JSON.stringify(parts.prompt)),
    total: utf8Bytes(JSON.stringify(body)),
  };
}

export function tokenCount(text: string): number {
  return countTokens(text);
}

/**
 * Tokens of the same serialized parts with o200k_base. Providers add a few
 * framing tokens per message and per tool; these counts are of what is sent.
 */
export function payloadTokens(body: ProviderRequest): PayloadTokens {
  const parts = requestParts(body);
  const tools = tokenCount(JSON.stringify(parts.tools));
  const prompt = tokenCount(JSON.stringify(parts.prompt));
  return { tools, prompt, total: tokenCount(JSON.stringify(body)), encoding: TOKEN_ENCODING };
}
