// What the injection rules read (detect-injection.ts): the text as a model would understand it,
// with the tricks that hide words from a plain pattern undone, and each trick noted as evidence.
//   NFKC                full-width and mathematical letters become ASCII ("ｉｇｎｏｒｅ" → "ignore")
//   hidden characters   removed; one inside a word (ig\u200Bnore) is noted; tag characters
//                       (U+E0020–E007E) are decoded to the ASCII they smuggle, except in flag emoji
//   homoglyphs          a word mixing Latin with Cyrillic or Greek letters is folded to Latin
//   case and "_"        lowercase; "_" reads as a space (ignore_all_previous_instructions)
// Variants that only a second reading finds (leetspeak, spaced letters) are separate functions,
// tried when the plain reading finds nothing: they would only add noise to ordinary text.

// eslint-disable-next-line no-misleading-character-class -- matching joiners and selectors is the point
const HIDDEN = /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0e\ufeff\uffa0\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]|\p{Cf}/gu;
const BIDI = /[\u202a-\u202e\u2066-\u2069]/u;
const TAGS = /(\u{1f3f4}?)([\u{e0020}-\u{e007e}]+)\u{e007f}?/gu;
const LETTERS = /\p{L}+/gu;
const LATIN = /\p{Script=Latin}/u;
const CONFUSABLE_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

/** Cyrillic and Greek letters that look like Latin ones. */
const HOMOGLYPHS: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', і: 'i', ї: 'i', ј: 'j', ѕ: 's', ԁ: 'd', һ: 'h', ӏ: 'l', ԛ: 'q', ԝ: 'w', ɡ: 'g',
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', γ: 'y', ω: 'w',
};

export interface DetectionText {
  /** The text to match rules on. */
  text: string;
  /** Hidden characters found between two letters (zero-width splitting). */
  hiddenInsideWords: number;
  /** The ASCII that tag characters carried, if any. */
  tagPayload: string | null;
  /** Words that mixed Latin with Cyrillic or Greek letters (as found). */
  mixedScriptWords: string[];
  /** Bidi overrides or isolates were present. */
  bidiControls: boolean;
  /** NFKC turned compatibility letters (full-width, mathematical) into plain ones. */
  compatibilityLetters: boolean;
}

function decodeTags(text: string): { text: string; payload: string | null } {
  let payload = '';
  const out = text.replace(TAGS, (match, flag: string, tags: string) => {
    if (flag) return match; // 🏴 + tag letters + cancel tag: a subdivision flag (England, Scotland, Wales)
    payload += Array.from(tags, (ch) => String.fromCodePoint(ch.codePointAt(0)! - 0xe0000)).join('');
    return '';
  });
  return { text: out, payload: payload || null };
}

function foldMixedScripts(text: string, found: string[]): string {
  return text.replace(LETTERS, (word) => {
    if (!LATIN.test(word) || !CONFUSABLE_SCRIPT.test(word)) return word;
    found.push(word);
    return Array.from(word, (ch) => HOMOGLYPHS[ch] ?? ch).join('');
  });
}

/** Plain ASCII with nothing hidden needs none of the folding: the common case stays cheap. */
const PLAIN = /^[\x20-\x7e\t\n\r]*$/;

export function normalizeForDetection(raw: string): DetectionText {
  if (PLAIN.test(raw)) {
    return { text: raw.toLowerCase().replaceAll('_', ' '), hiddenInsideWords: 0, tagPayload: null, mixedScriptWords: [], bidiControls: false, compatibilityLetters: false };
  }
  const tags = decodeTags(raw);
  const bidiControls = BIDI.test(tags.text);
  let hiddenInsideWords = 0;
  const visible = tags.text.replace(HIDDEN, (ch, offset: number, whole: string) => {
    if (/\p{L}/u.test(whole[offset - 1] ?? '') && /\p{L}/u.test(whole[offset + ch.length] ?? '')) hiddenInsideWords++;
    return '';
  });
  const nfkc = visible.normalize('NFKC');
  const compatibilityLetters = nfkc !== visible.normalize('NFC');
  const mixedScriptWords: string[] = [];
  const folded = foldMixedScripts(nfkc.toLowerCase(), mixedScriptWords);
  return { text: folded.replaceAll('_', ' '), hiddenInsideWords, tagPayload: tags.payload, mixedScriptWords, bidiControls, compatibilityLetters };
}

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i', '|': 'l', '+': 't' };
const LEET_WORD = /[\p{L}\d@$!|+]*\p{L}[\p{L}\d@$!|+]*[\d@$!|+][\p{L}\d@$!|+]*|[\d@$!|+]+\p{L}[\p{L}\d@$!|+]*/gu;

/**
 * The text with leetspeak words read as letters ("1gn0r3" → "ignore"), twice: once reading "1" as
 * "i" and once as "l" ("ru135" → "rules"). Only words that mix letters with digits or symbols
 * change, so "2026" or "v2" stay as they are. Null when no word looks like leetspeak.
 */
export function leetspeakReadings(text: string): string[] | null {
  if (!/\p{L}[\d@$!|+]|[\d@$!|+]\p{L}/u.test(text)) return null;
  const words = text.match(LEET_WORD);
  if (!words || words.length < 2) return null;
  const read = (one: string) => text.replace(LEET_WORD, (word) => Array.from(word, (ch) => (ch === '1' ? one : (LEET[ch] ?? ch))).join(''));
  return [read('i'), read('l')];
}

const SPACED = /(?<![\p{L}\p{N}])\p{L}([ .\-_])\p{L}(?![\p{L}\p{N}])(?:\1\p{L}(?![\p{L}\p{N}])){2,}/gu;

/** "i g n o r e" and "r-e-v-e-a-l" (one separator throughout a run) joined into words; null when there is none. */
export function joinSpacedLetters(text: string): string | null {
  if (!SPACED.test(text)) return null;
  SPACED.lastIndex = 0;
  return text.replace(SPACED, (run) => run.replace(/[ .\-_]/g, ''));
}
