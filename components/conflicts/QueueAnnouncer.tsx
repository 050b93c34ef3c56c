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
 * message), showing the latest outcome for sighted users too, with Undo (and its key, u) when the
 * outcome is a decision made here.
 */
export function QueueAnnouncer({ message, onUndo, undoing = false }: { message: Announcement | null; onUndo?: (id: string) => void; undoing?: boolean }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" data-testid="queue-announcer" className="min-h-10">
      {message ? (
        <p key={message.id} data-tone={message.tone} className={`flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border px-3 py-2 text-sm wrap-anywhere ${tones[message.tone]}`}>
          <span>{message.text}</span>
          {message.href ? (
            <Link href={message.href} className="font-medium underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-indigo-600">
              View
            </Link>
          ) : null}
          {message.undo && onUndo ? (
            <button
              type="button"
              onClick={() => onUndo(message.undo!)}
              disabled={undoing}
              aria-keyshortcuts="u"
              data-testid="queue-undo"
              className="inline-flex items-center gap-1.5 rounded-md border border-current px-2 py-0.5 text-xs font-semibold focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 disabled:opacity-60"
            >
              {undoing ? 'Undoing…' : 'Undo'}
              <kbd aria-hidden="true" className="rounded border border-current px-1 font-mono text-[11px]">
                u
              </kbd>
            </button>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
