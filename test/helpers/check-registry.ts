/**
 * What every family's registry must hold to, checked the same way for each: every check module in the
 * family's folder is registered, once; each check has its own test file that runs it through the check
 * tester; and its catalogue entry is made from the check itself, so its docs page says what it reports.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getFindingDefinition } from '../../src/engine/catalogue.ts';
import { checkDefinition, type CheckDocs } from '../../src/engine/check.ts';
import type { FindingArea } from '../../src/engine/findings.ts';

export interface RegistryUnderTest {
  /** Every check of the family, as its registries list them. */
  checks: readonly CheckDocs[];
  area: FindingArea;
  /** The folder of the check modules, and the modules in it that hold no check (the context, the registry). */
  checksDir: URL;
  notChecks: readonly string[];
  /** The folder of the checks' test files, and the function of the family's tester they call. */
  testsDir: URL;
  runner: string;
}

export function testRegistry(family: RegistryUnderTest): void {
  const checksDir = fileURLToPath(family.checksDir);
  const testsDir = fileURLToPath(family.testsDir);
  const files = readdirSync(checksDir).filter((f) => f.endsWith('.ts') && !family.notChecks.includes(f)).sort();

  it('lists each code once', () => {
    const codes = family.checks.map((c) => c.code);
    expect(codes.filter((c, i) => codes.indexOf(c) !== i)).toEqual([]);
    expect(codes.length).toBeGreaterThan(0);
  });

  it('registers the check of every module of its folder (none forgotten in the registry)', async () => {
    for (const file of files) {
      const exported = (await import(pathToFileURL(join(checksDir, file)).href)) as Record<string, unknown>;
      expect(Object.values(exported).filter((v) => family.checks.includes(v as CheckDocs)), `the check of ${file}`).toHaveLength(1);
    }
  });

  describe.each(family.checks.map((check) => [check.code, check] as const))('%s', (_code, check) => {
    it('is exported by exactly one module, whose test file runs it through the check tester', async () => {
      const owners: { module: string; name: string }[] = [];
      for (const file of files) {
        const exported = (await import(pathToFileURL(join(checksDir, file)).href)) as Record<string, unknown>;
        for (const [name, value] of Object.entries(exported)) if (value === check) owners.push({ module: file.slice(0, -'.ts'.length), name });
      }
      expect(owners, 'modules exporting this check').toHaveLength(1);
      const { module, name } = owners[0] as { module: string; name: string };
      const testFile = join(testsDir, `${module}.test.ts`);
      expect(existsSync(testFile), `${relative(process.cwd(), testFile)} exists`).toBe(true);
      const source = readFileSync(testFile, 'utf8');
      expect(source).toContain(`from '${relative(testsDir, join(checksDir, module))}.ts'`);
      expect(source).toContain(`${family.runner}(${name},`);
    });

    it('is the catalogue entry of its code, docs included', () => {
      expect(getFindingDefinition(check.code)).toEqual(checkDefinition(check, family.area));
    });
  });
}
