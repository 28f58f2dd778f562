/**
 * axe-core in the page under test: loaded once as a classic script (it is no
 * ES module), run on an element (shadow DOM included) for WCAG 2.x A/AA.
 */
import { expect } from 'chai';

interface AxeResult {
  violations: { id: string; impact: string; help: string; nodes: { target: unknown[]; failureSummary: string }[] }[];
}
type Axe = { run(context: Element, options: object): Promise<AxeResult> };

export async function loadAxe(): Promise<Axe> {
  const global = window as unknown as { axe?: Axe };
  if (!global.axe) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = '/node_modules/axe-core/axe.min.js';
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('axe-core did not load'));
      document.head.append(script);
    });
  }
  return global.axe!;
}

/** The violations axe finds on `el`, one line each with its nodes (after transitions settle: contrast is computed). */
export async function axeViolations(el: Element): Promise<string[]> {
  const axe = await loadAxe();
  await new Promise((r) => setTimeout(r, 150));
  const result = await axe.run(el, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    resultTypes: ['violations'],
  });
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(n.target)}: ${n.failureSummary}`),
  );
}

/** Fails listing each violation axe finds on `el` in `state`. */
export async function expectAccessible(el: Element, state: string): Promise<string[]> {
  const lines = await axeViolations(el);
  expect(lines, `axe in state "${state}"`).to.deep.equal([]);
  return lines;
}
