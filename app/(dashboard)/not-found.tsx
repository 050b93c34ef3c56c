import { Link } from '@/components/ui/Link';
import { EmptyState } from '@/components/ui/EmptyState';
import { linkStyles } from '@/components/ui/styles';

export default function NotFound() {
  return (
    <EmptyState title="Not found" testId="not-found">
      Nothing here, or nothing your key can read. <Link href="/" className={linkStyles}>Back to Health</Link>
    </EmptyState>
  );
}
