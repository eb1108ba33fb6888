import { opaqueKey, type IssuerGrammar } from './grammar.ts';
import { keyedBinding, keyedHasRunContext, keyedRunClaims, keyedWildRun, type KeyedShape } from './keyed.ts';

/**
 * HCP Terraform (Terraform Cloud): `organization:ORG:project:PROJECT:workspace:WORKSPACE:run_phase:PHASE`,
 * one issuer for every organisation. A run's plan phase runs code from any speculative plan of the
 * workspace (a pull request's included), so a role for apply that also admits plan is reachable from
 * unreviewed code.
 */
const workspace: KeyedShape = {
  separator: ':',
  keys: ['organization', 'project', 'workspace', 'run_phase'],
  owner: 'organization',
  repository: ['organization', 'project', 'workspace'],
  optional: ['project'],
  run: ['run_phase'],
  ids: false,
};

/** Tokens issued before projects existed: no project part. */
const legacyWorkspace: KeyedShape = { ...workspace, keys: ['organization', 'workspace', 'run_phase'], repository: ['organization', 'workspace'], optional: [] };

/** A private registry module's test runs: `organization:ORG:module:MODULE:operation:test_run`. */
const moduleTest: KeyedShape = { ...workspace, keys: ['organization', 'module', 'operation'], repository: ['organization', 'module'], optional: [], run: ['operation'] };

/** The shape a value is written in, by its third part; a wildcard there leaves the workspace shape, read up to it. */
function shapeOf(value: string): KeyedShape {
  const third = value.split(':')[2];
  return third === 'workspace' ? legacyWorkspace : third === 'module' ? moduleTest : workspace;
}

const shape = workspace;

export const terraformCloudGrammar: IssuerGrammar = {
  name: 'HCP Terraform',
  // HCP Terraform in the US and in Europe: each one issuer for every organisation.
  matches: (issuer) => /^https:\/\/app\.(eu\.)?terraform\.io\/*$/i.test(issuer),
  // After Buildkite's (…:pipeline:) in the table: any other `organization:…` value, an open one included.
  looksLike: /^organization:/,
  alwaysPresent: new Set(['sub', 'aud', 'terraform_organization_id', 'terraform_organization_name', 'terraform_project_id', 'terraform_project_name', 'terraform_workspace_id', 'terraform_workspace_name', 'terraform_full_workspace', 'terraform_run_id', 'terraform_run_phase']),
  subjectBinding: (value, like) => keyedBinding(shapeOf(value), value, like),
  repositoryKeys: { byId: [opaqueKey('terraform_workspace_id')], byName: [{ claim: 'terraform_full_workspace', names: (v) => /^organization:[^:*?]+:project:[^:*?]+:workspace:[^:*?]+$/.test(v) }] },
  ownerKeys: [opaqueKey('terraform_organization_id'), opaqueKey('terraform_organization_name')],
  runs: [
    { kind: 'plan', context: 'run_phase:plan', claims: { terraform_run_phase: 'plan' } },
    { kind: 'apply', context: 'run_phase:apply', claims: { terraform_run_phase: 'apply' } },
  ],
  anyRef: false,
  runClaims: new Set(['sub', 'terraform_run_phase']),
  join: (prefix, context) => `${prefix}:${context}`,
  hasRunContext: (context) => keyedHasRunContext(shape, context) || keyedHasRunContext(moduleTest, context),
  wildRun: (context) => keyedWildRun(shape, context) || keyedWildRun(moduleTest, context),
  runClaimsOf: (context) => keyedRunClaims(':', context, { run_phase: 'terraform_run_phase' }),
  anySubject: (context) => `organization:any:project:any:workspace:any:${context}`,
  words: {
    repository: 'workspace',
    owner: 'organization',
    pinned: 'organization:acme:project:Default Project:workspace:prod:run_phase:apply',
    immutable: 'Names can be reused: where the role can bind other claims, bind terraform_workspace_id too.',
  },
};
