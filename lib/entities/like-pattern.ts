// LIKE patterns from user text: %, _ and the escape character itself match only themselves
// (the query says ESCAPE '\').

export type LikeMatch = 'contains' | 'prefix';

export function likePattern(text: string, match: LikeMatch): string {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return match === 'prefix' ? `${escaped}%` : `%${escaped}%`;
}
