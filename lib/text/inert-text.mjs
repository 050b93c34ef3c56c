// The character level of the structural channel (docs/decisions.md § Agent text): what no fact text
// may carry into a prompt. Plain JavaScript so that the node (TypeScript, through
// lib/agent-text/markdown-slots.ts and agent-fact.ts) and the stdio MCP adapter
// (bin/stigmem-health-mcp.mjs, plain Node) share one definition.
//
//   line breaks        CR LF, LF, CR, VT, FF, FS/GS/RS, NEL, U+2028, U+2029 → "⏎" (one per break):
//                      a value can never begin a line of its own
//   hidden characters  removed: zero-width and other invisible characters, bidi controls, tag
//                      characters, variation selectors beyond one after a visible character, other
//                      format (Cf) and control (Cc) characters; tab stays; a lone surrogate → U+FFFD
//
// Each removal or encoding is reported by its kind, so recall can say what it changed
// (`sanitizer_warnings`). In JSON for a model (agentJson) the same characters are escaped as
// \uXXXX instead: the text stays exact when parsed, and nothing hidden or line-breaking is raw.

export const LINE_BREAK_MARK = '⏎';

const LINE_BREAKS = new Set([0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029]);
const BIDI = new Set([0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);
/** Zero-width and otherwise invisible characters, letters included (Hangul fillers render as nothing). */
const INVISIBLE = new Set([0x00ad, 0x034f, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x180e, 0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x3164, 0xfeff, 0xffa0]);
const isTag = (cp) => cp >= 0xe0000 && cp <= 0xe007f;
const isVariationSelector = (cp) => (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);
const isControl = (cp) => cp < 0x20 || (cp >= 0x7f && cp <= 0x9f);
const isSurrogate = (cp) => cp >= 0xd800 && cp <= 0xdfff;

/**
 * Every character that may not be plain visible text (classify() decides). Tab, printable ASCII
 * and most of Unicode never match, so an ordinary value costs one regex test. The pattern exists to
 * match control, joining and selector characters, which the two lint rules forbid elsewhere.
 */
// eslint-disable-next-line no-control-regex, no-misleading-character-class
const SUSPECT = /[\0-\x08\x0a-\x1f\x7f-\x9f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ud800-\udfff\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]|\p{Cf}/u;
// eslint-disable-next-line no-misleading-character-class
const SUSPECT_ALL = new RegExp(`\\r\\n|${SUSPECT.source}`, 'gu');

/**
 * What the structural channel does with one character (a CR LF pair counts as one line break):
 * null keeps it; otherwise the kind of change (the sanitizer warning).
 */
function classify(match, previous) {
  if (match === '\r\n') return 'line_breaks_encoded';
  const cp = match.codePointAt(0);
  if (LINE_BREAKS.has(cp)) return 'line_breaks_encoded';
  if (isSurrogate(cp)) return 'invalid_surrogates_replaced';
  if (BIDI.has(cp)) return 'bidi_controls_removed';
  if (INVISIBLE.has(cp)) return 'invisible_characters_removed';
  if (isTag(cp)) return 'tag_characters_removed';
  if (isVariationSelector(cp)) {
    // One emoji/text presentation selector after a visible character is ordinary text (❤️); a run
    // of selectors can smuggle bytes (one per selector), so only the first is kept.
    const after = previous === undefined ? undefined : previous.codePointAt(0);
    const keep = (cp === 0xfe0e || cp === 0xfe0f) && after !== undefined && !isVariationSelector(after) && !SUSPECT.test(previous);
    return keep ? null : 'variation_selectors_removed';
  }
  if (isControl(cp)) return 'control_characters_removed';
  return 'format_characters_removed';
}

/** The code point before `offset` in `text` (a whole surrogate pair), or undefined at the start. */
function previousCodePoint(text, offset) {
  if (offset === 0) return undefined;
  const low = text.charCodeAt(offset - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && offset >= 2 && text.charCodeAt(offset - 2) >= 0xd800 && text.charCodeAt(offset - 2) <= 0xdbff ? offset - 2 : offset - 1;
  return text.slice(start, offset);
}

/**
 * One line of inert text: line breaks shown as "⏎", hidden characters removed, lone surrogates
 * replaced. `changes` names each kind of change made, in the order of first occurrence.
 */
export function inertLine(text) {
  if (!SUSPECT.test(text)) return { text, changes: [] };
  const changes = [];
  const out = text.replace(SUSPECT_ALL, (match, offset) => {
    const change = classify(match, previousCodePoint(text, offset));
    if (change === null) return match;
    if (!changes.includes(change)) changes.push(change);
    if (change === 'line_breaks_encoded') return LINE_BREAK_MARK;
    return change === 'invalid_surrogates_replaced' ? '\ufffd' : '';
  });
  return { text: out, changes };
}

/** "\\u200b", or both halves of a surrogate pair ("\\udb40\\udc41"): valid JSON escapes. */
function escapeUnits(match) {
  let out = '';
  for (let i = 0; i < match.length; i++) out += `\\u${match.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/**
 * JSON text for a model: JSON.stringify, with every character inertLine would change written as a
 * \uXXXX escape (JSON.stringify already escapes C0 controls, CR, LF and lone surrogates, but not
 * DEL, C1, NEL, U+2028/2029, format characters or tag characters). Parsing it gives the value back.
 */
export function agentJson(value) {
  const json = JSON.stringify(value);
  if (json === undefined || !SUSPECT.test(json)) return json;
  return json.replace(SUSPECT_ALL, (match, offset) => (classify(match, previousCodePoint(json, offset)) === null ? match : escapeUnits(match)));
}
