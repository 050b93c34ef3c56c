import { Fragment } from 'react';
import { identifierParts } from '@/lib/text/identifier-parts';

/**
 * An identifier (entity URI, relation, source, policy id) in the code font that wraps at its
 * separators (after ':', '/', '.', '-', '_', …) rather than mid-word: "preference:|editor", not
 * "preference:edi|tor". Each separator is followed by a <wbr>, and the surrounding class
 * `wrap-break-word` breaks inside a part only when that part alone is wider than its box. Copying
 * the text copies it unchanged (a <wbr> has no character).
 */
export function Identifier({ text }: { text: string }) {
  const parts = identifierParts(text);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  );
}
