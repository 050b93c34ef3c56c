import { test } from '@playwright/test';
import { assertFact, uniqueSuffix } from '../support/api';

// The data the example suite (outside-suite.spec.ts) expects of the demo, written into the test
// server's fresh database: contradictions in scope team. One pair per run of the example and one
// spare; the `examples` project runs the example twice (repeatEach: 2), and each run resolves one.
// Against the demo itself (`npm run demo`), nothing like this is needed: it has hundreds.

test('contradictions in team for the example suite', async ({ request }) => {
  const suffix = uniqueSuffix();
  for (let i = 0; i < 3; i++) {
    const entity = `example:customer-${i}-${suffix}`;
    await assertFact(request, { entity, relation: 'crm:account-owner', value: { type: 'string', v: 'dana' }, scope: 'team' });
    await assertFact(request, { entity, relation: 'crm:account-owner', value: { type: 'string', v: 'sam' }, scope: 'team' });
  }
});
