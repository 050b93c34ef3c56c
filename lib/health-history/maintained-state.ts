import { FACT_SCOPES } from '../facts/scope';
import { reconcileEntityLiveness } from '../facts/entity-liveness';
import { reconcileSynthesisState, settleSynthesisState } from '../synthesis/synthesis-state';
import { reconcileSourceState } from '../sources/source-state';

// The maintained health state's upkeep (docs/decisions.md § Maintained health state), run by the
// health scheduler's leader in the background: settling often, reconciling hourly.

/** Each scope's maintained state compared with a full count and repaired where it drifted. */
export async function reconcileMaintainedState(): Promise<{ scope: string; state: string; repaired: number }[]> {
  const done: { scope: string; state: string; repaired: number }[] = [];
  for (const scope of FACT_SCOPES) {
    done.push({ state: 'entity_liveness', ...(await reconcileEntityLiveness(scope)) });
    done.push({ state: 'synthesis', ...(await reconcileSynthesisState(scope)) });
    done.push({ state: 'sources', ...(await reconcileSourceState(scope)) });
  }
  return done;
}

/** Each scope's triples whose values expired counted again, and its synthesis changes folded: keeps reads the size of what changed. */
export async function settleMaintainedState(): Promise<number> {
  let settled = 0;
  for (const scope of FACT_SCOPES) settled += await settleSynthesisState(scope);
  return settled;
}
