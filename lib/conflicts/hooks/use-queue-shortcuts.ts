'use client';

import { useEffect, useRef } from 'react';
import { commandForKey, isTypingTarget, type QueueCommand } from '@/lib/conflicts/view/queue-keys';

/**
 * Listens for the queue's shortcuts on the whole page, except while the user types in a field,
 * holds a modifier, or a dialog is open. Enter and the arrows act only when focus is on the page
 * itself or on a queue row, so Enter on a link or button keeps its own meaning and Tab is never
 * taken over (no keyboard trap).
 */
export function useQueueShortcuts(onCommand: (command: QueueCommand) => void) {
  const handler = useRef(onCommand);
  useEffect(() => {
    handler.current = onCommand;
  });

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (isTypingTarget(target) || document.querySelector('dialog[open]')) return;
      const command = commandForKey(event.key);
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
