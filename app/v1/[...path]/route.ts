import { errorResponse } from '@/lib/http/api-route';

export const dynamic = 'force-dynamic';

// Every /v1 path no route serves: a JSON 404 the official SDKs can show, instead of Next's HTML page.
// Next matches this catch-all last, after every static and dynamic route.
const notFound = async (req: Request) => errorResponse(404, 'not_found', `no such endpoint: ${req.method} ${new URL(req.url).pathname}`);

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
