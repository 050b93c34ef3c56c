'use client';

import { useEffect, useState } from 'react';
import { parseThemeChoice, resolveTheme, THEME_CHOICES, THEME_STORAGE_KEY, type ThemeChoice } from '@/lib/theme/theme-choice';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };
// Between 1280 and 1536 px the top bar is full: the buttons show these icons, their words stay their names.
const ICONS: Record<ThemeChoice, string> = {
  system: 'M2 4.25A2.25 2.25 0 014.25 2h11.5A2.25 2.25 0 0118 4.25v8.5A2.25 2.25 0 0115.75 15h-3.105a3.501 3.501 0 001.1 1.677A.75.75 0 0113.26 18H6.74a.75.75 0 01-.484-1.323A3.501 3.501 0 007.355 15H4.25A2.25 2.25 0 012 12.75v-8.5zm1.5 0a.75.75 0 01.75-.75h11.5a.75.75 0 01.75.75v7.5a.75.75 0 01-.75.75H4.25a.75.75 0 01-.75-.75v-7.5z',
  light: 'M10 2a.75.75 0 01.75.75v1.5a.75.75 0 01-1.5 0v-1.5A.75.75 0 0110 2zm0 13a.75.75 0 01.75.75v1.5a.75.75 0 01-1.5 0v-1.5A.75.75 0 0110 15zm0-8a3 3 0 100 6 3 3 0 000-6zm5.657-1.596a.75.75 0 10-1.06-1.06l-1.061 1.06a.75.75 0 001.06 1.06l1.06-1.06zm-9.193 9.192a.75.75 0 10-1.06-1.06l-1.06 1.06a.75.75 0 001.06 1.06l1.06-1.06zM18 10a.75.75 0 01-.75.75h-1.5a.75.75 0 010-1.5h1.5A.75.75 0 0118 10zM5 10a.75.75 0 01-.75.75h-1.5a.75.75 0 010-1.5h1.5A.75.75 0 015 10zm9.596 5.657a.75.75 0 001.06-1.06l-1.06-1.061a.75.75 0 10-1.06 1.06l1.06 1.06zM5.404 6.464a.75.75 0 001.06-1.06l-1.06-1.06a.75.75 0 10-1.061 1.06l1.06 1.06z',
  dark: 'M7.455 2.004a.75.75 0 01.26.77 7 7 0 009.958 7.967.75.75 0 011.067.853A8.5 8.5 0 116.647 1.921a.75.75 0 01.808.083z',
};
const DARK_QUERY = '(prefers-color-scheme: dark)';

function applyTheme(choice: ThemeChoice) {
  const root = document.documentElement;
  root.classList.toggle('dark', resolveTheme(choice, window.matchMedia(DARK_QUERY).matches) === 'dark');
  root.dataset.theme = choice;
}

/** System / light / dark, remembered in this browser; the boot script in the root layout applied it before paint. */
export function ThemeToggle() {
  // The server cannot know the stored choice; until hydration the buttons show "system" pressed.
  const [choice, setChoice] = useState<ThemeChoice>('system');

  useEffect(() => {
    setChoice(parseThemeChoice(window.localStorage.getItem(THEME_STORAGE_KEY)));
  }, []);

  useEffect(() => {
    if (choice !== 'system') return;
    const media = window.matchMedia(DARK_QUERY);
    const follow = () => applyTheme('system');
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, [choice]);

  const choose = (next: ThemeChoice) => {
    setChoice(next);
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // storage off (private mode): the choice lasts for this page only
    }
    applyTheme(next);
  };

  return (
    <div role="group" aria-label="Colour theme" data-testid="theme-toggle" className="inline-flex rounded-md border border-white/20 p-0.5 text-xs">
      {THEME_CHOICES.map((c) => (
        <button
          key={c}
          type="button"
          aria-pressed={choice === c}
          title={LABELS[c]}
          onClick={() => choose(c)}
          className={`rounded px-2 py-1 font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white ${
            choice === c ? 'bg-white/20 text-white' : 'text-slate-300 hover:bg-white/10 hover:text-white'
          }`}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="hidden h-4 w-4 xl:max-2xl:block">
            <path fillRule="evenodd" clipRule="evenodd" d={ICONS[c]} />
          </svg>
          <span className="xl:max-2xl:sr-only">{LABELS[c]}</span>
        </button>
      ))}
    </div>
  );
}
