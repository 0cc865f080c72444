/**
 * What people see is what is there. Tool names, descriptions, labels and
 * results come from MCP servers, plugins and client-tools files: untrusted
 * text. Before any of it is shown to a person (a terminal, a tree item, a
 * webview, a Markdown comment) it goes through `visibleText` or
 * `visibleLines`, which write every character that could act on a terminal,
 * reorder the text around it or hide in it as a visible escape:
 *
 * - controls U+0000-U+009F (C0, DEL, C1): JavaScript escapes, `\t`, `\n`,
 *   `\r`, otherwise `\xHH` (`\u001b[2J` shows as `\x1b[2J`);
 * - every other character of the set below: `<U+XXXX>`
 *   (`read\u202Egnp.exe` shows as `read<U+202E>gnp.exe`).
 *
 * The set (`hiddenKind`): controls (and U+2028/U+2029, which break lines);
 * bidi marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F,
 * U+202A-U+202E, U+2066-U+2069); invisible and format characters (U+00AD,
 * U+034F, U+115F, U+1160, U+17B4, U+17B5, U+180B-U+180F, U+200B-U+200D,
 * U+2060-U+2064, U+206A-U+206F, U+3164, U+FE00-U+FE0F, U+FEFF, U+FFA0,
 * U+FFF9-U+FFFB, U+1D173-U+1D17A, tags U+E0000-U+E007F, U+E0100-U+E01EF) and
 * lone surrogates. Emoji sequences that use U+200D or U+FE0F show them
 * escaped too: the set does not guess which uses are benign. Look-alike
 * letters (Cyrillic `а` for `a`) are out of scope.
 *
 * Display only: what the model is sent, what `--json` prints and what a
 * snapshot stores keep the text as it is. Pure string code without Node
 * built-ins, so webviews bundle it too (docs/architecture.md).
 */

/** Why a character is escaped: it acts on terminals, reorders text, or cannot be seen. */
export type HiddenKind = 'control' | 'bidi' | 'invisible';

/** One escaped character of a text: its code point, its 0-based code-point index, its kind and name. */
export interface HiddenCharacter {
  index: number;
  codePoint: number;
  kind: HiddenKind;
  name: string;
}

// Every character `visibleText` escapes (with `u`, `\uD800-\uDFFF` matches lone surrogates only).
const HIDDEN_SOURCE =
  '[\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u200b-\\u200f\\u2028\\u2029' +
  '\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0\\ufff9-\\ufffb' +
  '\\u{1d173}-\\u{1d17a}\\u{e0000}-\\u{e007f}\\u{e0100}-\\u{e01ef}\\ud800-\\udfff]';
// The class lists joiners and variation selectors one by one on purpose: each is matched alone.
// eslint-disable-next-line no-misleading-character-class -- see above
const HIDDEN = new RegExp(HIDDEN_SOURCE, 'u');
// eslint-disable-next-line no-misleading-character-class -- see above
const HIDDEN_ALL = new RegExp(HIDDEN_SOURCE, 'gu');
// The same set less tab and line feed, for text shown over several lines.
const HIDDEN_LINES_ALL = new RegExp(HIDDEN_SOURCE.replace('\\u0000-\\u001f', '\\u0000-\\u0008\\u000b-\\u001f'), 'gu');

const C0_NAMES = [
  'NULL', 'START OF HEADING', 'START OF TEXT', 'END OF TEXT', 'END OF TRANSMISSION', 'ENQUIRY', 'ACKNOWLEDGE', 'BELL',
  'BACKSPACE', 'CHARACTER TABULATION', 'LINE FEED', 'LINE TABULATION', 'FORM FEED', 'CARRIAGE RETURN', 'SHIFT OUT', 'SHIFT IN',
  'DATA LINK ESCAPE', 'DEVICE CONTROL ONE', 'DEVICE CONTROL TWO', 'DEVICE CONTROL THREE', 'DEVICE CONTROL FOUR',
  'NEGATIVE ACKNOWLEDGE', 'SYNCHRONOUS IDLE', 'END OF TRANSMISSION BLOCK', 'CANCEL', 'END OF MEDIUM', 'SUBSTITUTE', 'ESCAPE',
  'INFORMATION SEPARATOR FOUR', 'INFORMATION SEPARATOR THREE', 'INFORMATION SEPARATOR TWO', 'INFORMATION SEPARATOR ONE',
];

const NAMES: Readonly<Record<number, string>> = {
  0x7f: 'DELETE',
  0x85: 'NEXT LINE',
  0x90: 'DEVICE CONTROL STRING',
  0x9b: 'CONTROL SEQUENCE INTRODUCER',
  0x9c: 'STRING TERMINATOR',
  0x9d: 'OPERATING SYSTEM COMMAND',
  0xad: 'SOFT HYPHEN',
  0x34f: 'COMBINING GRAPHEME JOINER',
  0x61c: 'ARABIC LETTER MARK',
  0x115f: 'HANGUL CHOSEONG FILLER',
  0x1160: 'HANGUL JUNGSEONG FILLER',
  0x17b4: 'KHMER VOWEL INHERENT AQ',
  0x17b5: 'KHMER VOWEL INHERENT AA',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2061: 'FUNCTION APPLICATION',
  0x2062: 'INVISIBLE TIMES',
  0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x206a: 'INHIBIT SYMMETRIC SWAPPING',
  0x206b: 'ACTIVATE SYMMETRIC SWAPPING',
  0x206c: 'INHIBIT ARABIC FORM SHAPING',
  0x206d: 'ACTIVATE ARABIC FORM SHAPING',
  0x206e: 'NATIONAL DIGIT SHAPES',
  0x206f: 'NOMINAL DIGIT SHAPES',
  0x3164: 'HANGUL FILLER',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
  0xffa0: 'HALFWIDTH HANGUL FILLER',
  0xfff9: 'INTERLINEAR ANNOTATION ANCHOR',
  0xfffa: 'INTERLINEAR ANNOTATION SEPARATOR',
  0xfffb: 'INTERLINEAR ANNOTATION TERMINATOR',
  0xe0001: 'LANGUAGE TAG',
  0xe007f: 'CANCEL TAG',
};

const BIDI: ReadonlySet<number> = new Set([0x61c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);

function hex(cp: number): string {
  return cp.toString(16).toUpperCase().padStart(4, '0');
}

/** The kind of a code point that display escapes, or undefined when it is shown as it is. */
export function hiddenKind(codePoint: number): HiddenKind | undefined {
  if (!HIDDEN.test(String.fromCodePoint(codePoint))) {
    return undefined;
  }
  if (codePoint <= 0x9f || codePoint === 0x2028 || codePoint === 0x2029) {
    return 'control';
  }
  return BIDI.has(codePoint) ? 'bidi' : 'invisible';
}

/** The character's Unicode name (a generic one for C1 controls, selectors and tags). */
export function characterName(codePoint: number): string {
  if (codePoint < 0x20) {
    return C0_NAMES[codePoint] ?? 'CONTROL';
  }
  const known = NAMES[codePoint];
  if (known) {
    return known;
  }
  if (codePoint >= 0x80 && codePoint <= 0x9f) {
    return 'C1 CONTROL';
  }
  if (codePoint >= 0xfe00 && codePoint <= 0xfe0f) {
    return `VARIATION SELECTOR-${codePoint - 0xfe00 + 1}`;
  }
  if (codePoint >= 0xe0100 && codePoint <= 0xe01ef) {
    return `VARIATION SELECTOR-${codePoint - 0xe0100 + 17}`;
  }
  if (codePoint >= 0x180b && codePoint <= 0x180f) {
    return 'MONGOLIAN FREE VARIATION SELECTOR';
  }
  if (codePoint >= 0xe0020 && codePoint <= 0xe007e) {
    return `TAG ${String.fromCharCode(codePoint - 0xe0000)}`;
  }
  if (codePoint >= 0xe0000 && codePoint <= 0xe007f) {
    return 'TAG';
  }
  if (codePoint >= 0x1d173 && codePoint <= 0x1d17a) {
    return 'MUSICAL SYMBOL FORMAT CHARACTER';
  }
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) {
    return 'LONE SURROGATE';
  }
  return 'CHARACTER';
}

/** `U+202E RIGHT-TO-LEFT OVERRIDE`: how a message names a character. */
export function characterLabel(codePoint: number): string {
  return `U+${hex(codePoint)} ${characterName(codePoint)}`;
}

/** The visible escape of one character: `\x1b`, `\n`, or `<U+202E>`. */
export function escapeCharacter(c: string): string {
  const cp = c.codePointAt(0) ?? 0;
  if (cp <= 0x9f) {
    return cp === 0x09 ? '\\t' : cp === 0x0a ? '\\n' : cp === 0x0d ? '\\r' : `\\x${cp.toString(16).padStart(2, '0')}`;
  }
  return `<U+${hex(cp)}>`;
}

/**
 * One line of text as it may be shown to a person: every control (tab and
 * line breaks included), bidi and invisible character written as a visible
 * escape. The result is printable ASCII wherever the input was, so applying
 * it twice changes nothing.
 *
 * @example visibleText('read\u202Egnp.exe') === 'read<U+202E>gnp.exe'
 * @example visibleText('\u001b[2J') === '\\x1b[2J'
 */
export function visibleText(text: string): string {
  return HIDDEN.test(text) ? text.replace(HIDDEN_ALL, escapeCharacter) : text;
}

/**
 * Text shown over several lines (a terminal's output, a tooltip, a `<pre>`):
 * as `visibleText`, but tab and line feed stay what they are (`\r\n` is a
 * line feed; a lone `\r`, which would overwrite the line, is escaped).
 */
export function visibleLines(text: string): string {
  if (!HIDDEN.test(text)) {
    return text;
  }
  return text.replace(/\r\n/g, '\n').replace(HIDDEN_LINES_ALL, escapeCharacter);
}

/** True when `visibleText` would change the text. */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN.test(text);
}

/**
 * The characters of `text` that display escapes, in order, with their
 * 0-based code-point index. With `lineBreaks`, tab, line feed and carriage
 * return are ordinary (a description's paragraphs), so they are not listed.
 */
export function hiddenCharacters(text: string, opts: { lineBreaks?: boolean } = {}): HiddenCharacter[] {
  if (!HIDDEN.test(text)) {
    return [];
  }
  const out: HiddenCharacter[] = [];
  let index = 0;
  for (const c of text) {
    const cp = c.codePointAt(0) ?? 0;
    const kind = hiddenKind(cp);
    if (kind && !(opts.lineBreaks === true && (cp === 0x09 || cp === 0x0a || cp === 0x0d))) {
      out.push({ index, codePoint: cp, kind, name: characterName(cp) });
    }
    index += 1;
  }
  return out;
}

/**
 * Cuts visible (already escaped) text to at most `max` characters with `…`,
 * never through the middle of an escape.
 */
export function cutVisible(text: string, max: number): string {
  if (text.length <= max) {
    return text;
  }
  const cut = text.slice(0, Math.max(0, max - 1));
  // A partial `\xHH`, `\n`-style escape or `<U+XXXX>` at the end is dropped whole.
  return `${cut.replace(/(?:\\x[0-9a-f]?|\\|<(?:U(?:\+[0-9A-F]{0,5})?)?)$/, '')}…`;
}
