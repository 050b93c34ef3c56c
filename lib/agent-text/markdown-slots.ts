import { inertLine } from '../text/inert-text.mjs';

// The Markdown level of the structural channel: how a string from a fact (a value, a relation, an
// entity, a heading's subject) is written into one slot of a line the renderer composed, so that it
// stays text inside that slot. Every slot first goes through inertLine (no line breaks, no hidden
// characters: the value can never begin a line, so never a heading, list item, quote, fence, table
// row or role turn), then escapes the Markdown characters that would take effect where it stands:
//
//   text        a value or a subject, between spaces: ` always; \ before ASCII punctuation or at
//               the end; * and ~ unless both sides are blank (a run between spaces is literal);
//               _ unless both sides are blank or both are word characters (snake_case stays);
//               [ when a "](" follows (an inline link or image); < before a letter, / ! ? or |
//               (an HTML tag, comment or autolink, a chat-template delimiter); & starting a
//               character reference; in a heading, a closing run of #.
//   identifier  a relation or namespace, kept verbatim as Spec-19 asks (* and _ stay), except
//               ` \ [ < & as above; at the start of a line's content, leading blanks are dropped
//               and a leading ASCII punctuation character or the "." / ")" of a leading number is
//               escaped (a card's "- {relation}:" must not turn into a quote, a code block or a
//               numbered list).
//   code        an entity in a code span: verbatim inside a fence longer than any run of
//               backticks it holds.
// Ordinary values read exactly as before (`CTO`, `snake_case`, `a < b`, `C:\Users`).

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const BLANK = /\s/u;
/** Neither blank nor punctuation: the word characters CommonMark's flanking rules compare. */
const WORD = /[^\s\p{P}\p{S}]/u;
const ENTITY_REFERENCE = /^&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{0,31});/;
const TAG_START = /[A-Za-z/!?|]/;

interface SlotOptions {
  /** Escape what can close a heading (a final run of #) or begin a line's content. */
  heading?: boolean;
  lineStart?: boolean;
}

const isBlank = (ch: string | undefined) => ch === undefined || BLANK.test(ch);
const isWord = (ch: string | undefined) => ch !== undefined && WORD.test(ch);

/** The characters of a run starting at `i` that repeat `ch`, and the ones just outside it. */
function runAround(chars: string[], i: number): { end: number; before: string | undefined; after: string | undefined } {
  let end = i;
  while (chars[end + 1] === chars[i]) end++;
  return { end, before: chars[i - 1], after: chars[end + 1] };
}

function escapeSlot(raw: string, identifier: boolean, options: SlotOptions): string {
  const text = inertLine(raw).text;
  // At a line's start, leading blanks would indent (four make code) and "1." would number a list.
  const chars = Array.from(options.lineStart ? text.replace(/^\s+/u, '') : text);
  const orderedMarker = options.lineStart ? /^[0-9]{1,9}[.)]/.exec(chars.join(''))?.[0].length : undefined;
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    const rest = () => chars.slice(i + 1).join('');
    let escape = false;
    if (ch === '`') escape = true;
    else if (ch === '\\') escape = i === chars.length - 1 || ASCII_PUNCTUATION.test(chars[i + 1]);
    else if (ch === '[') escape = identifier || rest().includes('](');
    else if (ch === '<') escape = TAG_START.test(chars[i + 1] ?? '');
    else if (ch === '&') escape = ENTITY_REFERENCE.test(chars.slice(i).join(''));
    else if (!identifier && (ch === '*' || ch === '~' || ch === '_')) {
      const { end, before, after } = runAround(chars, i);
      const literal = (isBlank(before) && isBlank(after)) || (ch === '_' && isWord(before) && isWord(after));
      const run = chars.slice(i, end + 1).join('');
      out += literal ? run : run.replaceAll(ch, `\\${ch}`);
      i = end;
      continue;
    }
    if (!escape && options.lineStart && (i === 0 || i === (orderedMarker ?? 0) - 1) && ASCII_PUNCTUATION.test(ch)) escape = true;
    if (!escape && ch === '#' && options.heading && chars.slice(i).every((c) => c === '#' || isBlank(c)) && isBlank(chars[i - 1])) escape = true;
    out += escape ? `\\${ch}` : ch;
  }
  return out;
}

/** A value or subject in running text (see the table above). */
export function mdText(raw: string, options: SlotOptions = {}): string {
  return escapeSlot(raw, false, options);
}

/** A relation or namespace, verbatim but for what would break the line's own Markdown. */
export function mdIdentifier(raw: string, options: SlotOptions = {}): string {
  return escapeSlot(raw, true, options);
}

/**
 * An entity as a code span: `entity`, or ``a`b`` with a longer fence (padded when it starts or ends
 * with a backtick); an empty one as "` `", since "``" would be two literal backticks.
 */
export function mdCode(raw: string): string {
  const text = inertLine(raw).text;
  if (text === '') return '` `';
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ') && text.trim() !== '') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}
