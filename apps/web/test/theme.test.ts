import { readFileSync } from 'node:fs';
import path from 'node:path';
import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { TEXT_SECONDARY, theme } from '../src/app/theme.ts';

/**
 * The theme's text colours meet WCAG AA (4.5:1 for normal text) on white and on the page
 * background, and the app's own styles use the same secondary text colour as antd.
 */

type Rgba = [number, number, number, number];

function parse(color: string): Rgba {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex) {
    const value = Number.parseInt(hex[1]!, 16);
    return [(value >> 16) & 255, (value >> 8) & 255, value & 255, 1];
  }
  const numbers = color.match(/[\d.]+/g)?.map(Number);
  if (!numbers || numbers.length < 3) throw new Error(`not a colour: ${color}`);
  return [numbers[0]!, numbers[1]!, numbers[2]!, numbers[3] ?? 1];
}

/** The colour seen when `top` is drawn over the opaque `under`. */
function over(top: Rgba, under: Rgba): Rgba {
  const alpha = top[3];
  return [0, 1, 2].map((i) => top[i]! * alpha + under[i]! * (1 - alpha)).concat(1) as Rgba;
}

function luminance([r, g, b]: Rgba): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(text: string, background: string): number {
  const under = parse(background);
  const [light, dark] = [luminance(over(parse(text), under)), luminance(under)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

// every token as antd derives it from the theme, as the components get them
const token = antdTheme.getDesignToken(theme) as unknown as Record<string, string>;
const backgrounds = [token.colorBgContainer!, token.colorBgLayout!];

describe('the theme', () => {
  it.each([
    'colorText',
    'colorTextSecondary',
    'colorTextDescription',
    'colorTextTertiary',
    'colorTextPlaceholder',
    'colorLink',
  ])('%s reads at 4.5:1 on white and on the page background', (name) => {
    for (const background of backgrounds)
      expect(contrast(token[name]!, background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    'red',
    'volcano',
    'orange',
    'gold',
    'yellow',
    'lime',
    'green',
    'cyan',
    'blue',
    'geekblue',
    'purple',
    'magenta',
  ])('a %s tag’s text reads at 4.5:1 on its light background', (color) => {
    expect(contrast(token[`${color}7`]!, token[`${color}1`]!)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['Success', 'Warning', 'Error', 'Info'])(
    'a %s status tag’s text reads at 4.5:1 on its background',
    (status) => {
      expect(contrast(token[`color${status}`]!, token[`color${status}Bg`]!)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('the app’s styles use the theme’s secondary text colour', () => {
    const css = readFileSync(path.join(import.meta.dirname, '../src/styles/global.css'), 'utf8');
    const declared = /--helio-text-secondary:\s*([^;]+);/.exec(css)?.[1];
    expect(declared && parse(declared)).toEqual(parse(TEXT_SECONDARY));
  });
});
