// Shared class lists, so every button and field looks and focuses the same way.

const buttonBase =
  'inline-flex items-center justify-center gap-2 rounded-lg px-3.5 py-2 text-sm font-semibold shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

export const buttonStyles = {
  primary: `${buttonBase} bg-indigo-600 text-white hover:bg-indigo-500 focus-visible:outline-indigo-600`,
  secondary: `${buttonBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-indigo-600`,
  danger: `${buttonBase} bg-rose-600 text-white hover:bg-rose-500 focus-visible:outline-rose-600`,
  dangerOutline: `${buttonBase} border border-rose-300 bg-white text-rose-700 hover:bg-rose-50 focus-visible:outline-rose-600`,
};

export const inputStyles =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-500/40';

export const labelStyles = 'block text-sm font-medium text-slate-700';

export const cardStyles = 'rounded-xl border border-slate-200 bg-white shadow-sm';

export const linkStyles = 'font-medium text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 rounded-sm';
