// Where sign-in sends the browser afterwards (?next=): only a path of this site. An open redirect
// through it would hand a signed-in visitor to anyone's page. Browsers forgive a lot on the way from
// text to URL — they drop tabs and line breaks anywhere (`/%09/evil.example` becomes
// `//evil.example`), read `\` as `/`, and take `//host` as another site — so anything that holds
// a control character, a backslash, or two slashes in a row is refused whole, not repaired.

const UNSAFE = /\\|\/\/|^[a-z][a-z0-9+.-]*:/i;

/** C0 controls, DEL and C1 controls. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}
const PROBE = 'http://same-site.invalid';

export function safeReturnPath(raw: string | string[] | undefined): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !value.startsWith('/') || value.length > 2048 || hasControlCharacter(value) || UNSAFE.test(value)) return '/';
  // Whatever else a URL parser makes of it must stay on this site.
  try {
    return new URL(value, PROBE).origin === PROBE ? value : '/';
  } catch {
    return '/';
  }
}
