import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { quarantineDecisionRoute } from '@/lib/quarantine/decision-route';

export const dynamic = 'force-dynamic';

export const POST = quarantineDecisionRoute('admit');

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('POST');
