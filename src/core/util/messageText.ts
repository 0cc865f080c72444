/**
 * The text of a chat message's content: a string as it is, or the `text` of
 * each part of a part list, joined (OpenClaw sends and stores both shapes).
 * Undefined when the content is neither.
 */
export function messageText(content: unknown): string | undefined {
  if (typeof content === 'string') {
    return content;
  }
  if (!Array.isArray(content)) {
    return undefined;
  }
  return content.map((part: unknown) => (part !== null && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string' ? (part as { text: string }).text : '')).join('');
}
