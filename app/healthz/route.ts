import { methodNotAllowed } from '@/lib/http/method-not-allowed';

export const dynamic = 'force-dynamic';

// Liveness for load balancers: no key, no database round trip (the process answering is the signal).
export const GET = async () => Response.json({ status: 'ok' });

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed('GET');
