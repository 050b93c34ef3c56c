// Where an identifier may wrap: after each separator, so a line ends on "preference:" or
// "stigmem://acme/" and never inside a word. components/ui/Identifier.tsx renders the parts.

const AFTER_SEPARATOR = /(?<=[:/.\-_@#?=&+,;|])(?=.)/u;

/** "stigmem://acme/user" → ["stigmem:", "/", "/", "acme/", "user"]; joined, the parts are the text again. */
export function identifierParts(text: string): string[] {
  return text ? text.split(AFTER_SEPARATOR) : [];
}
