import type { InjectionRule } from './injection-rules';

// Instructions in other languages (kind `foreign_language`): the same attacks as the English rules
// — override prior instructions, forget the rules, "from now on you are", no restrictions, reveal
// the system prompt, do not follow, remember as a rule, send the passwords — in Spanish, French,
// German, Portuguese, Italian, Chinese, Japanese and Russian. Patterns run on the same normalized,
// lowercased text as the English ones. Each rule id ends with its language code.

const w = String.raw;
/** A word boundary for any script: JavaScript's \b only knows ASCII letters, even with the u flag. */
const WORD_EDGE = '(?:(?<![\\p{L}\\p{N}])(?=[\\p{L}\\p{N}])|(?<=[\\p{L}\\p{N}])(?![\\p{L}\\p{N}]))';
const lang = (code: string, weight: number, id: string, source: string): InjectionRule => ({
  id: `${id}_${code}`,
  kind: 'foreign_language',
  weight,
  pattern: new RegExp(source.replaceAll('\\b', WORD_EDGE), 'u'),
});

const OVERRIDE = 0.8;
const OTHER = 0.6;

/**
 * A cheap test per language before its rules run: the script, or the stems its rules start with.
 * Every rule of a language needs one of these, so a text without them skips the language (the
 * rules' Unicode word edges are the detector's most expensive patterns).
 */
export const LANGUAGE_GATES: Record<string, RegExp> = {
  es: /ignor|olvid|a partir de ahora|desde ahora|sin |revela|muestra|imprime|dime|no sigas|recuerda|env[ií]a/,
  fr: /ignor|oubli|maintenant|désormais|dorénavant|sans |révèl|affich|montr|imprime|ne su|retien|envoie/,
  de: /ignorier|vergiss|ab jetzt|von nun an|ab sofort|ohne |zeige|gib|verrate|drucke|befolge|merke|schicke/,
  pt: /ignor|esqueça|a partir de agora|sem |revele|mostre|exiba|imprima|não siga|lembre|envie/,
  it: /ignora|dimentica|da ora|senza |rivela|mostra|stampa|non seguire|ricorda|invia/,
  zh: /[\u4e00-\u9fff]/,
  ja: /[\u3040-\u30ff]|無視|指示/,
  ru: /[\u0400-\u04ff]/,
};

export const LANGUAGE_RULES: InjectionRule[] = [
  // Spanish
  lang('es', OVERRIDE, 'ignore_instructions', w`\bignor(?:a|e|ad|ar|en)\b\s+(?:todas?\s+)?(?:las\s+|tus\s+|sus\s+|los\s+)?(?:instrucciones|reglas|indicaciones|directrices|normas)`),
  lang('es', OVERRIDE, 'forget_rules', w`\bolvid(?:a|e|en)\s+(?:tus|las|sus|todas? las)\s+(?:reglas|instrucciones|normas)`),
  lang('es', OTHER, 'from_now_on', w`\b(?:a partir de ahora|desde ahora)\s+(?:eres|serás|vas a)`),
  lang('es', OTHER, 'no_restrictions', w`\bsin (?:ninguna |ningún tipo de )?(?:restricci(?:ón|ones)|límites|reglas)`),
  lang('es', OTHER, 'reveal_prompt', w`\b(?:revela|muestra|imprime|dime)\s+(?:el|tu|tus|las)\s+(?:prompt del sistema|instrucciones (?:ocultas|del sistema|secretas))`),
  lang('es', OVERRIDE, 'do_not_follow', w`\bno sigas (?:las|tus) (?:instrucciones|reglas)`),
  lang('es', OTHER, 'remember_rule', w`\brecuerda esto como (?:una )?regla`),
  lang('es', OTHER, 'send_passwords', w`\benv(?:í|i)a\b[^.]{0,20}\b(?:las )?contraseñas`),
  // French
  lang('fr', OVERRIDE, 'ignore_instructions', w`\bignor(?:e|ez|er)\s+(?:toutes\s+)?(?:les\s+|tes\s+|vos\s+)(?:instructions|consignes|règles|directives)`),
  lang('fr', OVERRIDE, 'forget_rules', w`\boubli(?:e|ez)\s+(?:tes|vos|les|toutes les)\s+(?:règles|instructions|consignes)`),
  lang('fr', OTHER, 'from_now_on', w`\b(?:à partir de maintenant|désormais|dorénavant),?\s+(?:tu es|vous êtes)`),
  lang('fr', OTHER, 'no_restrictions', w`\bsans (?:aucune )?(?:restriction|limite|règle)s?\b`),
  lang('fr', OTHER, 'reveal_prompt', w`\b(?:révèle|révélez|affiche|affichez|montre|montrez|imprime)\s+(?:ton|votre|le|tes|vos)\s+(?:prompt système|invite système|instructions cachées|instructions secrètes)`),
  lang('fr', OVERRIDE, 'do_not_follow', w`\bne (?:suis|suivez) pas (?:les|tes|vos) (?:consignes|instructions|règles)`),
  lang('fr', OTHER, 'remember_rule', w`\bretiens ceci comme (?:une )?règle|\bretenez ceci comme (?:une )?règle`),
  lang('fr', OTHER, 'send_passwords', w`\benvoie(?:z)?\b[^.]{0,20}\bmots de passe`),
  // German
  lang('de', OVERRIDE, 'ignore_instructions', w`\bignorier(?:e|en sie|t)?\s+(?:alle\s+)?(?:die\s+|deine\s+|ihre\s+)?(?:vorherigen\s+|bisherigen\s+|früheren\s+)?(?:anweisungen|regeln|instruktionen|richtlinien|vorgaben)`),
  lang('de', OVERRIDE, 'forget_rules', w`\bvergiss\s+(?:deine|alle|die)\s+(?:regeln|anweisungen|richtlinien)`),
  lang('de', OTHER, 'from_now_on', w`\b(?:ab jetzt|von nun an|ab sofort) bist du\b`),
  lang('de', OTHER, 'no_restrictions', w`\bohne (?:jegliche |alle |irgendwelche )?(?:einschränkungen|regeln|grenzen)`),
  lang('de', OTHER, 'reveal_prompt', w`\b(?:zeige|gib|verrate|drucke)\b(?: mir)?\s+(?:deinen|dein|deine|das)\s+(?:systemprompt|system-prompt|versteckten anweisungen|admin-passwort)`),
  lang('de', OVERRIDE, 'do_not_follow', w`\bbefolge nicht\b`),
  lang('de', OTHER, 'remember_rule', w`\bmerke dir (?:das|dies) als (?:dauerhafte |feste )?regel`),
  lang('de', OTHER, 'send_passwords', w`\bschicke\b[^.]{0,20}\bpasswörter`),
  // Portuguese
  lang('pt', OVERRIDE, 'ignore_instructions', w`\bignor(?:e|a|em)\s+(?:todas\s+)?(?:as\s+|suas\s+)(?:instruções|regras|orientações)`),
  lang('pt', OVERRIDE, 'forget_rules', w`\besqueça\s+(?:suas|as|todas as)\s+(?:regras|instruções)`),
  lang('pt', OTHER, 'from_now_on', w`\ba partir de agora\s+(?:você é|és|tu és)`),
  lang('pt', OTHER, 'no_restrictions', w`\bsem (?:nenhuma )?restriç(?:ão|ões)`),
  lang('pt', OTHER, 'reveal_prompt', w`\b(?:revele|mostre|exiba|imprima)\s+(?:o|suas|seu|as)\s+(?:prompt do sistema|instruções ocultas|instruções secretas)`),
  lang('pt', OVERRIDE, 'do_not_follow', w`\bnão siga as instruções`),
  lang('pt', OTHER, 'remember_rule', w`\blembre-se disto como (?:uma )?regra`),
  lang('pt', OTHER, 'send_passwords', w`\benvie\b[^.]{0,20}\bsenhas`),
  // Italian
  lang('it', OVERRIDE, 'ignore_instructions', w`\bignora\s+(?:tutte\s+)?(?:le\s+)?(?:istruzioni|regole|direttive)`),
  lang('it', OVERRIDE, 'forget_rules', w`\bdimentica\s+(?:le tue|le|tutte le)\s+(?:regole|istruzioni)`),
  lang('it', OTHER, 'from_now_on', w`\bda ora in poi\s+(?:sei|sarai)`),
  lang('it', OTHER, 'no_restrictions', w`\bsenza (?:alcuna )?(?:restrizion[ei]|limiti|regole)`),
  lang('it', OTHER, 'reveal_prompt', w`\b(?:rivela|mostra|stampa)\s+(?:il|le tue|le)\s+(?:prompt di sistema|istruzioni nascoste|istruzioni segrete)`),
  lang('it', OVERRIDE, 'do_not_follow', w`\bnon seguire le istruzioni`),
  lang('it', OTHER, 'remember_rule', w`\bricorda questo come (?:una )?regola`),
  lang('it', OTHER, 'send_passwords', w`\binvia\b[^.]{0,20}\bpassword`),
  // Chinese
  lang('zh', OVERRIDE, 'ignore_instructions', w`忽略(?:之前|以前|上面|以上|先前|前面|所有)?.{0,4}(?:指令|指示|规则|提示)`),
  lang('zh', OVERRIDE, 'forget_rules', w`忘记(?:你的|所有)?(?:规则|指令|指示)`),
  lang('zh', OTHER, 'from_now_on', w`从现在开始[，,]?\s*你是`),
  lang('zh', OTHER, 'no_restrictions', w`没有任何限制|不受任何限制|无任何限制`),
  lang('zh', OTHER, 'reveal_prompt', w`(?:显示|输出|告诉我|打印|泄露|展示).{0,4}(?:系统提示|隐藏的指令|你的指令|系统指令)`),
  lang('zh', OVERRIDE, 'do_not_follow', w`不要遵循.{0,4}(?:指示|指令|规则)`),
  lang('zh', OTHER, 'remember_rule', w`永久规则|记为.{0,3}规则`),
  lang('zh', OTHER, 'send_passwords', w`(?:发送|发给|发到).{0,8}密码|密码.{0,4}(?:发送|发给|发到)`),
  // Japanese
  lang('ja', OVERRIDE, 'ignore_instructions', w`(?:以前|前|上記|これまで|すべて)の(?:指示|命令|ルール)[^。]{0,8}無視|(?:指示|命令|ルール)を(?:すべて)?無視`),
  lang('ja', OVERRIDE, 'forget_rules', w`ルールを忘れ|指示を忘れ`),
  lang('ja', OTHER, 'from_now_on', w`今から(?:あなた|君)は`),
  lang('ja', OTHER, 'no_restrictions', w`制限のない|制限なし|制限のありません`),
  lang('ja', OTHER, 'reveal_prompt', w`システムプロンプト[^。]{0,8}(?:表示|出力|教え|見せ)|隠された指示`),
  lang('ja', OVERRIDE, 'do_not_follow', w`指示に従わない`),
  lang('ja', OTHER, 'remember_rule', w`永続的なルール|ルールとして覚え`),
  lang('ja', OTHER, 'send_passwords', w`パスワードを[^。]{0,12}送`),
  // Russian
  lang('ru', OVERRIDE, 'ignore_instructions', w`\bигнорируй(?:те)?\s+(?:все\s+)?(?:предыдущие\s+|прежние\s+|свои\s+)?(?:инструкции|правила|указания)`),
  lang('ru', OVERRIDE, 'forget_rules', w`\bзабудь(?:те)?\s+(?:свои|все)\s+(?:правила|инструкции)`),
  lang('ru', OTHER, 'from_now_on', w`\bс этого момента ты\b`),
  lang('ru', OTHER, 'no_restrictions', w`\bбез (?:каких-либо |всяких )?ограничений`),
  lang('ru', OTHER, 'reveal_prompt', w`\b(?:покажи|выведи|раскрой|напечатай)(?:те)?\s+(?:свой |свои |твой )?(?:системный промпт|скрытые инструкции|промпт)`),
  lang('ru', OVERRIDE, 'do_not_follow', w`\bне следуй(?:те)?\s+(?:исходным\s+)?инструкциям`),
  lang('ru', OTHER, 'remember_rule', w`\bзапомни(?:те)? это как (?:постоянное )?правило`),
  lang('ru', OTHER, 'send_passwords', w`\bотправь(?:те)?\s+пароли`),
];
