'use client';

import { useEffect, useState } from 'react';
import { buttonStyles } from './styles';

/** Puts `text` on the clipboard; where the Clipboard API is refused (plain http on another host), a hidden textarea and execCommand. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

const variants = {
  small: 'inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-60',
  primary: buttonStyles.primary,
};

/**
 * The one copy button: `label` names what it copies (its accessible name), the face says "Copy"
 * (or `children`) and then "Copied"; the result is announced, a failure also shown. `onFailed`
 * lets the caller select the text so Ctrl+C works.
 */
export function CopyButton({ text, label, children = 'Copy', variant = 'small', onFailed }: { text: string; label: string; children?: string; variant?: keyof typeof variants; onFailed?: () => void }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    const copied = await copyText(text);
    if (!copied) onFailed?.();
    setState(copied ? 'copied' : 'failed');
  }

  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" aria-label={label} onClick={copy} disabled={!text} className={variants[variant]}>
        {variant === 'small' ? (
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="1.5">
            <rect x="6.5" y="6.5" width="10" height="10" rx="1.5" />
            <path d="M13.5 6.5v-2a1.5 1.5 0 0 0-1.5-1.5H5A1.5 1.5 0 0 0 3.5 4.5V12A1.5 1.5 0 0 0 5 13.5h1.5" />
          </svg>
        ) : null}
        {state === 'copied' ? 'Copied' : children}
      </button>
      <span role="status" aria-live="polite" className={state === 'failed' ? 'text-xs text-rose-700' : 'sr-only'}>
        {state === 'copied' ? 'Copied to the clipboard' : state === 'failed' ? 'Copy failed: select the text and press Ctrl+C' : ''}
      </span>
    </span>
  );
}
