// The axe-core audit of a page (WCAG 2.1 levels A and AA): axe.min.js from node_modules is
// injected into the page and run on the whole document; the serious and critical violations
// come back as one line each (rule, impact, the first elements and axe's summary), so a test
// can fail listing them.

import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AXE_FILE = path.join(path.dirname(require.resolve('axe-core/package.json')), 'axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// Runs axe on `page`; returns every violation of impact serious or critical, as lines.
export async function serious_violations(page) {
    if (!(await page.evaluate(() => typeof window.axe === 'object'))) {
        await page.addScriptTag({ path: AXE_FILE });
    }
    const violations = await page.evaluate(async (tags) => {
        const result = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
        return result.violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary || '' })),
        }));
    }, TAGS);
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => {
        const nodes = v.nodes.slice(0, 4).map((n) => `${n.target} (${n.summary.replace(/\s+/g, ' ').slice(0, 160)})`);
        return `${v.id} [${v.impact}] ${v.help}: ${v.nodes.length} element(s): ${nodes.join('; ')}`;
    });
}

// Fails with the list of serious and critical violations of `page`, named by `where`.
export async function expect_no_serious_violations(page, where) {
    const found = await serious_violations(page);
    if (found.length) throw new Error(`axe (WCAG 2.1 A/AA) on ${where}:\n${found.join('\n')}`);
}
