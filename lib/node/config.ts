// Environment variables read by the node (README.md § Configuration lists them all).

export function authRequired(): boolean {
  return process.env.STIGMEM_AUTH_REQUIRED !== 'false';
}

export function conflictCooldownDays(): number {
  const days = Number(process.env.STIGMEM_CONFLICT_COOLDOWN_DAYS ?? 90);
  return Number.isFinite(days) && days >= 0 ? days : 90;
}

export const SESSION_COOKIE = 'stigmem_session';
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
export const NODE_VERSION = '0.9.0a2';

/** STIGMEM_MAINTENANCE=off leaves ANALYZE and VACUUM to the operator (or autovacuum). */
export function maintenanceEnabled(): boolean {
  return process.env.STIGMEM_MAINTENANCE !== 'off';
}

/** How often the periodic maintenance check runs, besides the runs writes trigger (default 60 s). */
export function maintenanceIntervalMs(): number {
  const seconds = Number(process.env.STIGMEM_MAINTENANCE_INTERVAL_S ?? 60);
  return (Number.isFinite(seconds) && seconds >= 1 ? seconds : 60) * 1000;
}
