/**
 * Config files: read one under the repository's rules, parse it with positions, and hand each entry
 * to its parser (providers, profiles, tokens). Problems become findings at their YAML line; a broken
 * entry is dropped and the rest of the file still runs.
 */
import path from 'node:path';
import { GATE_CODES } from '../../engine/index.ts';
import { configEntryCount, overBudgetMessage, type Admission } from '../run/budget.ts';
import { configFinding, type ReportProblem } from './config-finding.ts';
import { TOP_KEYS } from './entry-keys.ts';
import { EntryNames } from './entry-names.ts';
import { readYamlInput } from './input-file.ts';
import { parseProfileEntry, type ProfileEntry, type RefusedProfile } from '../sections/profile-entry.ts';
import { parseProviderEntry, type ProviderEntry } from '../sections/provider-entry.ts';
import { readInlineSuppressions } from '../suppress/suppress-comment.ts';
import { parseSuppressionEntry } from '../suppress/suppress-config.ts';
import type { Suppression } from '../suppress/suppress-rule.ts';
import { parseTokenEntry, type TokenEntry } from '../sections/token-entry.ts';
import { parseTrustEntry, type TrustEntry } from '../sections/trust-entry.ts';
import type { GateFinding } from '../types.ts';
import { clip, describeType, isRecord } from './values.ts';
import { positionOf, toPointer, type LoadedYaml } from './yaml.ts';

export type { ProfileEntry, ProviderEntry, RefusedProfile, TokenEntry, TrustEntry };

export interface ConfigFile {
  /** Relative to the gate root, forward slashes. */
  file: string;
  abs: string;
  yaml?: LoadedYaml;
  providers: ProviderEntry[];
  profiles: ProfileEntry[];
  /** Profiles refused while reading the file, by id: their samples are not checked. */
  refusedProfiles: RefusedProfile[];
  tokens: TokenEntry[];
  trustPolicies: TrustEntry[];
  /** Inline comments and `suppressions:` items: they hide findings of this file only. */
  suppressions: Suppression[];
  findings: GateFinding[];
}

export interface LoadContext {
  /** Where file names in findings are relative to. */
  root: string;
  /** The directory no file may be read from outside of (links followed); default root. */
  boundary?: string;
  onSecret?: (value: string) => void;
  /** Asks the run for room for this many entries; a file refused here is one CONFIG_TOO_LARGE. */
  admitEntries?: (count: number) => Promise<Admission>;
}

export async function loadConfigFile(abs: string, ctx: LoadContext): Promise<ConfigFile> {
  const file = relativeFile(ctx.root, abs);
  const boundary = ctx.boundary ?? ctx.root;
  const out: ConfigFile = { file, abs, providers: [], profiles: [], refusedProfiles: [], tokens: [], trustPolicies: [], suppressions: [], findings: [] };
  const input = await readYamlInput(boundary, abs, file);
  if (!input.ok) {
    out.findings.push(configFinding(input.code, input.message, file, { line: 1, column: 1 }, {
      kind: 'config', ...(input.remediation !== undefined ? { remediation: input.remediation } : {}),
    }));
    return out;
  }
  const yaml = input.yaml;
  out.yaml = yaml;
  for (const e of yaml.errors) {
    out.findings.push(configFinding(GATE_CODES.CONFIG_YAML_INVALID, `YAML syntax error: ${e.message}`, file, e.position, {
      kind: 'config', ...(e.remediation !== undefined ? { remediation: e.remediation } : {}),
    }));
  }
  if (yaml.errors.length > 0) return out;
  if (ctx.admitEntries !== undefined) {
    const count = configEntryCount(yaml.data);
    const admission = await ctx.admitEntries(count);
    if (!admission.ok) {
      out.findings.push(configFinding(GATE_CODES.CONFIG_TOO_LARGE, overBudgetMessage(file, count, admission), file, { line: 1, column: 1 }, { kind: 'config' }));
      return out;
    }
  }
  const problem: ReportProblem = (def, message, at, extra = {}) => {
    out.findings.push(configFinding(def, message, file, positionOf(yaml, at), { kind: 'config', pointer: toPointer(at), ...extra }));
  };

  const data = yaml.data;
  if (data === null || data === undefined) {
    problem(GATE_CODES.CONFIG_INVALID, `${file} is empty: expected providers, profiles or tokens.`, [], {
      remediation: 'Add a providers:, profiles: or tokens: list to the file, or delete it: an empty file checks nothing.',
    });
    return out;
  }
  if (!isRecord(data)) {
    problem(GATE_CODES.CONFIG_INVALID, `${file} must be a map with providers, profiles or tokens, not ${describeType(data)}.`, [], {
      remediation: 'Start the file with providers:, profiles: or tokens: at the left margin, each followed by its list of entries.',
    });
    return out;
  }
  const inline = readInlineSuppressions(file, yaml);
  out.suppressions.push(...inline.suppressions);
  out.findings.push(...inline.problems);
  for (const key of Object.keys(data)) {
    if (!TOP_KEYS.includes(key)) {
      problem(GATE_CODES.CONFIG_UNKNOWN_KEY, `Unknown top-level key "${clip(key)}"; expected one of ${TOP_KEYS.join(', ')}.`, [key]);
    }
  }
  const list = (key: string): unknown[] => {
    const value = data[key];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      problem(GATE_CODES.CONFIG_INVALID, `${key} must be a list of entries, not ${describeType(value)}.`, [key], {
        remediation: `Write each entry under ${key}: as a list item: its first field after "- ", the others indented to line up with it.`,
      });
      return [];
    }
    return value;
  };

  // Entry names are unique per section of a file: a repeat is refused at its name (entry-names.ts).
  const providerNames = new EntryNames('providers', problem);
  list('providers').forEach((raw, index) => {
    const provider = parseProviderEntry(raw, index, yaml, problem, ctx.onSecret);
    if (provider !== undefined && providerNames.admit(provider, raw)) out.providers.push(provider);
  });
  list('profiles').forEach((raw, index) => {
    const profile = parseProfileEntry(raw, ['profiles', index], yaml, problem, ctx.onSecret);
    if (profile.ok) out.profiles.push(profile.entry);
    else if (profile.refused !== undefined) out.refusedProfiles.push(profile.refused);
  });
  list('suppressions').forEach((raw, index) => {
    const suppression = parseSuppressionEntry(raw, index, file, yaml, problem);
    if (suppression !== undefined) out.suppressions.push(suppression);
  });
  const tokens = list('tokens');
  const source = { file, abs, yaml, boundary, onSecret: ctx.onSecret };
  const tokenNames = new EntryNames('tokens', problem);
  for (let index = 0; index < tokens.length; index++) {
    const token = await parseTokenEntry(tokens[index], index, source, problem);
    if (token !== undefined && tokenNames.admit(token, tokens[index])) out.tokens.push(token);
  }
  const trustPolicies = list('trust_policies');
  const trustNames = new EntryNames('trust_policies', problem);
  for (let index = 0; index < trustPolicies.length; index++) {
    const trust = await parseTrustEntry(trustPolicies[index], index, source, problem);
    if (trust !== undefined && trustNames.admit(trust, trustPolicies[index])) out.trustPolicies.push(trust);
  }
  return out;
}

/** A path as findings name it: relative to the gate root, with forward slashes. */
export function relativeFile(root: string, abs: string): string {
  const rel = path.relative(root, abs);
  return (rel === '' ? path.basename(abs) : rel).split(path.sep).join('/');
}
