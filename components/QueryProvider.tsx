'use client';

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from '@/lib/client/query-client';

/** The dashboard's one react-query client (defaults in lib/client/query-client.ts). */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState<QueryClient>(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
