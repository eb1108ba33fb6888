/**
 * `terraform_plan: <file>`: the JSON that `terraform show -json PLANFILE` prints. Every resource the
 * plan will leave in place that holds a CI trust document (resource_changes with an `after` value: an
 * IAM role, a GCP workload identity provider, an Entra federated credential, a Vault JWT role) becomes
 * one document, named by its Terraform address and placed at its line in the plan file.
 *
 * The resources are read from `resource_changes[].change.after` rather than `planned_values`: the plan
 * lists every resource of the configuration there, and `after_unknown` / `after_sensitive` say which
 * values Terraform knows only after apply or marks sensitive, where `planned_values` simply leaves an
 * unknown value out and it would read as absent. Module nesting does not matter: each change carries
 * its full address (`module.ci.module.roles.aws_iam_role.deploy[0]`).
 */
import { createHash } from 'node:crypto';
import { checkJsonStructure } from '../../../engine/index.ts';
import { GATE_CODES } from '../../codes.ts';
import type { ReportProblem } from '../../config/config-finding.ts';
import { clip, isRecord } from '../../config/values.ts';
import type { Path } from '../../config/yaml.ts';
import type { EntrySource } from '../section.ts';
import { scanPlan } from './json-scan.ts';
import { documentMembers, memberLabel } from './members.ts';
import { jsonErrorPlace, readNamedFile } from './read-file.ts';
import { placesOf, type SourceDocument, type SourcePlace, type SourceWarning, type TrustSourceFile } from './source.ts';
import { GCP_BINDING_TYPES, GCP_PROVIDER_TYPE, readGcpProviders } from './terraform-gcp.ts';
import { RESOURCE_READERS, type ResourceReading } from './terraform-resources.ts';
import type { PlanResource } from './terraform-values.ts';
import { MAX_SOURCE_DOCUMENTS, serially } from './limits.ts';

/**
 * `terraform show -json` repeats each resource's values three or four times (prior state, planned
 * values, the change's before and after) and adds the configuration: a few kilobytes per resource, so
 * a plan of a few thousand resources is 10 to 20 MB. Larger plans are better split by workspace, or
 * cut down to their trust resources with jq (docs/trust/sources.md shows how).
 */
export const MAX_PLAN_BYTES = 20 * 1024 * 1024;
/** Nesting of the plan's JSON: deep module trees and nested blocks stay far below it. */
export const MAX_PLAN_DEPTH = 128;
/** Entries of resource_changes looked at: each is one small check, but a plan of more is split anyway. */
export const MAX_PLAN_RESOURCES = 20_000;

/** Characters of a resource address: module paths and instance keys stay far below it. */
const MAX_ADDRESS_LENGTH = 512;
const GCP_TYPES = new Set([GCP_PROVIDER_TYPE, ...GCP_BINDING_TYPES]);
const WRITE_PLAN = 'Write the plan\'s JSON with terraform plan -out=tfplan && terraform show -json tfplan > plan.json, and name that file.';

export async function readTerraformPlan(value: unknown, source: EntrySource, at: Path, problem: ReportProblem): Promise<TrustSourceFile | undefined> {
  return serially(() => readPlan(value, source, at, problem));
}

async function readPlan(value: unknown, source: EntrySource, at: Path, problem: ReportProblem): Promise<TrustSourceFile | undefined> {
  const read = await readNamedFile(value, source, at, problem, {
    key: 'terraform_plan', label: 'Terraform plan', maxBytes: MAX_PLAN_BYTES,
    pathFix: 'Write terraform_plan as the path of the plan\'s JSON (terraform show -json tfplan > plan.json), relative to this config file, such as terraform_plan: ../../infra/plan.json.',
    largeFix: 'Split the plan (one per workspace or root module), or keep only the trust resources: jq \'{format_version, resource_changes: [.resource_changes[] | select(.type | test("^(aws_iam_role|google_iam_workload_identity_pool_provider|google_(service_account|project)_iam_(member|binding)|azurerm_federated_identity_credential|azuread_application_(flexible_)?federated_identity_credential|vault_jwt_auth_backend_role)$"))]}\' plan.json.',
    encodingFix: 'Write the plan\'s JSON again with terraform show -json, which writes UTF-8.',
  });
  if (read === undefined) return undefined;
  const name = `Terraform plan file ${read.shown}`;
  const scan = scanPlan(read.text, MAX_PLAN_DEPTH);
  if (scan.tooDeep) {
    problem(GATE_CODES.CONFIG_TOO_LARGE, `${name} nests deeper than ${MAX_PLAN_DEPTH} levels; refusing to read it.`, at, { remediation: `Check that the file is what terraform show -json prints. ${WRITE_PLAN}` });
    return undefined;
  }
  let plan: unknown;
  try {
    plan = JSON.parse(read.text);
  } catch (err) {
    problem(GATE_CODES.CONFIG_INVALID, `${name} is not valid JSON${jsonErrorPlace(read.text, err)}.`, at, { remediation: WRITE_PLAN });
    return undefined;
  }
  const issue = checkJsonStructure(read.text, plan, MAX_PLAN_DEPTH);
  if (issue !== undefined) {
    problem(GATE_CODES.CONFIG_INVALID, issue.kind === 'duplicate'
      ? `${name} repeats the member "${clip(issue.name)}" in one object; which one counts would be a guess, and Terraform never writes that.`
      : `${name} nests deeper than ${issue.maxDepth} levels.`, at, { remediation: WRITE_PLAN });
    return undefined;
  }
  const changes = isRecord(plan) ? plan.resource_changes : undefined;
  const version = isRecord(plan) ? plan.format_version : undefined;
  if (!isRecord(plan) || (changes !== undefined && !Array.isArray(changes)) || (changes === undefined && plan.planned_values === undefined)) {
    problem(GATE_CODES.CONFIG_INVALID, isRecord(plan) && isRecord(plan.values)
      ? `${name} holds a Terraform state (terraform show -json without a plan file), not a plan.`
      : `${name} is not the JSON of a Terraform plan: it has no resource_changes list.`, at, { remediation: WRITE_PLAN });
    return undefined;
  }
  if (typeof version === 'string' && !/^1(\.|$)/.test(version)) {
    problem(GATE_CODES.CONFIG_INVALID, `${name} is in plan format ${clip(version)}; oidc-gate reads format 1.x, which Terraform 1.1 and later write.`, at, { remediation: WRITE_PLAN });
    return undefined;
  }
  const list = (changes ?? []) as unknown[];
  if (list.length > MAX_PLAN_RESOURCES) {
    problem(GATE_CODES.CONFIG_TOO_LARGE, `${name} lists ${list.length.toLocaleString('en-US')} resource changes; at most ${MAX_PLAN_RESOURCES.toLocaleString('en-US')} are read.`, at, {
      remediation: 'Split the plan (one per workspace or root module), or keep only the trust resources with jq (docs/trust/sources.md).',
    });
    return undefined;
  }
  // Resource positions from the scan; a plan whose text the scan read otherwise is placed at its top.
  const offsets = scan.resources.length === list.length ? scan.resources : [];
  const lines = placesOf(read.text, offsets);
  const placeOf = (i: number): SourcePlace => ({ ...(lines[i] ?? { line: 1, column: 1 }), pointer: `/resource_changes/${i}` });
  let malformed = 0;
  const resources = planResources(list, placeOf, (i, message) => {
    malformed++;
    problem(GATE_CODES.CONFIG_INVALID, `${name}: ${message}`, at, { file: read.file, ...placeOf(i), remediation: WRITE_PLAN });
  });
  const collected = collect(resources, read.file, value as string, malformed > 0);
  if (collected.source.documents.length > MAX_SOURCE_DOCUMENTS) {
    problem(GATE_CODES.CONFIG_TOO_LARGE, `${name} holds ${collected.source.documents.length.toLocaleString('en-US')} CI trust documents; at most ${MAX_SOURCE_DOCUMENTS} are judged from one file, and a file judged in part is never called valid.`, at, {
      remediation: 'Split the plan (one per workspace or root module) and name each in its own trust_policies entry.',
    });
    return undefined;
  }
  for (const { resource, why } of collected.refused) {
    // Bound to the resource's planned values, so a baseline of it stops hiding it once they change.
    const content = createHash('sha256').update(JSON.stringify([resource.type, resource.after, resource.unknown ?? null, resource.sensitive ?? null])).digest('hex');
    problem(GATE_CODES.TRUST_DOCUMENT_UNKNOWN, why.message, at, { file: read.file, ...resource.at, name: resource.address, remediation: why.remediation, evidence: { content_sha256: content } });
  }
  return collected.source;
}

/** The managed resources the plan will leave in place, with their planned values. */
function planResources(list: readonly unknown[], placeOf: (i: number) => SourcePlace, malformed: (i: number, message: string) => void): PlanResource[] {
  const out: PlanResource[] = [];
  list.forEach((rc, i) => {
    if (!isRecord(rc) || typeof rc.type !== 'string') return;
    // Own keys only: a type named after an object's built-in member (`constructor`) is no resource oidc-gate reads.
    if (!Object.hasOwn(RESOURCE_READERS, rc.type) && !GCP_TYPES.has(rc.type)) return;
    // Data sources are read, not created; a deposed object is on its way out.
    if ((rc.mode !== undefined && rc.mode !== 'managed') || rc.deposed !== undefined) return;
    const address = typeof rc.address === 'string' ? rc.address : `resource_changes[${i}]`;
    // The address names the resource in every message and fingerprint: Terraform's are short.
    if (address.length > MAX_ADDRESS_LENGTH) {
      malformed(i, `resource_changes[${i}] has an address longer than ${MAX_ADDRESS_LENGTH} characters; the plan cannot be read as Terraform writes it.`);
      return;
    }
    const change = rc.change;
    if (!isRecord(change)) {
      malformed(i, `${address} has no change object; the plan cannot be read as Terraform writes it.`);
      return;
    }
    const actions = Array.isArray(change.actions) ? change.actions : [];
    // Destroyed (or forgotten) resources trust nothing after the apply.
    if (actions.length > 0 && actions.every((a) => a === 'delete' || a === 'forget')) return;
    if (change.after === null || change.after === undefined) return;
    if (!isRecord(change.after)) {
      malformed(i, `${address}'s planned values are not an object; the plan cannot be read as Terraform writes it.`);
      return;
    }
    out.push({ address, type: rc.type, after: change.after, unknown: change.after_unknown, sensitive: change.after_sensitive, at: placeOf(i) });
  });
  return out;
}

/**
 * The documents of the resources, the resources refused, and the warnings about what was not judged
 * (`reported`: some resources were refused already, so the plan does not check nothing unseen).
 */
function collect(resources: readonly PlanResource[], file: string, written: string, reported: boolean): { source: TrustSourceFile; refused: { resource: PlanResource; why: { message: string; remediation: string } }[] } {
  const registered = new Set(documentMembers());
  const documents: SourceDocument[] = [];
  const warnings: SourceWarning[] = [];
  const unregistered = new Map<string, { member: string; count: number }>();
  let skipped = 0;
  const refused: { resource: PlanResource; why: { message: string; remediation: string } }[] = [];
  const take = (r: PlanResource, reading: ResourceReading, parts: SourceDocument['parts'] = []): void => {
    if (reading.kind === 'skip') skipped++;
    else if (reading.kind === 'refused') refused.push({ resource: r, why: reading });
    else if (!registered.has(reading.member)) {
      const seen = unregistered.get(r.type) ?? { member: reading.member, count: 0 };
      unregistered.set(r.type, { member: seen.member, count: seen.count + 1 });
    } else {
      documents.push({ name: r.address, member: reading.member, document: reading.document, at: r.at, describe: reading.describe, ...(parts.length > 0 ? { parts } : {}), ...(reading.notes !== undefined ? { notes: reading.notes } : {}) });
    }
  };
  // One more provider than a file may hold is enough for the refusal: the rest are not joined to grants.
  const gcp = readGcpProviders(resources.filter((r) => r.type === GCP_PROVIDER_TYPE).slice(0, MAX_SOURCE_DOCUMENTS + 1), resources.filter((r) => GCP_BINDING_TYPES.includes(r.type)));
  const gcpByResource = new Map(gcp.readings.map((g) => [g.resource, g]));
  for (const r of resources) {
    const reader = Object.hasOwn(RESOURCE_READERS, r.type) ? RESOURCE_READERS[r.type] : undefined;
    if (reader !== undefined) take(r, reader.read(r));
    const g = gcpByResource.get(r);
    if (g !== undefined) take(r, g.reading, g.parts);
  }
  warnings.push(...gcp.warnings);
  for (const [type, { member, count }] of unregistered) {
    warnings.push({
      message: `${count} ${type} resource${count === 1 ? ' was' : 's were'} not checked: this version of oidc-gate does not read ${memberLabel(member)} documents.`,
      remediation: 'Update oidc-gate to a version that reads them, or check these resources another way: they are not judged here.',
    });
  }
  // Refused resources are errors already; otherwise a plan in which nothing is judged must say so.
  if (documents.length === 0 && unregistered.size === 0 && refused.length === 0 && !reported) warnings.push(nothingToJudge('Terraform plan', file, skipped));
  return { source: { key: 'terraform_plan', written, file, documents, warnings }, refused };
}

/** The warning for a file in which nothing is judged: a gate that checks nothing must not pass unseen. */
export function nothingToJudge(label: string, file: string, skipped: number, reads = 'IAM roles, GCP workload identity providers, Entra federated credentials, Vault JWT roles'): SourceWarning {
  return {
    message: skipped > 0
      ? `${label} ${file} holds no CI trust document: ${skipped === 1 ? 'the one resource it reads trusts no' : `none of the ${skipped} resources it reads trusts an`} OIDC identity provider, so nothing in it was checked.`
      : `${label} ${file} holds no resource that oidc-gate reads (${reads}), so nothing in it was checked.`,
    remediation: 'Check that the key names the file that holds the trust resources (the plan of the workspace, the template of the stack), or remove the entry.',
  };
}
