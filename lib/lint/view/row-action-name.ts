// The accessible name of a button or link repeated on every row of the findings table. It starts
// with the visible text (WCAG 2.5.3, label in name: a speech user says what they see) and goes on
// with the row's relation and entity, so each row's control has a name of its own
// (getByRole('button', { name: 'Retract now: memory:editor on user:alice' })).

/** "Retract now: memory:editor on user:alice", or "Open entity: user:alice" for an entity-level row. */
export function rowActionName(visible: string, row: { entity: string; relation?: string | null }): string {
  return row.relation ? `${visible}: ${row.relation} on ${row.entity}` : `${visible}: ${row.entity}`;
}
