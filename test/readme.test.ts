import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findingCatalogue } from '../src/gate/catalogue.ts';
import { END, START, renderFindingTable } from '../scripts/readme-findings.ts';

/** The finding table moved from the README to docs/findings.md (issue 26). */
const readme = readFileSync(new URL('../docs/findings.md', import.meta.url), 'utf8');

describe('the finding table (docs/findings.md)', () => {
  it('is the table rendered from the finding catalogue (run scripts/readme-findings.ts --write)', () => {
    const block = readme.slice(readme.indexOf(START) + START.length, readme.indexOf(END)).trim();
    expect(block).toBe(renderFindingTable());
  });

  it('lists every catalogue code exactly once with its severity', () => {
    for (const d of findingCatalogue) {
      const rows = readme.split('\n').filter((l) => l.startsWith(`| \`${d.code}\` |`));
      expect(rows, d.code).toHaveLength(1);
      expect(rows[0]).toContain(`| ${d.severity} |`);
    }
  });
});
