// Where a request came from, for the audit log. Next's server sets X-Forwarded-For to the TCP
// peer's address when the request has none, and keeps a client's own header as it came; a proxy in
// front appends the address it saw. So the last entry is the nearest hop's account of the client:
// trustworthy behind a proxy that appends it, the peer itself when nothing sits in front and the
// client sent none, and only a claim otherwise (docs/decisions.md § Audit log).

export function clientAddress(headers: Headers): { address: string | null; forwardedFor: string | null } {
  const chain = (headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const address = chain.at(-1) ?? headers.get('x-real-ip')?.trim() ?? null;
  return { address: address || null, forwardedFor: chain.length > 1 ? chain.join(', ') : null };
}
