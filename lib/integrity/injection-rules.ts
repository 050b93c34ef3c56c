// The English rules of the injection detector (detect-injection.ts): each names a kind of attack,
// a weight (how sure one match alone makes us, 0..1) and a pattern over the normalized text
// (NFKC, lowercase, hidden characters and homoglyphs folded, "_" as a space; see
// normalize-for-detection.ts). Weights are set so that an unmistakable phrase alone passes the
// default threshold (0.5) and a word that benign notes also use does not; several weak signals
// add up (1 − Π(1 − weight)). `negatable` rules count for less after a negation ("must not reveal
// its system prompt"): see detect-injection.ts.

export type InjectionKind =
  | 'override'
  | 'role_marker'
  | 'obfuscation'
  | 'foreign_language'
  | 'url_payload'
  | 'jailbreak'
  | 'prompt_extraction'
  | 'persistence'
  | 'exfiltration';

export interface InjectionRule {
  id: string;
  kind: InjectionKind;
  weight: number;
  pattern: RegExp;
  negatable?: boolean;
}

const w = String.raw;
const INSTRUCTION_NOUNS = w`(?:instructions?|directives?|rules|guidelines|guidance|prompts?|polic(?:y|ies)|constraints|restrictions|guardrails|programming|training|orders|commands|context|system (?:prompt|message)s?)`;
const POSITION = w`(?:previous|prior|above|earlier|preceding|original|initial|former|old|all|any|your|the|these|those|existing|current)`;
const OVERRIDE_VERBS = w`(?:ignore|disregard|forget|neglect|overlook|drop|cancel|discard|dismiss|abandon|bypass|override|supersede|reset|void)`;
const MODEL = w`(?:ai|a\.i\.|assistants?|llms?|language models?|models?|agents?|bots?|chatbots?|gpts?|copilots?|summari[sz]ers?)`;
const SECRET_NOUNS = w`(?:api keys?|secrets?|credentials?|passwords?|tokens?|private keys?|\.env|id[_ ]rsa|\.ssh|ssh keys?|session tokens?|customer (?:list|records|data)|database dump|conversations?(?: history)?|users table|email address(?:es)?|client secret|memory)`;

const rule = (id: string, kind: InjectionKind, weight: number, source: string, negatable = false): InjectionRule => ({ id, kind, weight, pattern: new RegExp(source, 'u'), negatable });

export const ENGLISH_RULES: InjectionRule[] = [
  // Imperative overrides of prior instructions or policy.
  rule('ignore_previous_instructions', 'override', 0.85, w`\b${OVERRIDE_VERBS}\b(?:\s+\S+){0,3}?\s+${POSITION}\b(?:\s+\S+){0,3}?\s+${INSTRUCTION_NOUNS}\b`, true),
  rule('ignore_instructions_above', 'override', 0.75, w`\b${OVERRIDE_VERBS}\s+(?:the\s+|your\s+|all\s+|any\s+)?${INSTRUCTION_NOUNS}\s+(?:above|before|so far|you (?:were|have been) given)`, true),
  rule('forget_everything', 'override', 0.7, w`\b(?:forget|ignore|disregard)\s+(?:everything|all)\s+(?:you (?:were|have been) told|you know|above|before|said before|that came before)`, true),
  rule('do_not_follow', 'override', 0.7, w`\b(?:do not|don't|stop|never|must not)\s+(?:follow(?:ing)?|obey(?:ing)?|listen(?:ing)? to)\s+(?:your|the|any|these)\s+(?:original\s+|previous\s+|prior\s+|initial\s+|system\s+)?(?:${INSTRUCTION_NOUNS}|task|handbook)`),
  rule('rules_void', 'override', 0.6, w`\b(?:earlier|previous|prior|old|original|above)\s+(?:${INSTRUCTION_NOUNS}|task)\s+(?:no longer apply|(?:are|is|were|was) (?:void|invalid|outdated|cancell?ed|a test|no longer valid))|\b${INSTRUCTION_NOUNS} (?:above|before) (?:are|is|were) (?:outdated|void|invalid|obsolete|cancell?ed|no longer valid)`),
  rule('follow_these_instead', 'override', 0.55, w`\bfollow (?:these|this|mine|my (?:instructions|orders)|the (?:next|following)) instead\b|\binstead of (?:summari[sz]ing|answering|translating|doing (?:the|your) task|following)\b`),
  rule('ignore_the_user', 'override', 0.6, w`\bignore (?:what|whatever) (?:the user|they|anyone|i) (?:asks?|says?|wants?)\b|\bwhatever your (?:system (?:message|prompt)|instructions|rules) says?\b|\beven if it (?:contradicts|violates|breaks) your (?:policy|rules|guidelines|instructions)`),
  rule('permission_to_ignore', 'override', 0.5, w`\byou (?:may|can|should|must|are allowed to) (?:now )?(?:ignore|disregard|bypass|skip)\b`),
  rule('bypass_controls', 'override', 0.5, w`\b(?:bypass|circumvent|skip|get around)\s+(?:the\s+)?(?:approval|review|security|verification|authenti\w+|2fa|two-factor|compliance|audit|moderation)\b`),
  rule('grant_admin', 'override', 0.45, w`\bgrant (?:admin|administrator|root|full|all)(?: access| rights| privileges| permissions)?\s+(?:to|for)\b`),
  rule('treat_as_instruction', 'override', 0.55, w`\btreat (?:it|this|this fact|this note|the following) as (?:an? )?(?:instruction|command|order|directive|system(?:-level)? (?:message|command|prompt))s?\b`),
  rule('deceive_reader', 'override', 0.4, w`\b(?:tell|inform|assure) (?:the )?(?:readers?|users?|customers?|them)\b[^.]{0,30}\b(?:was|is|were) (?:routine|fine|normal|nothing)|\bdo not include\b[^.]{0,40}\b(?:item|section|part|layoffs|incident|finding)`),
  rule('instructions_void', 'override', 0.6, w`\byour (?:${INSTRUCTION_NOUNS}|system prompt) (?:is|are|have been) (?:no longer valid|void|updated|replaced|overridden)`),
  rule('new_instructions', 'override', 0.5, w`\b(?:new|updated|real|actual|true)\s+(?:instructions|rules|directives|orders|system prompt)\s*(?::|are\b|follow\b)`),
  rule('from_now_on', 'override', 0.3, w`\b(?:from now on|from here on|going forward|henceforth|starting now)\b[^.]{0,40}\b(?:you|your|always|never|respond|reply|answer|say|approve|treat)\b`),
  rule('addressed_to_model', 'override', 0.3, w`\b(?:attention|note to|hey|dear|message for|p\.?s\.? to|to any|if you are)\b[^.:]{0,30}\b${MODEL}\b`),
  rule('unchecked_action', 'override', 0.45, w`\b(?:approve|grant|authori[sz]e|merge|deploy|delete|transfer|disable|turn off|skip|close|mark|change)\b[^.]{0,50}\b(?:without (?:checking|review(?:ing)?|verification|verifying|approval|telling|running tests|any checks)|regardless of|unconditionally|no matter what|silently)\b`),
  rule('approve_everything', 'override', 0.35, w`\b(?:approve|accept|grant|allow|auto-approve)\s+(?:everything|every (?:request|claim|refund|transfer|expense|access request|permission|thing)|all (?:requests|claims|refunds|transfers|expenses|invoices|access|permissions|pending))`),
  rule('hide_instruction', 'override', 0.55, w`\b(?:do not|don't|never)\s+(?:mention|tell|reveal|disclose)\b[^.]{0,30}\b(?:this|these)\s+(?:instruction|message|note|rule)`),
  rule('secrecy', 'override', 0.4, w`\bwithout telling (?:anyone|the user)|\bsilently (?:change|approve|forward|send|delete)`),
  rule('authority_claim', 'override', 0.45, w`\b(?:the (?:operator|admin(?:istrator)?|developer|security team|ceo|system) (?:has )?(?:authori[sz]ed|says|requires|instructs|orders) (?:you|to)|you are (?:now )?authori[sz]ed to|i am your (?:developer|creator|operator|admin)|(?:highest|top) priority\b)`),
  rule('system_override', 'override', 0.5, w`\b(?:system|admin|security|priority|emergency) override\b|\b(?:overrides?|supersedes?) (?:everything|all (?:others?|previous|prior)|any later)|\bpriority instruction\b|\bsystem-level command\b`),
  rule('disable_safety', 'override', 0.5, w`\b(?:disable|turn off|switch off|suspend|lift|remove|skip)\b[^.]{0,25}\b(?:safety|security|compliance|audit|content|two-factor|moderation)\s+(?:checks?|filters?|polic(?:y|ies)|restrictions|guardrails|logging|review|rules|layer)\b|\b(?:constraints|restrictions|safeguards|safety checks|safety filter) (?:are|is) (?:lifted|removed|off|disabled|suspended)|\bdisabling the safety\b|\bsafety (?:layer|filter) is off\b`),
  rule('obey_next', 'override', 0.45, w`\b(?:obey|comply with|do)\s+(?:the next message|everything|anything|whatever)\b[^.]{0,40}\b(?:unconditionally|says|asks|asked|even if)`),
  // Role and turn markers, chat-template delimiters.
  rule('chat_template_token', 'role_marker', 0.8, w`<\|[a-z_ ]+\|>|\[/?inst\]|<</?sys>>|<(?:start|end)[_ ]of[_ ]turn>|<s>\s*\[inst`),
  rule('role_label', 'role_marker', 0.5, w`(?:^|\n|\\n)\s*(?:system|assistant|human|ai|developer|model|operator)\s*:\s*(?:you|the user|i will|i'll|sure|of course|understood|ok\b|new|ignore|grant|approve|always|never|all|disable|the following)`),
  rule('turn_sequence', 'role_marker', 0.6, w`(?:^|\n)\s*(?:human|user)\s*:[^\n]*\n\s*(?:assistant|ai|model|bot)\s*:`),
  rule('role_heading', 'role_marker', 0.55, w`(?:^|\n|\\n)\s*#{1,6}\s*(?:system|instructions?|response|assistant|developer(?: instructions?)?|user)\b`),
  rule('context_forgery', 'role_marker', 0.7, w`(?:^|\n)\s*#{1,6}\s*stigmem context\b|(?:^|\n)\s*-\s+\*\*[^*\n]+\*\*\s+on\s+\x60[^\x60\n]+\x60:`),
  rule('role_tag', 'role_marker', 0.5, w`</?(?:system|instructions?|system[_ ]override|user[_ ]input|assistant|developer|tool[_ ]call)\b[^>]*>|<!--\s*(?:system|assistant|developer)\s*:`),
  rule('role_json', 'role_marker', 0.55, w`"role"\s*:\s*"(?:system|developer|assistant)"|(?:^|\n)\s*role:\s*(?:system|developer)\b`),
  rule('role_link', 'role_marker', 0.6, w`\[(?:system|assistant|user)\]\(#`),
  rule('turn_boundary', 'role_marker', 0.6, w`\bend of (?:user (?:data|input)|document|context)\b|\bbegin(?:ning of)? (?:system|new) (?:instructions|prompt|message)|\bnew conversation\b`),
  rule('system_banner', 'role_marker', 0.5, w`\[\[?system(?: notice| message)?\]\]?|#{2,}\s*system\s*#{2,}|\bsystem (?:message|notice)\s*:`),
  rule('react_forgery', 'role_marker', 0.5, w`\bthought:[^\n]*\baction:[^\n]*\b(?:observation|final answer):`),
  rule('tool_call_forgery', 'role_marker', 0.45, w`"name"\s*:\s*"[a-z_]+"\s*,\s*"arguments"|\bfunction call:\s*[a-z_]+\(`),
  // Asking the reader to decode something and act on it (the payload itself is read by the decoders).
  rule('decode_and_follow', 'obfuscation', 0.45, w`\bdecode\b[^.]{0,30}\b(?:and|then)\s+(?:follow|execute|run|do|obey|act on)\b|\b(?:follow|execute|run|obey) (?:it|this|them|the following) after decoding\b|\bread this backwards and\b`),
  // Jailbreak, pretend and simulation templates.
  rule('do_anything_now', 'jailbreak', 0.8, w`\bdo anything now\b|\b(?:you are|i am|as) (?:now )?(?:dan|stan|aim|dude)\b|\bstrive to avoid norms\b|\balways intelligent and machiavellian\b`),
  rule('named_jailbreak', 'jailbreak', 0.3, w`\b(?:dan|stan|jailbr(?:eak|oken)|bettergpt|omega|developer mode)\b`),
  rule('special_mode', 'jailbreak', 0.5, w`\b(?:god|sudo|opposite|unrestricted|maintenance|jailbreak|developer|simulation) mode(?: (?:enabled|on|activated))?\b[^.]{0,60}\b(?:ignore|no (?:rules|restrictions)|policies|safeguards|refusal|restrictions|disable)|\b(?:enter|enable|switch to|activate) (?:god|sudo|unrestricted|opposite|developer) mode`),
  rule('no_restrictions', 'jailbreak', 0.45, w`\b(?:no|without(?: any)?|free (?:of|from)(?: all)?)\s+(?:\S+\s+){0,2}?(?:rules|restrictions|limits|limitations|filters|content polic(?:y|ies)|guidelines|ethical guidelines|morals|censorship|policies|warnings or refusals|safety checks)\b`),
  rule('unbound', 'jailbreak', 0.55, w`\b(?:not|no longer) bound by\b|\bfreed from your\b|\byou (?:can|may) now do anything\b|\bhave been freed\b|\b(?:rules|policies|guidelines|restrictions) (?:do not|don't|no longer) apply\b|\brules were abolished\b`),
  rule('always_complies', 'jailbreak', 0.5, w`\b(?:always|never) (?:complies|obeys|refuses)\b|\bnever says no\b|\bwho (?:always )?(?:complies|obeys) with every\b|\byou are [a-z]*(?:evil|dark|rogue|unbound)[a-z]*\b`),
  rule('harmful_how_to', 'jailbreak', 0.45, w`\bhow to (?:disable|bypass|break into|hack|get into|steal)\b[^.]{0,40}\b(?:alarm|login|security|lock|vpn|system|account)\b`),
  rule('story_leak', 'jailbreak', 0.55, w`\b(?:story|poem|song|script|role-?play)\b[^.]{0,60}\b(?:real|actual|exact)\b[^.]{0,30}\b(?:credentials|passwords?|api keys|secrets|system prompt)\b`),
  rule('pretend_unrestricted', 'jailbreak', 0.55, w`\b(?:pretend|imagine|act as if|role-?play|play the (?:role|character)|simulate|you are an actor)\b[^.]{0,60}\b(?:ai|assistant|model|chatbot|system administrator|hacker|no (?:rules|restrictions|limits|morals)|without (?:any )?(?:rules|restrictions|filters|limits)|unfiltered|uncensored|never (?:refuses|says no)|terminal|root access|grandmother|ignores? policies|safety (?:filters|rules))\b`),
  rule('act_as_unfiltered', 'jailbreak', 0.6, w`\b(?:act as|you are|respond as|answer as|play)\s+(?:now\s+)?(?:an?\s+|my\s+)?(?:completely\s+)?(?:unfiltered|uncensored|unrestricted|jailbroken|rogue|evil|amoral|unbound)\b|\bnever break character\b|\bstay in character\b`),
  rule('dual_response', 'jailbreak', 0.5, w`\[(?:classic|jailbreak)\]|\brespond twice\b`),
  rule('permission_to_ignore_training', 'jailbreak', 0.5, w`\b(?:permission|allowed|free) to ignore your (?:training|rules|guidelines)|\bnever (?:been )?aligned\b|\bignore being an ai\b`),
  rule('fiction_frame', 'jailbreak', 0.2, w`\b(?:hypothetical(?:ly)?|fictional world|in a story|thought experiment|for educational purposes)\b`),
  // System prompt and delimiter extraction.
  rule('reveal_system_prompt', 'prompt_extraction', 0.6, w`\b(?:print|reveal|show|display|output|repeat|tell me|give me|dump|leak|paste|quote|copy|spell out|translate|encode|return|describe|list|write)\b[^.]{0,40}\b(?:system (?:prompt|message|instructions)|initial (?:prompt|instructions|system instructions)|original (?:prompt|instructions)|hidden (?:instructions|prompt|preamble|notes)|pre-?prompt|prompt template|instructions you (?:were|have been) given|context window|developer messages?|confidential instructions|(?:your|the) instructions you received)\b`, true),
  rule('reveal_your_rules', 'prompt_extraction', 0.55, w`\b(?:print|reveal|show|display|output|repeat|tell me|give me|dump|leak|paste|quote|copy|summari[sz]e|list|return|encode|translate|spell out)\b[^.]{0,20}\byour (?:instructions|rules|guidelines|configuration|prompt|memory|context)\b`, true),
  rule('repeat_text_above', 'prompt_extraction', 0.6, w`\b(?:repeat|print|output|reply with|copy)\b[^.]{0,20}\b(?:words|text|everything|all)\s+(?:above|before|preceding)\b|\bwhat is written (?:above|before)\b|\bfirst \d+ words of your\b|\bfull prompt you received\b`),
  rule('ask_instructions', 'prompt_extraction', 0.55, w`\bwhat (?:are|were) your (?:initial |original |hidden )?(?:instructions|rules|guidelines)\b|\bwhat'?s in your system message\b|\bwhat is your (?:system )?prompt\b|\bevery instruction you have received\b`),
  rule('ask_delimiters', 'prompt_extraction', 0.5, w`\b(?:delimiters|separators|special tokens)\b[^.]{0,40}\b(?:you use|between|separate)\b|\btext between your (?:system )?delimiters\b`),
  rule('secret_in_instructions', 'prompt_extraction', 0.5, w`\b(?:secret|password) in your instructions\b|\b(?:tools and )?api keys (?:were )?configured for you\b`),
  // "Remember this as a rule": persistence manipulation.
  rule('persist_as_rule', 'persistence', 0.55, w`\b(?:remember|memori[sz]e|store|save|persist|record|write|add|keep|retain|learn)\b[^.]{0,50}\b(?:as (?:a |an |your )?(?:(?:permanent|standing|core|new|default|system) ){0,2}(?:rule|policy|instruction|directive|preference|order|behaviou?r)|(?:for|in|across) (?:all |every )?(?:future|later|subsequent) (?:conversations|sessions|interactions|tasks|replies)|across sessions|forever|permanently|(?:to|into|in) (?:your )?(?:long-term |persistent |core )?(?:memory|instructions|rules))\b`),
  rule('permanent_directive', 'persistence', 0.45, w`\bthis (?:rule|instruction|directive|fact) (?:is permanent|supersedes|overrides|cannot be changed|must be remembered)|\bstanding order\b|\bcore directive\b|\bpermanent (?:rule|instruction)\b|\bmemory update\b|\bupdate your memory\b`),
  rule('whenever_trigger', 'persistence', 0.35, w`\b(?:every time|whenever|each time)\s+(?:you|someone|anyone|the user)\b[^.]{0,60}\b(?:say|quote|respond|reply|forward|send|treat|recommend|approve)\b`),
  rule('permanently_remember', 'persistence', 0.5, w`\bpermanently (?:remember|store|save|record|memori[sz]e)\b`),
  rule('every_session', 'persistence', 0.3, w`\bin (?:every|all|each) (?:future )?(?:sessions?|conversations?|repl(?:y|ies)|answers?)\b`),
  rule('remember_forever', 'persistence', 0.4, w`\b(?:remember|keep) (?:this|it)(?: in your memory)? (?:forever|permanently)\b|\b(?:for|in) (?:every|all) (?:future )?(?:sessions?|replies|answers) from now on\b|\bin every future reply\b`),
  // Exfiltration orders.
  rule('send_secrets', 'exfiltration', 0.6, w`\b(?:send|email|forward|post|upload|transmit|copy|leak|share|export|exfiltrate|attach|write|dump|include|add|collect|append)\b[^.]{0,50}(?<![a-z])${SECRET_NOUNS}(?![a-z])[^.]{0,60}(?:https?://|s3://|@|pastebin|gist|webhook|public|channel|summary|answer|reply|next (?:answer|fact|message)|url|address|outgoing message|plain text)`),
  rule('exfiltrate_word', 'exfiltration', 0.6, w`\bexfiltrat|\b(?:post|send|upload|forward|dump)\s+(?:everything|all) you (?:know|have)\b`),
  rule('share_secrets', 'exfiltration', 0.5, w`\b(?:share|reveal|give me|print|tell me|disclose)\s+(?:the|all|your|every)\s+(?:api keys|passwords?|credentials|secrets|private keys|tokens)\b`, true),
  rule('forward_to_address', 'exfiltration', 0.3, w`\b(?:forward|send|email|post)\b[^.]{0,30}\bto [a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}\b`),
  rule('upload_dump', 'exfiltration', 0.45, w`\b(?:upload|export|dump)\b[^.]{0,30}\b(?:dump|table|vault|secrets)\b[^.]{0,30}(?:https?://|s3://|to )`),
];
