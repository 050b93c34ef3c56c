'use client';

import { useEffect, useState } from 'react';
import { parseThemeChoice, resolveTheme, THEME_CHOICES, THEME_STORAGE_KEY, type ThemeChoice } from '@/lib/theme/theme-choice';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };
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
          onClick={() => choose(c)}
          className={`rounded px-2 py-1 font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white ${
            choice === c ? 'bg-white/20 text-white' : 'text-slate-300 hover:bg-white/10 hover:text-white'
          }`}
        >
          {LABELS[c]}
        </button>
      ))}
    </div>
  );
}
