// The dashboard's colour theme: what the person chose (remembered per browser in localStorage) and
// what it resolves to. "system" follows the operating system's prefers-color-scheme.

export const THEME_STORAGE_KEY = 'stigmem-theme';
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export function parseThemeChoice(stored: string | null | undefined): ThemeChoice {
  return (THEME_CHOICES as readonly string[]).includes(stored ?? '') ? (stored as ThemeChoice) : 'system';
}

export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): 'light' | 'dark' {
  return choice === 'system' ? (systemPrefersDark ? 'dark' : 'light') : choice;
}

/**
 * Runs inline in <head> before the first paint, so a dark page never flashes light. It repeats
 * parseThemeChoice and resolveTheme in plain ES5 (it cannot import), and the toggle calls
 * applyTheme with the same rule.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var c=localStorage.getItem('${THEME_STORAGE_KEY}');if(c!=='light'&&c!=='dark')c='system';var d=c==='dark'||(c==='system'&&window.matchMedia('(prefers-color-scheme: dark)').matches);var r=document.documentElement;r.classList.toggle('dark',d);r.dataset.theme=c;}catch(e){}})();`;
