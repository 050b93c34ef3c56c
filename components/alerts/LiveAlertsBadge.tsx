'use client';

import { useEffect, useState } from 'react';
import { apiFetch } from '@/lib/client/api-client';
import { useNodeChanges } from '@/lib/changes/hooks/use-node-changes';
import { baselineOf, type ChangeBaseline, changedSince } from '@/lib/changes/view/changed-since';
import type { AlertCounts } from '@/lib/alerts/alert-groups';
import { AlertsBadgeLink } from './AlertsBadgeLink';

const ACTIVITY = { knowledge: false, activity: true } as const;

/**
 * The header's open-alert count, kept current on every page: when GET /v1/changes shows a health
 * run, an alert or a mute moved in the caller's scopes since the count was read, it reads the count
 * again (GET /v1/alerts counts: the same countAlerts as the server's), without re-rendering the page.
 */
export function LiveAlertsBadge({ count: initialCount, baseline }: { count: number | null; baseline: ChangeBaseline }) {
  const { changes } = useNodeChanges();
  const [known, setKnown] = useState({ count: initialCount, baseline });
  const stale = changes !== null && changedSince(known.baseline, changes, ACTIVITY);
  useEffect(() => {
    if (!stale || !changes) return;
    let cancelled = false;
    apiFetch<{ counts: AlertCounts }>('/v1/alerts?status=open&limit=1')
      .then(({ counts }) => {
        if (!cancelled) setKnown({ count: counts.open, baseline: baselineOf(changes) });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [stale, changes]);
  return <AlertsBadgeLink count={known.count} />;
}
