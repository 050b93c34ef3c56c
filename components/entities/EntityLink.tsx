import { Link } from '@/components/ui/Link';
import { Identifier } from '@/components/ui/Identifier';
import { entityHref } from '@/lib/conflicts/view/conflict-href';
import { linkStyles } from '../ui/styles';

const sizes = { xs: 'text-xs', sm: 'text-sm', inherit: '' };

/** An entity URI as a link to its history page: code font, wrapping at its separators (components/ui/Identifier.tsx). */
export function EntityLink({ entity, size = 'xs' }: { entity: string; size?: keyof typeof sizes }) {
  return (
    <Link href={entityHref(entity)} className={`${linkStyles} font-mono ${sizes[size]} wrap-break-word`}>
      <Identifier text={entity} />
    </Link>
  );
}
