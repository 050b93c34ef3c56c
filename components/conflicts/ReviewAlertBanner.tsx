import { Link } from '@/components/ui/Link';
import type { ReviewAlert } from '@/lib/alerts/review-alerts';
import { Notice } from '../ui/Notice';
import { linkStyles } from '../ui/styles';

/**
 * The open alerts of the review rules (queue too long, aged contradictions, false alarms rising) in
 * the scopes shown: the header's count restricted to these rules and scopes, labelled as such. The
 * rules and their thresholds live on the Alerts page.
 */
export function ReviewAlertBanner({ alerts }: { alerts: ReviewAlert[] }) {
  const n = alerts.length;
  const rules = (
    <p className="mt-2 text-xs opacity-80">
      From the review rules on the{' '}
      <Link href="/alerts" className={linkStyles}>
        Alerts page
      </Link>{' '}
      (review queue too long, aged contradictions, false alarms rising), after each health run; open means not acknowledged and not muted.
    </p>
  );
  return (
    <div data-testid="review-alerts" data-open-count={n}>
      {n ? (
        <Notice tone="warning" title={`${n} open review ${n === 1 ? 'alert' : 'alerts'}`}>
          <ul className="list-disc space-y-0.5 pl-5">
            {alerts.map((alert) => (
              <li key={alert.id} data-code={alert.rule.kind}>
                <span className="font-medium">{alert.rule.name}</span> in {alert.scope}: {alert.message}
              </li>
            ))}
          </ul>
          {rules}
        </Notice>
      ) : (
        <Notice tone="success" title="No open review alerts">
          {rules}
        </Notice>
      )}
    </div>
  );
}
