'use client';

import { RouteError } from '@/components/ui/RouteError';

export default function NodeError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} what="the node page" />;
}
