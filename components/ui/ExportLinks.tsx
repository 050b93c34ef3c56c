import { linkStyles } from './styles';

/**
 * "Download CSV · JSON" for a table: plain links to its export route with the page's current
 * filters, so the browser downloads the file itself (and keyboard users reach it like any link).
 */
export function ExportLinks({ href, params, what, testId = 'export-links' }: { href: string; params: Record<string, string | number | boolean | undefined>; what: string; testId?: string }) {
  const url = (format: 'csv' | 'json') => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(key, String(value));
    query.set('format', format);
    return `${href}?${query}`;
  };
  return (
    <p data-testid={testId} className="text-sm text-slate-600">
      Download {what}:{' '}
      <a href={url('csv')} download className={linkStyles} aria-label={`Download ${what} as CSV`}>
        CSV
      </a>{' '}
      ·{' '}
      <a href={url('json')} download className={linkStyles} aria-label={`Download ${what} as JSON`}>
        JSON
      </a>
    </p>
  );
}
