/** The kinds of change the structural channel makes to a text (recall's `sanitizer_warnings`). */
export type InertChange =
  | 'line_breaks_encoded'
  | 'invisible_characters_removed'
  | 'bidi_controls_removed'
  | 'tag_characters_removed'
  | 'variation_selectors_removed'
  | 'control_characters_removed'
  | 'format_characters_removed'
  | 'invalid_surrogates_replaced';
export declare const LINE_BREAK_MARK: '⏎';
export declare function inertLine(text: string): { text: string; changes: InertChange[] };
export declare function agentJson(value: unknown): string;
