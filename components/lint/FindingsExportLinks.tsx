import type { FindingsView } from '@/lib/lint/view/findings-query';
import { ExportLinks } from '../ui/ExportLinks';

/** Every finding of the current filters and sort (all pages), as CSV or JSON. */
export function FindingsExportLinks({ scope, view }: { scope: string; view: FindingsView }) {
  const { check, severity, namespace, q, sort, dir } = view;
  return <ExportLinks href={`/api/scopes/${encodeURIComponent(scope)}/findings/export`} params={{ check, severity, namespace, q, sort, dir }} what="these findings" testId="findings-export" />;
}
