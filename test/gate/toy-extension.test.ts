/**
 * The gate grows by table entries: a toy config section (`widgets:`), a toy check (WIDGET_TOO_WIDE) in
 * the one check shape, and a toy output format, each defined here and handed to the gate as an entry of
 * its table, with no edit anywhere else. The section's items are parsed (a bad one refused at its
 * line), run, counted in the report, reported in every format, described in the config schema and its
 * reference page; the check's code gets a generated docs page.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderPage } from '../../scripts/docs.ts';
import { buildConfigSchema, renderConfigPage } from '../../scripts/schema.ts';
import { checkDefinition, runChecks, type Check } from '../../src/engine/check.ts';
import { GATE_CODES } from '../../src/gate/codes.ts';
import { isNonEmptyString, isRecord } from '../../src/gate/config/values.ts';
import { Placer } from '../../src/gate/run/place.ts';
import { runGate } from '../../src/gate/run/run.ts';
import { defineSection, type SectionEntry } from '../../src/gate/sections/section.ts';
import { CONFIG_SECTIONS } from '../../src/gate/sections/table.ts';
import { OUTPUT_FORMATS, type OutputFormat } from '../../src/gate/outputs/formats.ts';
import { positionOf } from '../../src/gate/config/yaml.ts';

interface Widget extends SectionEntry {
  width: number;
}

/** The toy check: a widget wider than 10 is an error at its `width:`. */
const widgetTooWide: Check<{ widget: Widget }> = {
  code: 'WIDGET_TOO_WIDE',
  severity: 'error',
  title: 'A widget is wider than the shelf it sits on',
  docs: 'width is over 10.',
  remediation: 'Make the widget at most 10 wide.',
  check: ({ widget }) => (widget.width > 10
    ? [{ code: 'WIDGET_TOO_WIDE', severity: 'error', message: `Widget "${widget.name}" is ${widget.width} wide, more than 10.`, evidence: { field: '/width' } }]
    : []),
};

/** The toy section: `widgets:`, each item a name and a width, checked by the toy check. */
const widgets = defineSection<Widget>({
  key: 'widgets',
  what: 'widget',
  noun: ['widget', 'widgets'],
  title: 'Widgets',
  entries: true,
  uniqueNames: true,
  kind: 'lint',
  parse(raw, index, source, problem) {
    const at = ['widgets', index];
    if (!isRecord(raw) || !isNonEmptyString(raw.name) || typeof raw.width !== 'number') {
      problem(GATE_CODES.CONFIG_INVALID, 'A widget needs a name and a numeric width.', at);
      return undefined;
    }
    return { name: raw.name, path: at, line: positionOf(source.yaml, at).line, width: raw.width };
  },
  async run(widget, run) {
    const placer = new Placer(run.config, widget.path, widget.name, 'lint');
    placer.addFindings(runChecks([widgetTooWide], { widget }), (pointer) => pointer.split('/').slice(1), []);
    return { file: run.config.file, results: [], findings: placer.findings };
  },
  schema: {
    definition: 'Widget',
    description: 'Widgets on the shelf.',
    build: () => ({
      type: 'object', additionalProperties: false, required: ['name', 'width'],
      properties: { name: { type: 'string', description: 'The widget\'s name.' }, width: { type: 'number', description: 'How wide it is.' } },
    }),
  },
});

const SECTIONS = [...CONFIG_SECTIONS, widgets];

/** The toy format: one line per finding, `code@line`. */
const tally: OutputFormat = {
  name: 'tally', extension: '.tally', description: 'a tally of findings',
  render: (run) => run.findings.map((f) => `${f.code}@${f.line ?? 0}`).join('\n'),
};
const FORMATS = [...OUTPUT_FORMATS, tally];

const tmp = mkdtempSync(path.join(tmpdir(), 'oidc-gate-toy-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function repo(config: string): string {
  const root = path.join(tmp, `r${Math.random().toString(36).slice(2)}`);
  mkdirSync(path.join(root, '.github/oidc-gate'), { recursive: true });
  writeFileSync(path.join(root, '.github/oidc-gate/shelf.yml'), config);
  return root;
}

const SHELF = ['widgets:', '  - name: small', '    width: 3', '  - name: wide', '    width: 12', '  - name: broken', '    width: lots', ''].join('\n');

describe('a toy config section, check and format from their table entries alone', () => {
  it('the section is parsed (a bad item refused at its line), run through the check, and counted', async () => {
    const run = await runGate({ root: repo(SHELF), patterns: ['.github/oidc-gate/*.yml'], network: false, env: {} }, { sections: SECTIONS });
    expect(run.findings.map((f) => [f.code, f.line, f.name ?? ''])).toEqual([
      ['CONFIG_INVALID', 6, ''],
      ['WIDGET_TOO_WIDE', 5, 'wide'],
    ]);
    expect(run.files[0]).toMatchObject({ widgets: 2, providers: 0, tokens: 0 });
    expect(run.report.summary.file_status[0]?.widgets).toBe(2);
  });

  it('the check\'s finding is reported in every format of the table, the toy format among them', async () => {
    const run = await runGate({ root: repo(SHELF), patterns: ['.github/oidc-gate/*.yml'], network: false, env: {} }, { sections: SECTIONS });
    const rendered = Object.fromEntries(FORMATS.map((f) => [f.name, f.render(run)]));
    expect(Object.keys(rendered)).toEqual(['report', 'sarif', 'tally']);
    expect(JSON.parse(rendered.report ?? '').summary.findings.map((f: { code: string }) => f.code)).toContain('WIDGET_TOO_WIDE');
    const sarif = JSON.parse(rendered.sarif ?? '') as { runs: { results: { ruleId: string; locations: { physicalLocation: { region: { startLine: number } } }[] }[] }[] };
    expect(sarif.runs[0]?.results.map((r) => [r.ruleId, r.locations[0]?.physicalLocation.region.startLine])).toContainEqual(['WIDGET_TOO_WIDE', 5]);
    expect(rendered.tally).toBe('CONFIG_INVALID@6\nWIDGET_TOO_WIDE@5');
  });

  it('without the entry the key is unknown, and nothing is run or counted', async () => {
    const run = await runGate({ root: repo(SHELF), patterns: ['.github/oidc-gate/*.yml'], network: false, env: {} });
    expect(run.findings.map((f) => f.code)).toEqual(['CONFIG_UNKNOWN_KEY']);
    expect(run.files[0]?.widgets).toBeUndefined();
  });

  it('a wide widget no longer there: the check\'s code is absent', async () => {
    const run = await runGate({ root: repo(SHELF.replace('width: 12', 'width: 9').replace('width: lots', 'width: 1')), patterns: ['.github/oidc-gate/*.yml'], network: false, env: {} }, { sections: SECTIONS });
    expect(run.findings).toEqual([]);
  });

  it('the section is in the config schema and on the generated config reference page', () => {
    const schema = buildConfigSchema(SECTIONS) as { properties: Record<string, unknown>; $defs: Record<string, unknown> };
    expect(schema.properties.widgets).toEqual({ type: ['array', 'null'], items: { $ref: '#/$defs/Widget' }, description: 'Widgets on the shelf.' });
    expect(schema.$defs.Widget).toMatchObject({ required: ['name', 'width'] });
    const page = renderConfigPage(SECTIONS);
    expect(page).toContain('## `widgets:`');
    expect(page).toContain('| `width` | number | yes | How wide it is. |');
    expect(renderConfigPage()).not.toContain('widgets');
    expect(readFileSync(path.resolve(import.meta.dirname, '../../docs/config.md'), 'utf8')).toBe(renderConfigPage());
  });

  it('the check\'s code gets a generated docs page from its own definition', async () => {
    const page = await renderPage(checkDefinition(widgetTooWide, 'gate'));
    expect(page).toContain('WIDGET_TOO_WIDE');
    expect(page).toContain('A widget is wider than the shelf it sits on');
    expect(page).toContain('Make the widget at most 10 wide.');
  });
});
