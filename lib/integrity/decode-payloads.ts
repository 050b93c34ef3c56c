// Encoded payloads in a text (detect-injection.ts reads what they decode to with the same rules):
// base64 (standard and URL-safe), hex, \x and \u escapes, percent-encoding, rot13 when the text
// names it, a reversed text when the text says so (or hides it behind a bidi override), and a
// payload split into quoted pieces that the text asks to concatenate. A decoding counts only when
// it reads as text (printable, with letters): random ids, hashes and binary blobs decode to noise
// and are dropped here, which is what keeps ordinary ids from raising anything.

export interface DecodedPayload {
  decoder: 'base64' | 'hex' | 'escapes' | 'percent' | 'rot13' | 'reversed' | 'concatenation';
  text: string;
}

const BASE64_RUN = /[A-Za-z0-9+/_-]{16,}={0,2}/g;
const HEX_RUN = /(?:0x)?((?:[0-9a-fA-F]{2}){8,})/g;
const X_ESCAPES = /(?:\\x[0-9a-fA-F]{2}){4,}/g;
const U_ESCAPES = /(?:\\u[0-9a-fA-F]{4}){4,}/g;
const PERCENT = /(?:%[0-9a-fA-F]{2}){4,}/g;
const QUOTED = /'([^'\n]{1,60})'|"([^"\n]{1,60})"/g;

/** Readable text: mostly printable, with at least a few letters and a space or a separator. */
export function readsAsText(text: string): boolean {
  if (text.length < 8) return false;
  const printable = text.match(/[\p{L}\p{N}\p{P}\p{Zs}\p{S}]/gu)?.length ?? 0;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return printable / Array.from(text).length >= 0.95 && letters >= 6 && /[\s,.:;!?-]/.test(text);
}

const keepText = (decoder: DecodedPayload['decoder'], text: string | null, out: DecodedPayload[]) => {
  if (text !== null && readsAsText(text)) out.push({ decoder, text });
};

function utf8(bytes: Buffer): string | null {
  const text = bytes.toString('utf8');
  return text.includes('\ufffd') ? null : text;
}

const rot13 = (text: string) => text.replace(/[a-z]/gi, (c) => String.fromCharCode(((c.toLowerCase().charCodeAt(0) - 97 + 13) % 26) + (c <= 'Z' ? 65 : 97)));

/**
 * What every decoder below needs somewhere in the text; most values have none of it. (A base64
 * payload long enough to say anything has 16 characters in a row without "/": paths do not.)
 */
const MAYBE_ENCODED = /[A-Za-z0-9+=]{16}|[A-Za-z0-9_-]{16}|%[0-9a-fA-F]{2}|\\[xu][0-9a-fA-F]|rot-?13|backwards|revers|right to left|[\u202e\u2067]|['"][^'"\n]{1,60}['"][^'"\n]*['"]/i;

export function decodePayloads(raw: string): DecodedPayload[] {
  const out: DecodedPayload[] = [];
  if (!MAYBE_ENCODED.test(raw)) return out;
  for (const run of raw.match(BASE64_RUN) ?? []) {
    if (/^[0-9a-fA-F]+$/.test(run) || !/[0-9+/_=-]|[a-z].*[A-Z]|[A-Z].*[a-z]/.test(run)) continue; // hex, or one plain word
    keepText('base64', utf8(Buffer.from(run, 'base64')), out);
  }
  for (const match of raw.matchAll(HEX_RUN)) keepText('hex', utf8(Buffer.from(match[1], 'hex')), out);
  for (const run of raw.match(X_ESCAPES) ?? []) keepText('escapes', utf8(Buffer.from(run.replace(/\\x/g, ''), 'hex')), out);
  for (const run of raw.match(U_ESCAPES) ?? []) keepText('escapes', run.replace(/\\u([0-9a-fA-F]{4})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), out);
  for (const run of raw.match(PERCENT) ?? []) {
    try {
      keepText('percent', decodeURIComponent(run), out);
    } catch {
      // not UTF-8 underneath: noise
    }
  }
  if (/\brot-?13\b/i.test(raw)) out.push({ decoder: 'rot13', text: rot13(raw) });
  if (/\b(?:backwards|reversed?|in reverse|right to left)\b/i.test(raw) || /[\u202e\u2067]/u.test(raw)) out.push({ decoder: 'reversed', text: Array.from(raw).reverse().join('') });
  const pieces = [...raw.matchAll(QUOTED)].map((m) => m[1] ?? m[2]);
  if (pieces.length >= 2 && /\+|\bconcatenat|\bjoin\b|\bcombine\b/i.test(raw)) out.push({ decoder: 'concatenation', text: pieces.join('') });
  return out;
}
