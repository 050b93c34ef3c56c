import type { FactRecord } from '../facts/fact-record';
import { factValueText } from '../facts/view/fact-value-text';
import type { RecallWeights } from './recall-request';

// Scoring and packing of recall candidates (docs/api.md § Recall), pure so it is unit-tested:
//   lexical      ts_rank of the head's search vector against the query, divided by the best hit's
//                (the best lexical hit scores 1; graph neighbours that did not match score 0)
//   semantic     0: this node has no embedding model
//   graph        1 / (1 + hops) from the nearest lexical hit along ref values (a hit: 1)
//   source_trust the value's effective confidence
//   recency      2^(−age / 30 days), age from the head's HLC wall time
// score = weighted_total = Σ weight × signal. Candidates are packed greedily, best first, into the
// token budget; one that does not fit is skipped (and marks the answer truncated) so a smaller one
// after it may still fit.

export const CHARS_PER_TOKEN = 4;
export const RECENCY_HALF_LIFE_MS = 30 * 24 * 3600 * 1000;

export interface RecallCandidate {
  fact: FactRecord;
  /** ts_rank; 0 for a neighbour that did not match the query. */
  rank: number;
  hop: number;
}

export interface ScoreBreakdown {
  lexical: number;
  semantic: number;
  graph: number;
  source_trust: number;
  recency: number;
  weighted_total: number;
}

export interface ScoredFact {
  fact: FactRecord;
  score: number;
  score_breakdown: ScoreBreakdown;
  hop_distance: number;
  token_estimate: number;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** Tokens a fact costs in a prompt: its entity, relation and value text at 4 characters a token. */
export function tokenEstimate(fact: Pick<FactRecord, 'entity' | 'relation' | 'value'>): number {
  return Math.max(1, Math.ceil(`${fact.entity} ${fact.relation} ${factValueText(fact.value)}`.length / CHARS_PER_TOKEN));
}

export function scoreCandidates(candidates: RecallCandidate[], weights: RecallWeights, now: number): ScoredFact[] {
  const bestRank = Math.max(0, ...candidates.map((c) => c.rank));
  const scored = candidates.map(({ fact, rank, hop }) => {
    const wall = Number(fact.hlc.split('.')[0]);
    const signals = {
      lexical: bestRank > 0 ? rank / bestRank : 0,
      semantic: 0,
      graph: 1 / (1 + hop),
      source_trust: fact.confidence,
      recency: Math.pow(2, -Math.max(0, now - wall) / RECENCY_HALF_LIFE_MS),
    };
    const total = (Object.keys(signals) as (keyof RecallWeights)[]).reduce((sum, k) => sum + weights[k] * signals[k], 0);
    const breakdown: ScoreBreakdown = {
      lexical: round(signals.lexical),
      semantic: 0,
      graph: round(signals.graph),
      source_trust: round(signals.source_trust),
      recency: round(signals.recency),
      weighted_total: round(total),
    };
    return { fact, score: round(total), score_breakdown: breakdown, hop_distance: hop, token_estimate: tokenEstimate(fact) };
  });
  return scored.sort((a, b) => b.score - a.score || a.hop_distance - b.hop_distance || (a.fact.id < b.fact.id ? -1 : a.fact.id > b.fact.id ? 1 : 0));
}

/** Greedy fill, best first: what fits in the budget, the tokens it uses, and whether anything was left out. */
export function packToBudget(scored: ScoredFact[], budget: number): { facts: ScoredFact[]; tokensUsed: number; truncated: boolean } {
  const facts: ScoredFact[] = [];
  let tokensUsed = 0;
  let truncated = false;
  for (const item of scored) {
    if (tokensUsed + item.token_estimate <= budget) {
      facts.push(item);
      tokensUsed += item.token_estimate;
    } else {
      truncated = true;
    }
  }
  return { facts, tokensUsed, truncated };
}
