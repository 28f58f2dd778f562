/**
 * The script tag's lit literals are minified (scripts/browser-crypto.mjs, `minifyLiterals`):
 * indentation and comments go, but a space next to a binding is text on screen and must stay
 * ("The payment did not go through. The recipient's bank…", not "…through.The…").
 */
import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { minifyLiterals } from '../../scripts/browser-crypto.mjs';

const file = fileURLToPath(new URL('../../src/elements/sample.ts', import.meta.url));
const minify = async (code: string) => (await minifyLiterals.transform(code, file))?.code ?? code;

describe('minified lit literals', () => {
  it('keep one space beside a binding, and drop indentation and comments', async () => {
    const out = await minify(
      'const a = html`<p>\n    ${failed}${reason ? html` ${reason}` : nothing}\n  </p>\n  <!-- why -->\n  <span>${a} ${b}</span>`;',
    );
    expect(out).to.include('html` ${reason}`');
    expect(out).to.include('${a} ${b}');
    expect(out).not.to.include('why');
    expect(out).not.to.include('\n    ');
  });

  it('minify css literals, comments included', async () => {
    const out = await minify('const s = css`\n  /* a reason */\n  :host {\n    display: block;\n  }\n`;');
    expect(out).to.include('css`:host{display:block}`');
  });
});
