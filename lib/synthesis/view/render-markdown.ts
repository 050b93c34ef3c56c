// A small Markdown reader for the Spec-19 context block (lib/context/render-context.ts): headings,
// bullet lists, paragraphs, **bold**, _emphasis_ and `code`. It returns a tree, never HTML: the
// view renders text nodes through React, so a value holding "<script>" stays text. Anything the
// subset does not know is kept as plain text.

export type Inline = { kind: 'text' | 'strong' | 'em' | 'code'; text: string };

export type MarkdownBlock =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; inlines: Inline[] }
  | { kind: 'list'; items: Inline[][] }
  | { kind: 'paragraph'; inlines: Inline[] };

const isSpaceOrPunct = (ch: string | undefined) => ch === undefined || /[\s.,;:!?()[\]{}'"-]/.test(ch);

function pushText(out: Inline[], text: string) {
  if (!text) return;
  const last = out[out.length - 1];
  if (last?.kind === 'text') last.text += text;
  else out.push({ kind: 'text', text });
}

/** Finds the closing `_` of an emphasis that opens at `start` (CommonMark-like: not inside a word). */
function closingUnderscore(text: string, start: number): number {
  for (let i = start + 2; i < text.length; i++) {
    if (text[i] === '_' && text[i - 1] !== ' ' && isSpaceOrPunct(text[i + 1])) return i;
  }
  return -1;
}

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    // A backslash before ASCII punctuation is an escape (lib/agent-text writes "\<", "\*"…): its character is text.
    if (ch === '\\' && /[!-/:-@[-`{-~]/.test(text[i + 1] ?? '')) {
      pushText(out, text[i + 1]);
      i += 2;
      continue;
    }
    if (ch === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i) {
        out.push({ kind: 'code', text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (ch === '*' && text[i + 1] === '*') {
      const end = text.indexOf('**', i + 2);
      if (end > i + 2) {
        // Bold holds a relation verbatim (Spec-19): its inside is not parsed further.
        out.push({ kind: 'strong', text: text.slice(i + 2, end) });
        i = end + 2;
        continue;
      }
    }
    if (ch === '_' && isSpaceOrPunct(text[i - 1]) && text[i + 1] !== undefined && text[i + 1] !== ' ') {
      const end = closingUnderscore(text, i);
      if (end > 0) {
        out.push({ kind: 'em', text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    pushText(out, ch);
    i++;
  }
  return out;
}

export function parseMarkdown(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  let items: string[] | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', inlines: parseInline(paragraph.join(' ')) });
    if (items) blocks.push({ kind: 'list', items: items.map(parseInline) });
    paragraph = [];
    items = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    if (!line.trim()) {
      flush();
    } else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1].length as 1 | 2 | 3 | 4 | 5 | 6, inlines: parseInline(heading[2]) });
    } else if (bullet) {
      if (paragraph.length) flush();
      items ??= [];
      items.push(bullet[1]);
    } else if (items) {
      // A continuation line of the last bullet.
      const list: string[] = items;
      list[list.length - 1] += ` ${line.trim()}`;
    } else {
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}

/** The text of inlines without their markup (tests, accessible names). */
export function inlineText(inlines: Inline[]): string {
  return inlines.map((i) => i.text).join('');
}
