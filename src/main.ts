/**
 * The GitHub Action's `run()` (src/index.ts calls it): read the inputs, run the gate over the config
 * files, then report through every channel the runner offers (annotations, job summary, report and
 * SARIF files, outputs) and fail the step per `fail-on`.
 */
import * as core from '@actions/core';
import { selectAnnotations } from './action/annotations.ts';
import { readInputs } from './action/inputs.ts';
import { gateEnvironment } from './action/secret-env.ts';
import { issueContextFrom, reportToIssue } from './action/issue-on-failure.ts';
import { buildSummary } from './action/summary.ts';
import {
  checkOutputs, couldNotCheck, OUTPUT_FORMATS, type OutputFormat, outputTarget, REPORT_FORMAT, runGate, runnerIdTokenSource, writeOutputs,
} from './gate/index.ts';

/** `formats`: the output formats written through their `<name>-path` inputs (a test passes its own table). */
export async function run(formats: readonly OutputFormat[] = OUTPUT_FORMATS): Promise<void> {
  // Masked as soon as read, before anything is logged: the runner then prints *** instead. Once
  // per value, since every ::add-mask:: line carries the value.
  const masked = new Set<string>();
  const mask = (value: string): void => {
    if (masked.has(value)) return;
    masked.add(value);
    core.setSecret(value);
  };
  try {
    // First: the oidc-gate-env lines are masked before anything can be logged.
    const env = gateEnvironment(process.env, mask);
    const inputs = readInputs(formats);
    const root = inputs.workspace;
    const outputs = formats.flatMap((format) => {
      const file = inputs.paths[format.name];
      return file !== undefined ? [{ format, target: outputTarget(root, root, `${format.name}-path`, file) }] : [];
    });
    // The report's path, for the summary and the annotations' notice.
    const reportPath = inputs.paths[REPORT_FORMAT.name];
    // A link or a directory leading out of the workspace at an output path fails the step before
    // any work: the pull request may have committed it to turn the report into an overwrite.
    await checkOutputs(outputs);
    const gate = await runGate({
      root,
      patterns: inputs.patterns,
      ...(inputs.issuerProfiles !== undefined ? { issuerProfilesFile: inputs.issuerProfiles } : {}),
      ...(inputs.baseline !== undefined ? { baselineFile: inputs.baseline } : {}),
      network: inputs.network,
      failOn: inputs.failOn,
      env,
      onSecret: mask,
      ...(inputs.lock !== undefined ? { lockFile: inputs.lock } : {}),
    }, {
      // Requested only for trust policies with id_token: true; the runner's token service needs id-token: write.
      idToken: runnerIdTokenSource(process.env, (audience) => core.getIDToken(audience), mask),
    });
    const { summary } = gate.report;

    await writeOutputs(gate, outputs);
    if (inputs.issueOnFailure) {
      const context = issueContextFrom(process.env, inputs.githubToken);
      if (typeof context === 'string') core.warning(`oidc-gate: issue-on-failure is on, but ${context}; no issue was opened or closed.`);
      else await reportToIssue(gate.report, context, inputs.issueOn);
    }

    // The report's verdict: fail-on for findings, and always for configuration errors.
    const failing = summary.failed;
    if (inputs.summary) {
      if (process.env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(buildSummary(gate.report, reportPath, process.env)).write();
      else core.info('GITHUB_STEP_SUMMARY is not set: no job summary written.');
    }

    core.setOutput('valid', String(gate.report.valid));
    core.setOutput('errors', String(summary.errors));
    core.setOutput('warnings', String(summary.warnings));
    for (const format of formats) core.setOutput(`${format.name}-path`, inputs.paths[format.name] ?? '');
    // 'false' when a configuration error kept the run from checking: its SARIF must not be uploaded, or
    // code scanning would close every open alert. Never set when the action itself fails.
    core.setOutput('checked', String(!gate.findings.some(couldNotCheck)));
    // Last, after every step that can throw: the runner shows 10 error annotations per step, and the
    // failure message below (or an unexpected one from the catch) must not become an 11th it hides.
    if (inputs.annotations) {
      for (const a of selectAnnotations(gate.findings, reportPath, failing)) core[a.level](a.message, a.properties);
    }
    core.info(`oidc-gate: ${summary.text}`);

    if (failing) {
      // The headline says why when fail-on decided; otherwise name the rule it was judged by.
      core.setFailed(`oidc-gate: ${summary.text}${summary.text.includes('fail-on') ? '' : ` (fail-on: ${inputs.failOn})`}`);
    }
  } catch (err) {
    core.setFailed(`oidc-gate: ${err instanceof Error ? err.message : String(err)}`);
  }
}
