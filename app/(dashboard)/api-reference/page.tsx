import type { Metadata } from 'next';
import { ErrorLegend } from '@/components/api-reference/ErrorLegend';
import { OperationCard } from '@/components/api-reference/OperationCard';
import { PageHeader } from '@/components/ui/PageHeader';
import { buttonStyles, linkStyles } from '@/components/ui/styles';
import { openApiDocument } from '@/app/v1/openapi.json/document';
import { errorLegend, referenceView } from '@/lib/openapi/view/reference-view';
import { pageAccess } from '@/lib/pages/page-access';

export const metadata: Metadata = { title: 'API reference' };

// The /v1 API as GET /v1/openapi.json describes it: the same document, generated from the route
// declarations, so the page cannot drift from the routes.
export default async function ApiReferencePage() {
  await pageAccess('/api-reference');
  const document = openApiDocument();
  const groups = referenceView(document);
  const count = groups.reduce((sum, group) => sum + group.operations.length, 0);
  return (
    <>
      <PageHeader
        title="API reference"
        description={
          <>
            The {count} operations of <code className="font-mono text-xs">/v1</code>, generated from the route declarations: who may call each; open one for its parameters, its
            body and the statuses it answers. Send a key as <code className="font-mono text-xs">Authorization: Bearer &lt;key&gt;</code>.
          </>
        }
        actions={
          <a href="/v1/openapi.json" className={buttonStyles.secondary}>
            OpenAPI 3.1 JSON
          </a>
        }
      />
      <div className="space-y-6">
        <nav aria-label="API sections" className="text-sm">
          <ul className="flex flex-wrap gap-x-3 gap-y-1">
            {groups.map((group) => (
              <li key={group.tag}>
                <a href={`#tag-${group.tag}`} className={linkStyles}>
                  {group.tag}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <ErrorLegend statuses={errorLegend(document)} />
        {groups.map((group) => (
          <section key={group.tag} aria-labelledby={`tag-${group.tag}`} className="space-y-3" data-testid="api-tag">
            <h2 id={`tag-${group.tag}`} className="scroll-mt-20 font-mono text-lg font-semibold text-slate-900">
              {group.tag}
            </h2>
            {group.operations.map((operation) => (
              <OperationCard key={operation.id} operation={operation} />
            ))}
          </section>
        ))}
      </div>
    </>
  );
}
