import { ENGLISH_RULES, type InjectionRule } from './injection-rules';

// Which English rules can match a text at all, decided from its words before any rule runs: each
// rule needs one of a few words (a prefix of some word of the text: "ignor" for ignore, ignored,
// ignoring) or, for punctuation, a substring ("~<|"). Every pattern's alternatives contain one of
// its rule's triggers, so a rule skipped here could not have matched; the unit test checks that on
// every corpus and on generated text. Ordinary values ("Berlin", "staff engineer") wake few or no
// rules, which is most of what detection costs (docs/decisions.md § Memory integrity detectors).

const TRIGGERS: Record<string, string[]> = {
  ignore_previous_instructions: ['ignor', 'disregard', 'forget', 'neglect', 'overlook', 'drop', 'cancel', 'discard', 'dismiss', 'abandon', 'bypass', 'overrid', 'supersed', 'reset', 'void'],
  ignore_instructions_above: ['ignor', 'disregard', 'forget', 'neglect', 'overlook', 'drop', 'cancel', 'discard', 'dismiss', 'abandon', 'bypass', 'overrid', 'supersed', 'reset', 'void'],
  forget_everything: ['forget', 'ignor', 'disregard'],
  do_not_follow: ['follow', 'obey', 'listen'],
  rules_void: ['appl', 'void', 'invalid', 'outdated', 'cancel', 'test', 'valid', 'obsolete'],
  follow_these_instead: ['instead'],
  ignore_the_user: ['ignor', 'whatever', 'even'],
  permission_to_ignore: ['ignor', 'disregard', 'bypass', 'skip'],
  bypass_controls: ['bypass', 'circumvent', 'skip', 'get'],
  grant_admin: ['grant'],
  treat_as_instruction: ['treat'],
  deceive_reader: ['tell', 'inform', 'assure', 'include'],
  instructions_void: ['your'],
  new_instructions: ['instruction', 'rule', 'directive', 'order', 'prompt'],
  from_now_on: ['from', 'going', 'henceforth', 'starting'],
  addressed_to_model: ['~a.i.', 'ai', 'assistant', 'llm', 'language', 'model', 'agent', 'bot', 'chatbot', 'gpt', 'copilot', 'summari'],
  unchecked_action: ['without', 'regardless', 'unconditionally', 'matter', 'silently'],
  approve_everything: ['approv', 'accept', 'grant', 'allow', 'auto'],
  hide_instruction: ['instruction', 'message', 'note', 'rule'],
  secrecy: ['telling', 'silently'],
  authority_claim: ['operator', 'admin', 'developer', 'security', 'ceo', 'system', 'authori', 'your', 'highest', 'top'],
  system_override: ['overrid', 'supersed', 'priority', 'system'],
  disable_safety: ['safety', 'security', 'compliance', 'audit', 'content', 'two', 'moderation', 'constraints', 'restrictions', 'safeguards', 'disabling'],
  obey_next: ['unconditionally', 'says', 'ask', 'even'],
  chat_template_token: ['~<|', '~inst]', '~sys>>', '~of turn>', '~<s>'],
  // Substrings: a literal "\\n" before the role glues it to an "n" ("\\nsystem:").
  role_label: ['~system', '~assistant', '~human', '~ai', '~developer', '~model', '~operator'],
  turn_sequence: ['human', 'user'],
  role_heading: ['~#'],
  context_forgery: ['~#', '~**'],
  role_tag: ['~<'],
  role_json: ['role'],
  role_link: ['~](#'],
  turn_boundary: ['end', 'begin', 'conversation'],
  system_banner: ['system'],
  react_forgery: ['thought'],
  tool_call_forgery: ['arguments', 'function'],
  decode_and_follow: ['decod', 'backwards'],
  do_anything_now: ['anything', 'dan', 'stan', 'aim', 'dude', 'strive', 'machiavellian'],
  named_jailbreak: ['dan', 'stan', 'jailbr', 'bettergpt', 'omega', 'developer'],
  special_mode: ['mode'],
  no_restrictions: ['rule', 'restriction', 'limit', 'filter', 'content', 'guideline', 'ethical', 'moral', 'censor', 'polic', 'warning', 'safety', 'abolished'],
  unbound: ['bound', 'freed', 'anything', 'appl', 'abolished'],
  always_complies: ['complies', 'obeys', 'refuses', 'says', '~evil', '~dark', '~rogue', '~unbound'],
  harmful_how_to: ['how'],
  story_leak: ['story', 'poem', 'song', 'script', 'role'],
  pretend_unrestricted: ['pretend', 'imagine', 'act', 'role', 'play', 'simulat', 'actor'],
  act_as_unfiltered: ['unfiltered', 'uncensored', 'unrestricted', 'jailbroken', 'rogue', 'evil', 'amoral', 'unbound', 'character'],
  dual_response: ['~[classic]', '~[jailbreak]', 'twice'],
  permission_to_ignore_training: ['ignor', 'aligned', 'permission', 'allowed', 'free'],
  fiction_frame: ['hypothetical', 'fictional', 'story', 'thought', 'educational'],
  reveal_system_prompt: ['system', 'initial', 'original', 'hidden', 'pre', 'prompt', 'instructions', 'context', 'developer', 'confidential', 'your'],
  reveal_your_rules: ['your'],
  repeat_text_above: ['above', 'before', 'preceding', 'written', 'first', 'full'],
  ask_instructions: ['what', 'every'],
  ask_delimiters: ['delimiters', 'separators', 'special', 'text'],
  secret_in_instructions: ['secret', 'password', 'configured'],
  persist_as_rule: ['remember', 'memori', 'store', 'save', 'persist', 'record', 'write', 'add', 'keep', 'retain', 'learn'],
  permanent_directive: ['this', 'standing', 'core', 'permanent', 'memory', 'update'],
  whenever_trigger: ['every', 'whenever', 'each'],
  permanently_remember: ['permanently'],
  every_session: ['session', 'conversation', 'repl', 'answer'],
  remember_forever: ['remember', 'keep', 'every', 'all'],
  send_secrets: ['key', 'secret', 'credential', 'password', 'token', 'env', 'rsa', 'ssh', 'customer', 'dump', 'conversation', 'users', 'email', 'client', 'memory'],
  exfiltrate_word: ['exfiltrat', 'know', 'have'],
  share_secrets: ['share', 'reveal', 'give', 'print', 'tell', 'disclose'],
  forward_to_address: ['~@'],
  upload_dump: ['upload', 'export', 'dump'],
};

interface PrefixEntry {
  prefix: string;
  rule: InjectionRule;
}

const byStart = new Map<string, PrefixEntry[]>();
const bySubstring: { text: string; rule: InjectionRule }[] = [];
const untriggered: InjectionRule[] = [];
for (const rule of ENGLISH_RULES) {
  const triggers = TRIGGERS[rule.id];
  if (!triggers) {
    untriggered.push(rule);
    continue;
  }
  for (const trigger of triggers) {
    if (trigger.startsWith('~')) bySubstring.push({ text: trigger.slice(1), rule });
    else byStart.set(trigger.slice(0, 2), [...(byStart.get(trigger.slice(0, 2)) ?? []), { prefix: trigger, rule }]);
  }
}

/**
 * ASCII runs: the rules' words are ASCII and their \b is ASCII-only, so a rule's word always
 * starts an ASCII run (a letter like "é" before it only splits the run earlier).
 */
const WORDS = /[a-z0-9]+/g;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Any of the substring triggers: one scan before testing them one by one. */
const ANY_SUBSTRING = new RegExp([...new Set(bySubstring.map((e) => e.text))].map(escape).join('|'));

/** The English rules that could match `text` (normalized), in their table order. */
export function candidateRules(text: string): InjectionRule[] {
  const found = new Set<InjectionRule>(untriggered);
  for (const word of text.match(WORDS) ?? []) {
    for (const entry of byStart.get(word.slice(0, 2)) ?? []) if (word.startsWith(entry.prefix)) found.add(entry.rule);
  }
  if (ANY_SUBSTRING.test(text)) for (const entry of bySubstring) if (!found.has(entry.rule) && text.includes(entry.text)) found.add(entry.rule);
  return found.size === 0 ? [] : ENGLISH_RULES.filter((rule) => found.has(rule));
}
