/** A `model` setting's primary ref: a string, or `{ primary }` (OpenClaw's two spellings). */
export function primaryOf(model: unknown): string | undefined {
  if (typeof model === 'string') {
    return model;
  }
  return model !== null && typeof model === 'object' && typeof (model as { primary?: unknown }).primary === 'string' ? (model as { primary: string }).primary : undefined;
}
