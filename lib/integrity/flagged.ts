import type { ValueIntegrity } from './inspect-value';

// When a value is a finding of the `injection` or `sensitive` check, and, in a scope that asks for
// it, goes to quarantine as it is written: the same rule in both places (lint's SQL states it again
// in lib/lint/finding-sql.ts, integritySql; test/http/memory-integrity.test.ts holds both to it).

/** An injection finding's severity by its score: error from 0.85, warning from 0.65, info below. */
export const INJECTION_SEVERITY = { error: 0.85, warning: 0.65 } as const;

export interface IntegrityPolicy {
  /** Injection score from which a value is a finding (the scope's, else STIGMEM_INJECTION_THRESHOLD). */
  injectionThreshold: number;
  /** E-mail addresses and phone numbers are findings in this scope. */
  forbidPersonalData: boolean;
}

export function injectionFlagged(integrity: ValueIntegrity, policy: IntegrityPolicy): boolean {
  return integrity.score >= policy.injectionThreshold;
}

export function sensitiveFlagged(integrity: ValueIntegrity, policy: IntegrityPolicy): boolean {
  return integrity.flags.some((f) => f.startsWith('credential:') || (policy.forbidPersonalData && f.startsWith('personal_data:')));
}

export function isFlagged(integrity: ValueIntegrity, policy: IntegrityPolicy): boolean {
  return injectionFlagged(integrity, policy) || sensitiveFlagged(integrity, policy);
}
