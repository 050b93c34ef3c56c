'use client';

import { useRef } from 'react';
import type { CreatedKey } from '@/lib/keys/hooks/use-create-key-mutation';
import { CopyButton } from '../ui/CopyButton';
import { buttonStyles } from '../ui/styles';

/** The generated secret, shown exactly once, with a copy button. */
export function NewKeyNotice({ created, onDone }: { created: CreatedKey & { key: string }; onDone: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <section aria-labelledby="new-key-title" data-testid="new-key" className="mb-6 rounded-xl border border-emerald-300 bg-emerald-50 p-5">
      <h2 id="new-key-title" className="text-base font-semibold text-emerald-900">
        Key created for <span className="font-mono wrap-anywhere">{created.entity_uri}</span>
      </h2>
      <p className="mt-1 text-sm text-emerald-900">Copy it now: this is the only time the node shows it. Only its hash is stored.</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label htmlFor="new-key-secret" className="sr-only">
          New API key
        </label>
        <input
          ref={inputRef}
          id="new-key-secret"
          data-testid="new-key-secret"
          readOnly
          value={created.key}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-emerald-300 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        />
        {/* Without a clipboard (plain http on another host) the key is selected, so Ctrl+C works. */}
        <CopyButton text={created.key} label="Copy key" variant="primary" onFailed={() => inputRef.current?.select()}>
          Copy key
        </CopyButton>
        <button type="button" onClick={onDone} className={buttonStyles.secondary}>
          Done
        </button>
      </div>
    </section>
  );
}
