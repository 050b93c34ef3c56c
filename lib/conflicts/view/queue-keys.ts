// Keyboard shortcuts of the conflicts queue, and where the selection goes. Pure, so the rules are
// tested without a browser: j/k or the arrows move, Enter opens, a accepts the suggestion, 1 to 9
// keep that value of the contradiction, d dismisses, x marks the row for bulk accept, u undoes the
// last decision made here.

/** keepN keeps value N (1-based, as the queue numbers them). */
export type KeepCommand = `keep${number}`;
export type QueueCommand = 'next' | 'previous' | 'open' | 'accept' | KeepCommand | 'dismiss' | 'toggle' | 'undo';

/** The value a keep command keeps, 0-based; null for any other command. */
export function keptIndex(command: QueueCommand): number | null {
  return command.startsWith('keep') ? Number(command.slice(4)) - 1 : null;
}

const KEYS: Record<string, QueueCommand> = {
  j: 'next',
  ArrowDown: 'next',
  k: 'previous',
  ArrowUp: 'previous',
  Enter: 'open',
  a: 'accept',
  ...Object.fromEntries(Array.from({ length: 9 }, (_, i) => [String(i + 1), `keep${i + 1}` as KeepCommand])),
  d: 'dismiss',
  x: 'toggle',
  u: 'undo',
};

export const SHORTCUTS: { keys: string[]; label: string }[] = [
  { keys: ['j', '↓'], label: 'next contradiction' },
  { keys: ['k', '↑'], label: 'previous contradiction' },
  { keys: ['Enter'], label: 'open it' },
  { keys: ['a'], label: 'accept the suggestion' },
  { keys: ['1', '…', '9'], label: 'keep that value' },
  { keys: ['d'], label: 'dismiss: not a contradiction' },
  { keys: ['x'], label: 'mark for bulk accept' },
  { keys: ['u'], label: 'undo the last decision' },
];

export function commandForKey(key: string): QueueCommand | null {
  return KEYS[key] ?? null;
}

/** Moves through `ids`; from no selection, either direction starts at the first row. */
export function moveSelection(ids: string[], current: string | null, delta: 1 | -1): string | null {
  if (!ids.length) return null;
  const index = current === null ? -1 : ids.indexOf(current);
  if (index === -1) return ids[0];
  return ids[Math.min(ids.length - 1, Math.max(0, index + delta))];
}

/**
 * Where the selection goes once `decided` leaves the queue: the next row still waiting (rows being
 * saved are skipped), else the nearest waiting row above, else none.
 */
export function selectionAfterDecision(ids: string[], decided: string, busy: ReadonlySet<string> = new Set()): string | null {
  const index = ids.indexOf(decided);
  if (index === -1) return null;
  const waiting = (id: string) => id !== decided && !busy.has(id);
  return ids.slice(index + 1).find(waiting) ?? ids.slice(0, index).reverse().find(waiting) ?? null;
}

/** Shortcuts never fire while the user types in a field. */
export function isTypingTarget(target: { tagName?: string; type?: string; isContentEditable?: boolean } | null): boolean {
  if (!target?.tagName) return false;
  const tag = target.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable) return true;
  return tag === 'INPUT' && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes((target.type ?? 'text').toLowerCase());
}
