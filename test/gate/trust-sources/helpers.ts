/**
 * Repositories for the trust-source tests: a config file at .github/oidc-gate/trust.yml, with the plan,
 * template or document files beside it; and Terraform plan JSON built the way `terraform show -json`
 * (piped through jq, so one member per line) writes it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { getOperation } from '../../../src/engine/index.ts';
import { runGate } from '../../../src/gate/run/run.ts';
import type { GateOptions } from '../../../src/gate/types.ts';

/** A temporary directory for the test file, removed after it. */
export function tempRoot(prefix: string): { root: () => string; outside: string } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const outside = mkdtempSync(path.join(tmpdir(), `${prefix}outside-`));
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });
  let n = 0;
  return { root: () => path.join(dir, `r${n++}`), outside };
}

/** A repository holding the config and the files (paths relative to the config's directory). */
export function repo(root: string, config: string, files: Record<string, string | Buffer> = {}): string {
  const dir = path.join(root, '.github/oidc-gate');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'trust.yml'), config);
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return root;
}

export const CONFIG_FILE = '.github/oidc-gate/trust.yml';

export function gate(root: string, extra: Partial<GateOptions> = {}) {
  return runGate({ root, patterns: ['.github/oidc-gate/*.yml'], network: false, env: {}, ...extra });
}

/** Whether the engine reads a document member (its format is registered). */
export function registered(member: string): boolean {
  const properties = (getOperation('trust-policy')?.request.schema as { properties?: Record<string, unknown> }).properties ?? {};
  return Object.hasOwn(properties, member);
}

export interface Change {
  address: string;
  type: string;
  after: Record<string, unknown> | null;
  after_unknown?: unknown;
  after_sensitive?: unknown;
  actions?: string[];
  mode?: string;
  deposed?: string;
}

/** The JSON of a plan holding these changes, with the other top-level members Terraform writes. */
export function plan(changes: readonly Change[], pretty = true): string {
  const body = {
    format_version: '1.2',
    terraform_version: '1.9.5',
    planned_values: { root_module: {} },
    resource_changes: changes.map((c) => ({
      address: c.address,
      ...(c.address.startsWith('module.') ? { module_address: c.address.slice(0, c.address.lastIndexOf('.', c.address.lastIndexOf('.') - 1)) } : {}),
      mode: c.mode ?? 'managed',
      type: c.type,
      name: c.address.split('.').at(-1)?.replace(/\[.*$/, ''),
      provider_name: 'registry.terraform.io/hashicorp/x',
      ...(c.deposed !== undefined ? { deposed: c.deposed } : {}),
      change: {
        actions: c.actions ?? ['create'],
        before: null,
        after: c.after,
        after_unknown: c.after_unknown ?? {},
        before_sensitive: false,
        after_sensitive: c.after_sensitive ?? {},
      },
    })),
    configuration: { root_module: {} },
  };
  return pretty ? `${JSON.stringify(body, null, 2)}\n` : JSON.stringify(body);
}

/** The line of the `"address": "<address>"` member in the plan text (1-based). */
export function lineOf(text: string, needle: string): number {
  const at = text.indexOf(needle);
  if (at < 0) throw new Error(`${needle} is not in the text`);
  return text.slice(0, at).split('\n').length;
}

/** An AWS role trusting GitHub's tokens with this sub condition (StringLike) and aud sts.amazonaws.com. */
export function awsPolicy(sub: string | string[], operator = 'StringLike'): Record<string, unknown> {
  return {
    Version: '2012-10-17',
    Statement: [{
      Effect: 'Allow',
      Principal: { Federated: 'arn:aws:iam::111122223333:oidc-provider/token.actions.githubusercontent.com' },
      Action: 'sts:AssumeRoleWithWebIdentity',
      Condition: {
        StringEquals: { 'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com' },
        [operator]: { 'token.actions.githubusercontent.com:sub': sub },
      },
    }],
  };
}

export function awsRole(address: string, sub: string | string[], extra: Partial<Change> = {}): Change {
  return { address, type: 'aws_iam_role', after: { name: address.split('.').at(-1), assume_role_policy: JSON.stringify(awsPolicy(sub)) }, ...extra };
}

/** A pinned subject: one repository's main branch, by names and immutable IDs. */
export const PINNED = 'repo:acme@1001/app@2002:ref:refs/heads/main';
