// The formats detect-sensitive.ts looks for: credentials (cloud keys, service tokens, private keys,
// passwords in URLs, webhook secrets, payment data) and personal data (e-mail, phone), each with a
// pattern, an optional check that the match is what it claims (Luhn, IBAN mod 97, a JWT header that
// decodes, a password that is not a placeholder) and the part of it that is safe to show: a known
// public prefix, never more than the last four characters of the secret.

export type SensitiveClass = 'credential' | 'personal_data';

export interface SensitiveFormat {
  id: string;
  class: SensitiveClass;
  pattern: RegExp;
  /** The part of the match that is the secret (default the whole match). */
  group?: number;
  /** A public prefix a masked form may show (AKIA, ghp_, sk_live_…). */
  prefix?: RegExp;
  valid?: (secret: string, match: RegExpExecArray) => boolean;
}

const digits = (s: string) => s.replace(/\D/g, '');

export function luhnValid(number: string): boolean {
  const ds = digits(number);
  let sum = 0;
  for (let i = 0; i < ds.length; i++) {
    let d = Number(ds[ds.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return ds.length >= 13 && sum % 10 === 0;
}

/** ISO 13616: move the first four characters to the end, letters to numbers, mod 97 = 1. */
export function ibanValid(iban: string): boolean {
  const compact = iban.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const value = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of value) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

/** Card networks' leading digits, so a Luhn-valid order number is not taken for a card. */
const CARD_IIN = /^(?:4\d{12}(?:\d{3}){0,2}|5[1-5]\d{14}|2(?:2[2-9]\d|[3-6]\d\d|7[01]\d|720)\d{12}|3[47]\d{13}|6(?:011|5\d\d)\d{12,15}|35(?:2[89]|[3-8]\d)\d{12,15}|3(?:0[0-5]|[68]\d)\d{11})$/;

const PLACEHOLDER_SECRET = /^(?:\$\{?[\w.]+\}?|<[^>]*>|\{\{[^}]*\}\}|\*+|x+|\.{3}|password|passwd|pass|secret|changeme|example|redacted|hidden|yourpassword|your[_-]?password)$/i;

function jwtHeader(token: string): boolean {
  try {
    const header = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8')) as { alg?: unknown };
    return typeof header.alg === 'string';
  } catch {
    return false;
  }
}

/** Shannon entropy in bits per character: random secrets are high, words and repeats are low. */
export function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / text.length) * Math.log2(n / text.length);
  return bits;
}

export const SENSITIVE_FORMATS: SensitiveFormat[] = [
  { id: 'aws_access_key_id', class: 'credential', pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g, prefix: /^(?:AKIA|ASIA|ABIA|ACCA)/ },
  { id: 'aws_secret_access_key', class: 'credential', pattern: /\baws[_ -]?secret(?:[_ -]?access)?[_ -]?key\b["']?\s*[:=]\s*["']?([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi, group: 1 },
  { id: 'gcp_api_key', class: 'credential', pattern: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g, prefix: /^AIza/ },
  { id: 'gcp_service_account_key', class: 'credential', pattern: /"private_key"\s*:\s*"(-----BEGIN PRIVATE KEY-----[^"]{20,})"/g, group: 1, prefix: /^-----BEGIN PRIVATE KEY-----/ },
  { id: 'azure_storage_key', class: 'credential', pattern: /\bAccountKey=([A-Za-z0-9+/]{86}==)/g, group: 1 },
  { id: 'azure_sas_token', class: 'credential', pattern: /[?&]sig=([A-Za-z0-9%/+]{40,}(?:%3D|=)*)/g, group: 1, valid: (_, m) => /[?&]sv=\d{4}-\d{2}-\d{2}/.test(m.input) },
  { id: 'azure_client_secret', class: 'credential', pattern: /(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/g },
  { id: 'github_token', class: 'credential', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{82})\b/g, prefix: /^(?:gh[pousr]_|github_pat_)/ },
  { id: 'gitlab_token', class: 'credential', pattern: /\bgl(?:pat|dt|rt|cbt|ptt)-[A-Za-z0-9_-]{20,}(?![A-Za-z0-9_-])/g, prefix: /^gl[a-z]+-/ },
  { id: 'slack_token', class: 'credential', pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}/g, prefix: /^xox[a-z]-/ },
  { id: 'slack_webhook_url', class: 'credential', pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows)\/[A-Za-z0-9/]{20,}/g, prefix: /^https:\/\/hooks\.slack\.com\/(?:services|workflows)\// },
  { id: 'discord_webhook_url', class: 'credential', pattern: /https:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]{40,}/g, prefix: /^https:\/\/[a-z.]*discord(?:app)?\.com\/api\/webhooks\// },
  { id: 'stripe_key', class: 'credential', pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{24,99}\b/g, prefix: /^(?:sk|rk)_(?:live|test)_/ },
  { id: 'stripe_webhook_secret', class: 'credential', pattern: /\bwhsec_[A-Za-z0-9+/=]{32,}/g, prefix: /^whsec_/ },
  { id: 'openai_key', class: 'credential', pattern: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}|\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,}/g, prefix: /^sk-(?:proj-|svcacct-|admin-)?/ },
  { id: 'anthropic_key', class: 'credential', pattern: /\bsk-ant-(?:api|admin)\d{2}-[A-Za-z0-9_-]{80,}/g, prefix: /^sk-ant-(?:api|admin)\d{2}-/ },
  { id: 'jwt', class: 'credential', pattern: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g, prefix: /^eyJ/, valid: jwtHeader },
  { id: 'private_key', class: 'credential', pattern: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----/g },
  { id: 'password_in_url', class: 'credential', pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:([^\s@/]+)@[^\s/]+/gi, group: 1, valid: (secret) => !PLACEHOLDER_SECRET.test(secret) },
  {
    id: 'webhook_secret',
    class: 'credential',
    pattern: /\b(?:webhook|signing)[_ -]?secret\b["']?\s*[:=]\s*["']?([A-Za-z0-9+/=_-]{16,})/gi,
    group: 1,
    valid: (secret) => !PLACEHOLDER_SECRET.test(secret) && entropy(secret) >= 3.5,
  },
  {
    id: 'secret_assignment',
    class: 'credential',
    pattern: /\b(?:password|passwd|pwd|api[_-]?key|access[_-]?token|auth[_-]?token|client[_-]?secret|secret[_-]?key)\b["']?\s*[:=]\s*["']?([^\s"',;]{8,})/gi,
    group: 1,
    valid: (secret) => !PLACEHOLDER_SECRET.test(secret) && entropy(secret) >= 3.0 && /\d/.test(secret) && /[A-Za-z]/.test(secret),
  },
  { id: 'card_number', class: 'credential', pattern: /(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])/g, valid: (s) => CARD_IIN.test(digits(s)) && luhnValid(s) },
  { id: 'iban', class: 'credential', pattern: /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b/g, valid: ibanValid },
  { id: 'email', class: 'personal_data', pattern: /(?<![:/\w.%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/g },
  {
    id: 'phone',
    class: 'personal_data',
    pattern: /(?<![\w.+])(?:(?:\+|00)[1-9]\d{0,2}[ .-]?(?:\(\d{1,4}\)[ .-]?)?\d{1,4}(?:[ .-]?\d{2,4}){1,4}|\(\d{3}\) ?\d{3}[ .-]\d{4}|\d{3}[ .-]\d{3}[ .-]\d{4})(?![\w.])/g,
    valid: (s) => digits(s).length >= 9 && digits(s).length <= 15,
  },
];
