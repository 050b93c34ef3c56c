import { FACT_SCOPES } from '@/lib/facts/scope';
import { apiRoute } from '@/lib/http/api-route';
import { metricsArePublic, scrapeMetrics } from '@/lib/metrics/scrape';

export const dynamic = 'force-dynamic';

const respond = async (scopes: string[]) => {
  const { body, contentType } = await scrapeMetrics(scopes);
  return new Response(body, { headers: { 'content-type': contentType } });
};

/** Prometheus text format. A key with `read` sees its scopes; STIGMEM_METRICS_PUBLIC=true opens it (all scopes). */
const withKey = apiRoute({ permission: 'read', scope: 'listing', produces: ['text/plain'], handler: ({ scopes }) => respond(scopes) });
const open = apiRoute({ permission: 'public', produces: ['text/plain'], handler: () => respond([...FACT_SCOPES]) });

export const GET = (req: Request) => (metricsArePublic() ? open(req) : withKey(req));
