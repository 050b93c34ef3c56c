'use client';

import { useCallback, useSyncExternalStore } from 'react';

// "Confirm keyboard decisions" (docs/decisions.md § Review workflow): per browser, like the theme —
// how this screen should behave, not who is signed in. When on, a/1–9/d ask before they decide.

const KEY = 'stigmem-queue-confirm-keys';
const EVENT = 'stigmem-queue-confirm-keys';

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(EVENT, onChange);
  };
}

function read(): boolean {
  try {
    return window.localStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

export function useConfirmKeyDecisions(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, read, () => false);
  const set = useCallback((next: boolean) => {
    try {
      if (next) window.localStorage.setItem(KEY, 'true');
      else window.localStorage.removeItem(KEY);
    } catch {
      // Storage refused (a private window): the setting lasts until the page is left.
    }
    window.dispatchEvent(new Event(EVENT));
  }, []);
  return [on, set];
}
