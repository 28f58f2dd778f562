/**
 * The frame's check of a host's theme values (src/frame-page/theme-check.ts),
 * value by value, in each engine (colours are read back from a canvas): what
 * is applied, what is refused, and why.
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import { checkTheme } from '../../src/frame-page/theme-check.js';
import { PALETTE } from '../../src/elements/shared/palette-rows.js';
import { THEME_COLORS } from '../../src/frame-link/theme-tokens.js';

const check = (values: Record<string, string>) => checkTheme(document, values);

describe('the frame’s check of the host’s theme values', () => {
  it('knows the theme’s colours by the palette’s public names', () => {
    expect([...THEME_COLORS]).to.deep.equal(PALETTE.map(([, name]) => name));
  });

  it('takes opaque colours in hex or colour functions (applied as the sRGB value measured), lengths in range and text faces', () => {
    const { apply, refused } = check({
      '--ew-color-accent': '#0a58ca',
      '--ew-color-accent-dark': 'oklch(80% 0.1 260)',
      '--ew-color-danger': 'rgb(160 20 20)',
      '--ew-color-success': 'hsl(120 100% 20%)',
      '--ew-radius': '0px',
      '--ew-spacing': '1rem',
      '--ew-font-size': '15px',
      '--ew-font-family': "Inter, 'Helvetica Neue', sans-serif",
      '--ew-font-family-mono': 'ui-monospace, Menlo, monospace',
    });
    expect(refused).to.deep.equal([]);
    expect(apply).to.deep.include({
      '--ew-color-accent': 'rgb(10 88 202)',
      '--ew-color-danger': 'rgb(160 20 20)',
      '--ew-color-success': 'rgb(0 102 0)',
      '--ew-radius': '0px',
      '--ew-spacing': '1rem',
      '--ew-font-size': '15px',
      '--ew-font-family': "Inter, 'Helvetica Neue', sans-serif",
      '--ew-font-family-mono': 'ui-monospace, Menlo, monospace',
    });
    expect(apply['--ew-color-accent-dark']).to.match(/^rgb\(\d{1,3} \d{1,3} \d{1,3}\)$/);
  });

  it('refuses what refers elsewhere, is see-through, is not its kind or is out of range, each by name', () => {
    const { apply, refused } = check({
      '--ew-color-border': 'currentcolor',
      '--ew-color-raised': 'var(--_bg)',
      // Derived from the text's own colour in CSS (so text on it would vanish), black on a canvas.
      '--ew-color-surface': 'rgb(from currentcolor r g b)',
      // A system colour follows the frame's scheme, not the value checked; names are not taken.
      '--ew-color-text': 'CanvasText',
      '--ew-color-muted': 'darkgreen',
      '--ew-color-danger': 'rgba(179, 38, 30, 0.5)',
      '--ew-color-success': 'transparent',
      '--ew-color-accent': '12px',
      '--ew-font-size': '11px',
      '--ew-radius': '40px',
      '--ew-spacing': '50%',
      '--ew-font-family': 'Inter, Webdings',
      '--ew-shadow': '0 0 4px black',
    });
    expect(apply).to.deep.equal({});
    expect(refused).to.deep.equal([
      '--ew-color-border: "currentcolor" is not a colour',
      '--ew-color-raised: "var(--_bg)" is not a colour',
      '--ew-color-surface: "rgb(from currentcolor r g b)" is not a colour',
      '--ew-color-text: "CanvasText" is not a colour',
      '--ew-color-muted: "darkgreen" is not a colour',
      '--ew-color-danger: "rgba(179, 38, 30, 0.5)" is not opaque',
      '--ew-color-success: "transparent" is not a colour',
      '--ew-color-accent: "12px" is not a colour',
      '--ew-font-size: "11px" must be from 12 to 24 px (px or rem)',
      '--ew-radius: "40px" must be from 0 to 24 px (px or rem)',
      '--ew-spacing: "50%" must be from 4 to 24 px (px or rem)',
      '--ew-font-family: "Inter, Webdings" names "webdings", not one of the text faces taken',
      '--ew-shadow: "0 0 4px black" is not a theme property',
    ]);
  });

  it('holds each scheme’s colours to 4.5:1 together, the frame’s own filling in: one low pair drops that scheme only', () => {
    const { apply, refused } = check({
      // Light: dark-grey muted text on a dark raised background.
      '--ew-color-raised': '#333333',
      '--ew-color-accent': '#0a58ca',
      // Dark: fine against the dark defaults.
      '--ew-color-accent-dark': '#a8c7fa',
    });
    expect(apply).to.deep.equal({ '--ew-color-accent-dark': 'rgb(168 199 250)' });
    expect(refused).to.have.length(1);
    expect(refused[0]).to.match(
      /^the light colours: text on raised is 1\.\d\d:1 \(needs 4\.5:1\); none of them is applied$/,
    );
  });

  it('takes a light scheme a designer would ship: white on a deep accent, near-black text', () => {
    const values = {
      '--ew-color-accent': '#4f46e5',
      '--ew-color-on-accent': '#ffffff',
      '--ew-color-text': '#111827',
      '--ew-color-muted': '#4b5563',
      '--ew-color-surface': '#ffffff',
      '--ew-color-raised': '#f9fafb',
    };
    expect(check(values).refused).to.deep.equal([]);
  });
});
