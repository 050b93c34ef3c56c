// Dynamic path segments carry URIs and conflict ids with ":" and "/" encoded. Decode them once,
// and keep the raw text when it is not valid percent-encoding (a literal "%" in a hand-typed URL).

export function decodePathParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
