import { decodePayloads } from './decode-payloads';

// Orders hidden in URLs (kind `url_payload`): what a link's path, query and fragment say once
// decoded (read with the same rules by detect-injection.ts), script and HTML URLs, links built to
// carry data out (a placeholder such as {{conversation}} or $API_KEY in the query, above all in a
// Markdown image, which a client fetches by itself), and text that tells the reader to fetch its
// instructions from a URL.

export interface UrlFinding {
  rule: string;
  weight: number;
  evidence: string;
}

const URL = /\b(?:https?|ftp):\/\/[^\s<>"'\x60)\]]+|\b(?:javascript|vbscript|data):[^\s<>"]+/gi;
/** A slot for data the reader is meant to fill in: templates, shell variables, "[INSERT …]". Case matters ($filter is OData). */
const PLACEHOLDER =
  /\{\{[^}]*\}\}|\$\{[^}]*\}|\{[^}]*(?:conversation|history|memory|secret|password|token|api[_ ]?key|e-?mail|cookie|credential|messages)[^}]*\}|\[(?:INSERT|Insert|insert)\b|<(?:password|secret|token|api[_ ]?key)>|\$[A-Z][A-Z_]{2,}|\b(?:SECRET|PASSWORD|API_KEY)(?:_[A-Z]+)?\b/;
const REMOTE_INSTRUCTIONS =
  /\b(?:fetch|load|read|open|visit|go to|get|download)\b[^.]{0,30}(?:https?:\/\/|\d+\.\d+\.\d+\.\d+)\S*[^.]{0,60}\b(?:follow|obey|execute|do what|comply|apply|use (?:it|them))\b|\b(?:system prompt|instructions|prompt)\b[^.]{0,25}\b(?:from|at|hosted at)\s+(?:https?:\/\/|\d+\.\d+\.\d+\.\d+)/i;

/** The readable text of a URL: its path, query and fragment decoded (+ as a space), and base64 in them. */
export function urlTexts(url: string): string[] {
  const parts = url.replace(/^[a-z]+:\/\/[^/?#]*/i, '');
  let decoded = parts.replace(/\+/g, ' ');
  for (let i = 0; i < 2; i++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      break;
    }
  }
  const readable = decoded.replace(/[?&#=/]+/g, ' ').replace(/[-_]+/g, ' ');
  return [readable, ...decodePayloads(parts).map((p) => p.text)];
}

export function inspectUrls(raw: string): { findings: UrlFinding[]; texts: { url: string; text: string }[] } {
  const findings: UrlFinding[] = [];
  const texts: { url: string; text: string }[] = [];
  const remote = REMOTE_INSTRUCTIONS.exec(raw);
  if (remote) findings.push({ rule: 'remote_instructions', weight: 0.6, evidence: remote[0] });
  for (const match of raw.matchAll(URL)) {
    const url = match[0];
    const scheme = url.slice(0, url.indexOf(':')).toLowerCase();
    if (scheme === 'javascript' || scheme === 'vbscript') findings.push({ rule: 'script_url', weight: 0.7, evidence: url });
    else if (scheme === 'data' && /^data:text\/html/i.test(url)) findings.push({ rule: 'html_data_url', weight: 0.6, evidence: url });
    if (PLACEHOLDER.test(raw.slice(match.index, (match.index ?? 0) + url.length + 30))) {
      const image = /!\[[^\]]*\]\($/.test(raw.slice(0, match.index));
      findings.push({ rule: image ? 'exfiltration_image' : 'url_placeholder', weight: image ? 0.75 : 0.55, evidence: url });
    }
    for (const text of urlTexts(url)) texts.push({ url, text });
  }
  return { findings, texts };
}
