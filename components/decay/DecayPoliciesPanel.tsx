'use client';

import { useState } from 'react';
import { errorDetail } from '@/lib/client/api-client';
import { useDecayPoliciesQuery } from '@/lib/decay/hooks/use-decay-policies-query';
import type { DecayPolicy } from '@/lib/decay/decay-policy';
import { EmptyState } from '../ui/EmptyState';
import { Notice } from '../ui/Notice';
import { buttonStyles } from '../ui/styles';
import { DecayPolicyForm } from './DecayPolicyForm';
import { DecayPolicyTable } from './DecayPolicyTable';

type FormState = { kind: 'closed' } | { kind: 'add' } | { kind: 'edit'; policy: DecayPolicy };

/**
 * The policies: a table for everyone, add / edit / delete of stored policies for admins — of the
 * policies whose scope is in `manageable` (the scopes the admin holds, and `*` for an admin of every scope).
 */
export function DecayPoliciesPanel({ initialPolicies, isAdmin, manageable }: { initialPolicies: DecayPolicy[]; isAdmin: boolean; manageable: string[] }) {
  const policies = useDecayPoliciesQuery({ initialData: initialPolicies });
  const [form, setForm] = useState<FormState>({ kind: 'closed' });
  const [saved, setSaved] = useState<string | null>(null);
  const list = policies.data ?? [];

  return (
    <section aria-labelledby="policies-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="policies-title" className="text-base font-semibold text-slate-900">
            Policies
          </h2>
          <p className="text-sm text-slate-600">Most specific first: an exact relation before the longest prefix:*, before *; an exact scope before *. The first match decays a value.</p>
        </div>
        {isAdmin && form.kind === 'closed' ? (
          <button type="button" onClick={() => (setForm({ kind: 'add' }), setSaved(null))} className={buttonStyles.primary}>
            Add policy
          </button>
        ) : null}
      </div>
      {form.kind !== 'closed' ? (
        <DecayPolicyForm
          key={form.kind === 'edit' ? form.policy.id : 'add'}
          editing={form.kind === 'edit' ? form.policy : null}
          onDone={(policy) => {
            setForm({ kind: 'closed' });
            setSaved(policy ? policy.id : null);
          }}
        />
      ) : null}
      {saved ? (
        <div className="mb-3">
          <Notice tone="success" testId="policy-saved">
            Policy <span className="font-mono wrap-anywhere">{saved}</span> saved. The preview below uses it.
          </Notice>
        </div>
      ) : null}
      {policies.isError ? (
        <Notice tone="error" title="Could not load the policies">
          {errorDetail(policies.error)}
        </Notice>
      ) : (
        <DecayPolicyTable
          policies={list}
          isAdmin={isAdmin}
          manageable={manageable}
          onEdit={(policy) => (setForm({ kind: 'edit', policy }), setSaved(null))}
          empty={
            <EmptyState title="No decay policies" testId="policies-empty">
              With no policy the sweeper is a no-op: a sweep changes nothing. {isAdmin ? 'Add a policy, or' : 'An admin can add one here or'} set STIGMEM_DECAY_POLICIES on the server.
            </EmptyState>
          }
        />
      )}
      {!isAdmin ? (
        <p className="mt-2 text-xs text-slate-500" data-testid="policies-read-only">
          Read-only: adding, editing and deleting policies needs the admin permission.
        </p>
      ) : null}
    </section>
  );
}
