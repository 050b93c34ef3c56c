import { describe, expect, it } from 'vitest';
import { parseThemeChoice, resolveTheme } from './theme-choice';

describe('theme choice', () => {
  it('reads only the three known choices and falls back to the system', () => {
    expect(parseThemeChoice('dark')).toBe('dark');
    expect(parseThemeChoice('light')).toBe('light');
    expect(parseThemeChoice('system')).toBe('system');
    expect(parseThemeChoice('DARK')).toBe('system');
    expect(parseThemeChoice(null)).toBe('system');
  });

  it('resolves system to what the operating system prefers and keeps an explicit choice', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});
