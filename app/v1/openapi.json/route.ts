import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { openApiDocument } from './document';
import { OpenApiDocument } from '@/lib/wire/node';

export const dynamic = 'force-dynamic';

// GET /v1/openapi.json: the API description, public like /.well-known/stigmem — it names the routes
// and what each needs, which the source says too, and a client generator must read it before it
// holds a key (docs/api.md § API description).
export const GET = apiRoute({ permission: 'public', response: OpenApiDocument, handler: async () => openApiDocument() });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
