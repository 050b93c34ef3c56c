'use client';

import { useState } from 'react';
import { buttonStyles } from '../ui/styles';

/** Copies text to the clipboard; says so, or says it could not (plain http on another host). */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }
  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" onClick={copy} disabled={!text} className={`${buttonStyles.secondary} px-2.5 py-1 text-xs`}>
        {state === 'copied' ? 'Copied' : label}
      </button>
      <span role="status" className="text-xs text-slate-500">
        {state === 'failed' ? 'Copy failed: select the text and press Ctrl+C.' : ''}
      </span>
    </span>
  );
}
