// What the gallery's acceptance checks measure, gathered in the demo page from
// every element and shadow root under the wallet, in whichever engine runs it.
// Plain JavaScript read as text and evaluated there, so no build step adds
// helpers the page lacks. Returns a JSON-safe object; acceptance.ts judges it.
/* eslint-disable @typescript-eslint/no-unused-expressions -- the file is one expression */
(selector) => {
  const host = document.querySelector(selector);
  const box = host.getBoundingClientRect();
  const all = [];
  const roots = [host, host.shadowRoot];
  for (let root = roots.pop(); root; root = roots.pop()) {
    for (const el of root.querySelectorAll('*')) {
      all.push(el);
      if (el.shadowRoot) roots.push(el.shadowRoot);
    }
  }
  const shown = all.filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && el.checkVisibility({ visibilityProperty: true, opacityProperty: false });
  });
  const describe = (el) => {
    const name = el.getAttribute('aria-label') || el.textContent.trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${el.localName}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}> "${name}"`;
  };

  // Everything a finger or pointer aims at; a check box or radio is aimed at through its label.
  const targets = shown
    .filter((el) =>
      el.matches('button, a[href], summary, select, textarea, input:not([type="hidden"]), [role="button"]'),
    )
    .map((el) => {
      const aimed = el.matches('input[type="checkbox"], input[type="radio"]') ? (el.closest('label') ?? el) : el;
      const r = aimed.getBoundingClientRect();
      return { what: describe(el), width: r.width, height: r.height };
    });

  // Anything drawn past the wallet's own box sideways (a clipped field or focus ring, a long word).
  const overflow = shown
    .filter((el) => el.getBoundingClientRect().width > 1)
    .filter((el) => {
      const r = el.getBoundingClientRect();
      return r.left < box.left - 0.5 || r.right > box.right + 0.5;
    })
    .map(
      (el) =>
        `${describe(el)} spans ${Math.round(el.getBoundingClientRect().left)}-${Math.round(el.getBoundingClientRect().right)} px, the wallet ${Math.round(box.left)}-${Math.round(box.right)} px`,
    );
  if (document.documentElement.scrollWidth > innerWidth)
    overflow.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px in ${innerWidth} px`);

  // What a user reads or hears: visible text, and the names given to controls.
  const texts = [];
  for (const el of shown) {
    for (const node of el.childNodes)
      if (node.nodeType === Node.TEXT_NODE && node.data.trim()) texts.push(node.data.trim().replace(/\s+/g, ' '));
    const label = el.getAttribute('aria-label');
    if (label) texts.push(label);
  }

  // Each amount with the locale its element speaks (the nearest ew-* host's resolvedLocale).
  const localeOf = (el) => {
    for (let node = el; node; node = node.parentNode ?? node.host) if (node.resolvedLocale) return node.resolvedLocale;
    return undefined;
  };
  // Judged by this engine's own Intl, which is what the elements format with.
  // An amount in one of the demo's currencies (two decimals), or a rate "1 USD = 17.2031 MXN" (at most four).
  const intlSays = (text, locale) => {
    const rate = /^1 ([A-Z]{3}) = (.+) ([A-Z]{3})$/.exec(text);
    if (rate) {
      const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
      const group = parts.find((p) => p.type === 'group')?.value ?? ',';
      const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
      const value = Number(rate[2].split(group).join('').replace(decimal, '.'));
      return new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(value) === rate[2];
    }
    const minor = Number(text.replace(/\D/g, ''));
    return ['USD', 'MXN', 'EUR'].some(
      (currency) =>
        new Intl.NumberFormat(locale, {
          style: 'currency',
          currency,
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }).format(minor / 100) === text,
    );
  };
  // The styles the elements write dates and times in, in the page's own time zone.
  const DATE_STYLES = [
    { dateStyle: 'medium', timeStyle: 'short' },
    { dateStyle: 'medium' },
    { timeStyle: 'short' },
    { hour: 'numeric', minute: '2-digit' },
  ];
  const intlDates = (text, datetime, locale) =>
    DATE_STYLES.some((style) => new Intl.DateTimeFormat(locale, style).format(new Date(datetime)) === text);

  const amounts = shown
    .filter((el) => el.matches('[part~="balance"], dl[part~="summary"] dd'))
    .map((el) => {
      const [text, locale] = [el.textContent.trim(), localeOf(el)];
      return { text, locale, intl: intlSays(text, locale) };
    });

  const times = shown
    .filter((el) => el.matches('time[datetime]'))
    .map((el) => {
      const [text, datetime, locale] = [el.textContent.trim(), el.getAttribute('datetime'), localeOf(el)];
      return { text, locale, intl: intlDates(text, datetime, locale) };
    });

  return { targets, overflow, texts, amounts, times, csp: window.__cspViolations ?? [] };
};
