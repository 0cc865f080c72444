import type { ModelTool } from '../modes/toolSearchTools';

/**
 * Request bodies an OpenAI-compatible provider receives for one turn.
 * Chat Completions is the default: it is the shape every OpenAI-compatible
 * server accepts (vLLM, Ollama, LM Studio, OpenRouter...); the Responses
 * shape is what OpenAI's own endpoint prefers.
 */
export type ProviderApi = 'chat' | 'responses';

export const DEFAULT_PROVIDER_API: ProviderApi = 'chat';
export const DEFAULT_MODEL = 'gpt-5-mini';

export interface TurnInput {
  model?: string;
  systemPrompt: string;
  userPrompt: string;
  tools: readonly ModelTool[];
}

export interface ChatCompletionsBody {
  model: string;
  messages: { role: 'system' | 'user'; content: string }[];
  tools?: { type: 'function'; function: ModelTool }[];
  tool_choice?: 'auto';
}

export interface ResponsesBody {
  model: string;
  instructions: string;
  input: { role: 'user'; content: string }[];
  tools?: { type: 'function'; name: string; description: string; parameters: ModelTool['parameters']; strict: false }[];
  tool_choice?: 'auto';
}

export type ProviderRequest = ChatCompletionsBody | ResponsesBody;

export function chatCompletionsBody(turn: TurnInput): ChatCompletionsBody {
  const body: ChatCompletionsBody = {
    model: turn.model ?? DEFAULT_MODEL,
    messages: [
      { role: 'system', content: turn.systemPrompt },
      { role: 'user', content: turn.userPrompt },
    ],
  };
  if (turn.tools.length > 0) {
    body.tools = turn.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
    body.tool_choice = 'auto';
  }
  return body;
}

export function responsesBody(turn: TurnInput): ResponsesBody {
  const body: ResponsesBody = {
    model: turn.model ?? DEFAULT_MODEL,
    instructions: turn.systemPrompt,
    input: [{ role: 'user', content: turn.userPrompt }],
  };
  if (turn.tools.length > 0) {
    // strict: false because MCP and client schemas are not strict-mode schemas.
    body.tools = turn.tools.map((t) => ({ type: 'function', name: t.name, description: t.description, parameters: t.parameters, strict: false }));
    body.tool_choice = 'auto';
  }
  return body;
}

export function providerRequest(api: ProviderApi, turn: TurnInput): ProviderRequest {
  return api === 'responses' ? responsesBody(turn) : chatCompletionsBody(turn);
}

/** The parts of a body whose sizes are reported: the tools array and the prompt (system + user). */
export function requestParts(body: ProviderRequest): { tools: unknown; prompt: unknown } {
  if ('messages' in body) {
    return { tools: body.tools ?? [], prompt: body.messages };
  }
  return { tools: body.tools ?? [], prompt: { instructions: body.instructions, input: body.input } };
}
