import type { Page } from '@playwright/test';

// axe-core leaves some text out of its colour-contrast rule and reports it as "incomplete": text
// too short for it to judge (a count in a badge: "12"), and text over an element it cannot see
// through (a chart's labels over its SVG). Those are exactly where an outside audit found failures,
// so the accessibility spec measures them itself: the text's colour (an SVG text's fill), faded by
// the opacity of it and its ancestors, over the first opaque background behind it, as WCAG 2's
// contrast ratio. Colours are read through a canvas, so oklch() and color-mix() come out as sRGB.

export interface ContrastFailure {
  target: string;
  text: string;
  ratio: number;
  required: number;
}

/** Contrast of the elements at `selectors` (axe's targets); those below WCAG AA (4.5, or 3 for large text). */
export function measureContrast(page: Page, selectors: string[]): Promise<ContrastFailure[]> {
  return page.evaluate((targets) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgba = (css: string): [number, number, number, number] => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: number[], bottom: number[]) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3]));
    const luminance = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    /** The colour behind `el`: its ancestors' backgrounds composited from the first opaque one up. */
    const background = (el: Element): number[] => {
      const layers: number[][] = [];
      for (let node: Element | null = el; node; node = node.parentElement) {
        const bg = rgba(getComputedStyle(node).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] >= 1) break;
      }
      let color = [255, 255, 255];
      for (const layer of layers.reverse()) color = over(layer, [...color, 1]);
      return color;
    };
    const failures: { target: string; text: string; ratio: number; required: number }[] = [];
    for (const target of targets) {
      const el = document.querySelector(target);
      // Punctuation alone ("·" between items, "—" for none) is decoration, which WCAG 1.4.3 exempts.
      if (!el || !/[\p{L}\p{N}]/u.test(el.textContent ?? '')) continue;
      const style = getComputedStyle(el);
      let opacity = 1;
      for (let node: Element | null = el; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
      const fg = rgba(el instanceof SVGElement ? style.fill : style.color);
      fg[3] *= opacity;
      const bg = background(el);
      const [l1, l2] = [luminance(over(fg, [...bg, 1])), luminance(bg)].sort((a, b) => b - a);
      const ratio = (l1 + 0.05) / (l2 + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const required = large ? 3 : 4.5;
      if (ratio < required - 0.005) failures.push({ target, text: (el.textContent ?? '').trim().slice(0, 40), ratio: Math.round(ratio * 100) / 100, required });
    }
    return failures;
  }, selectors);
}
