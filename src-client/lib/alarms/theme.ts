/**
 * A dashboard's theme as CSS variables on the alarm area: the six colours as
 * `--alarm-primary` … `--alarm-tertiary-dark`, each with a readable text colour beside it
 * (`--alarm-on-primary`, …), and the area's buttons and focus rings in the theme's primary when
 * that colour is dark enough for white text.
 */
import type { CSSProperties } from 'react';
import { THEME_KEYS, type Theme, type ThemeKey } from '@/domain/alarm-dashboard';

const HEX = /^#[0-9a-fA-F]{6}$/;
export const isColour = (value: string) => HEX.test(value);

function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two colours (1 to 21). */
function contrast(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever reads better on `background` (always at least 4.5:1). */
const readableOn = (background: string) => (contrast(background, '#ffffff') >= contrast(background, '#000000') ? '#ffffff' : '#000000');

const cssName = (key: ThemeKey) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export function themeStyle(theme: Theme): CSSProperties {
  const vars: Record<string, string> = {};
  for (const key of THEME_KEYS) {
    vars[`--alarm-${cssName(key)}`] = theme[key];
    vars[`--alarm-on-${cssName(key)}`] = readableOn(theme[key]);
  }
  const button = [theme.primary, theme.primaryDark].find((c) => contrast(c, '#ffffff') >= 4.5);
  if (button) {
    vars['--color-primary'] = button;
    vars['--color-primary-dark'] = contrast(theme.primaryDark, '#ffffff') >= 4.5 ? theme.primaryDark : button;
    vars['--color-primary-foreground'] = '#ffffff';
    vars['--color-ring'] = button;
  }
  return vars as CSSProperties;
}

/** A theme whose every colour is valid: the typed ones, else those of `fallback`. */
export const validTheme = (typed: Record<ThemeKey, string>, fallback: Theme): Theme =>
  Object.fromEntries(THEME_KEYS.map((k) => [k, isColour(typed[k]) ? typed[k].toLowerCase() : fallback[k]])) as Theme;
