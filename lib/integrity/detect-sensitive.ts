import { SENSITIVE_FORMATS, type SensitiveClass, type SensitiveFormat } from './sensitive-patterns';

// Credentials and personal data persisted in a fact (issue 29, the `sensitive` check). Each
// finding names its format and class — `credential`, or `personal_data` (e-mail, phone: a scope
// may forbid them, the caller decides) — and carries a masked form built from the format's public
// prefix and at most the last four characters, never the secret: a finding can be shown, logged
// and exported as it is. Where two formats match the same characters, the more specific one (the
// earlier in sensitive-patterns.ts) is kept: a Stripe key inside "api_key=…" is a Stripe key.

export interface SensitiveFinding {
  format: string;
  class: SensitiveClass;
  masked: string;
  /** Where the match starts, in UTF-16 units, and how long it is. */
  index: number;
  length: number;
}

const tail = (secret: string, n: number) => (secret.length >= 16 ? secret.slice(-n) : secret.length >= 10 ? secret.slice(-2) : '');

export function maskSecret(format: SensitiveFormat, match: string, secret: string): string {
  switch (format.id) {
    case 'private_key':
      return match;
    case 'gcp_service_account_key':
      return '"private_key": "-----BEGIN PRIVATE KEY-----…"';
    case 'password_in_url':
      return match.replace(`:${secret}@`, ':****@');
    case 'card_number':
      return `•••• ${secret.replace(/\D/g, '').slice(-4)}`;
    case 'iban': {
      const compact = secret.replace(/\s/g, '');
      return `${compact.slice(0, 4)}…${compact.slice(-4)}`;
    }
    case 'email': {
      const at = secret.lastIndexOf('@');
      return `${secret[0]}***${secret.slice(at)}`;
    }
    case 'phone':
      return `…${secret.replace(/\D/g, '').slice(-2)}`;
    default: {
      const prefix = format.prefix?.exec(secret)?.[0] ?? '';
      const end = tail(secret.slice(prefix.length), 4);
      return `${prefix}…${end} (${secret.length} characters)`;
    }
  }
}

export function detectSensitive(text: string): SensitiveFinding[] {
  const findings: (SensitiveFinding & { end: number })[] = [];
  for (const format of SENSITIVE_FORMATS) {
    format.pattern.lastIndex = 0;
    for (let match = format.pattern.exec(text); match; match = format.pattern.exec(text)) {
      const secret = match[format.group ?? 0];
      if (secret === undefined || (format.valid && !format.valid(secret, match))) continue;
      const index = match.index;
      const end = index + match[0].length;
      if (findings.some((f) => index < f.end && f.index < end)) continue;
      findings.push({ format: format.id, class: format.class, masked: maskSecret(format, match[0], secret), index, length: match[0].length, end });
    }
  }
  return findings.sort((a, b) => a.index - b.index).map(({ end: _end, ...finding }) => finding);
}
