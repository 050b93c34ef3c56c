import { Notice } from '../ui/Notice';

export interface ReviewAlerts {
  alerts: { code: string; message: string }[];
  thresholds: { pending: number; aged: number; false_alarms_per_week: number };
}

/** The API's alerts, or an all-clear; the thresholds are always shown so the rule is visible. */
export function ReviewAlertBanner({ alerts, thresholds }: ReviewAlerts) {
  const rules = `Alerts when more than ${thresholds.pending} contradicted triples are pending, more than ${thresholds.aged} are aged (over 14 days), or at least ${thresholds.false_alarms_per_week} false alarms were dismissed this week and more than the week before.`;
  return (
    <div data-testid="review-alerts">
      {alerts.length ? (
        <Notice tone="warning" title={alerts.length === 1 ? 'Review needs attention' : `Review needs attention (${alerts.length} alerts)`}>
          <ul className="list-disc space-y-0.5 pl-5">
            {alerts.map((alert) => (
              <li key={alert.code} data-code={alert.code}>
                {alert.message}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs opacity-80">{rules}</p>
        </Notice>
      ) : (
        <Notice tone="success" title="No alerts">
          <p className="text-xs">{rules}</p>
        </Notice>
      )}
    </div>
  );
}
