import { describeRoutes } from '@/lib/openapi/describe-routes';
import { ROUTE_MODULES } from './route-index';

// The API description of this build, made once: the routes do not change while the node runs.
let document: ReturnType<typeof describeRoutes> | null = null;

export function openApiDocument(): ReturnType<typeof describeRoutes> {
  document ??= describeRoutes(ROUTE_MODULES);
  return document;
}
