'use client';

import { useEffect, useRef } from 'react';
import { commandForKey, isTypingTarget, type QueueCommand } from '@/lib/conflicts/view/queue-keys';

/**
 * Listens for a queue's shortcuts (the conflicts queue's unless `commandFor` maps keys otherwise) on the whole page, except while the user types in a field,
 * holds a modifier, or a dialog is open. Enter and the arrows act only when focus is on the page
 * itself or on a queue row, so Enter on a link or button keeps its own meaning and Tab is never
 * taken over (no keyboard trap).
 */
export function useQueueShortcuts<C = QueueCommand>(onCommand: (command: C) => void, commandFor: (key: string) => C | null = commandForKey as (key: string) => C | null) {
  const handler = useRef(onCommand);
  const keymap = useRef(commandFor);
  useEffect(() => {
    handler.current = onCommand;
    keymap.current = commandFor;
  });

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (isTypingTarget(target) || document.querySelector('dialog[open]')) return;
      const command = keymap.current(event.key);
      if (!command) return;
      const onPageOrRow = !target || target === document.body || target.id === 'main' || target.hasAttribute('data-queue-row');
      if ((event.key === 'Enter' || event.key.startsWith('Arrow')) && !onPageOrRow) return;
      event.preventDefault();
      handler.current(command);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
