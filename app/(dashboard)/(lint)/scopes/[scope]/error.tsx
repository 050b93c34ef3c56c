'use client';

import { RouteError } from '@/components/ui/RouteError';

export default function ScopeError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} what="this scope's findings" />;
}
