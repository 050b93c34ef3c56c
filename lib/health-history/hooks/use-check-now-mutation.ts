'use client';

import { useRefreshingMutation } from '../../client/use-refreshing-mutation';

/** POST /v1/health/runs: a manual health run of the scope. */
export const useCheckNowMutation = () => useRefreshingMutation((scope: string) => ({ path: '/v1/health/runs', method: 'POST', body: { scope } }));
