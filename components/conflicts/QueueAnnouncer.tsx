import { Link } from '@/components/ui/Link';
import type { Announcement } from '@/lib/conflicts/hooks/use-queue-decisions';

const tones: Record<Announcement['tone'], string> = {
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  error: 'border-rose-200 bg-rose-50 text-rose-900',
};

/**
 * The queue's live region: always in the page (so screen readers are listening before the first
 * message), showing the latest outcome for sighted users too.
 */
export function QueueAnnouncer({ message }: { message: Announcement | null }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" data-testid="queue-announcer" className="min-h-10">
      {message ? (
        <p key={message.id} data-tone={message.tone} className={`rounded-lg border px-3 py-2 text-sm wrap-anywhere ${tones[message.tone]}`}>
          {message.text}
          {message.href ? (
            <>
              {' '}
              <Link href={message.href} className="font-medium underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-indigo-600">
                View
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
