'use client';

import { RouteError } from '@/components/ui/RouteError';

export default function KeysError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} what="keys" />;
}
