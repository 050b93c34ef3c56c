import { apiRoute } from '@/lib/http/api-route';
import { methodNotAllowed } from '@/lib/http/method-not-allowed';
import { doctor } from '@/lib/node/doctor';
import { DoctorReport } from '@/lib/wire/node';

export const dynamic = 'force-dynamic';

// GET /v1/doctor (no key): coarse health and operator posture, never a secret (lib/node/doctor.ts).
export const GET = apiRoute({ permission: 'public', response: DoctorReport, handler: () => doctor() });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed('GET');
