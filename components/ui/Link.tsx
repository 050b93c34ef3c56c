import NextLink from 'next/link';
import type { ComponentProps } from 'react';

/**
 * Every link of the dashboard. Next prefetches each link in view by rendering its page on the
 * server, and the dashboard's pages are dynamic: every prefetch is a render with database reads.
 * A scope page of a 100k-fact scope set off 17 of them as soon as it loaded (the navigation, its
 * findings' entities and conflicts, its filter links), all queued on the embedded database's one
 * thread, most for pages nobody opens. So a link fetches its page when it is followed, unless a
 * caller asks for a prefetch.
 */
export function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
