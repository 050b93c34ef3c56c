/** Who is looking at a finding, for its remediation: what they may do in the scope, and the entity their writes carry as source. */
export interface FindingActor {
  canWrite: boolean;
  /** An admin of the scope: may send a value to quarantine (Spec-08's moderator). */
  canModerate: boolean;
  source: string;
}
