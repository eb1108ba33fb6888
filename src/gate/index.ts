/**
 * The gate's public surface: everything the action and the CLI use of it, and nothing else. Faces
 * import the gate only from here (the ESLint config holds them to it), so its folders can change
 * without touching a face.
 */
export type {
  Expectation, FailOn, FileStatus, GateFinding, GateOptions, GateReport, GateResult, GateRun, ResultKind,
  SuppressedFinding, SuppressionKind,
} from './types.ts';
export { runGate, type GateServices } from './run/run.ts';
export { findingCatalogue, getFindingDefinition } from './catalogue.ts';
export { findRepositoryRoot } from './config/boundary.ts';
export { loadConfigFile, profilesOf } from './config/config.ts';
export { SECTION_KEYS, sectionCounts, type SectionCount } from './sections/table.ts';
export { DEFAULT_PATTERNS, splitPatterns } from './config/files.ts';
export { INSTANT_FORMAT, parseInstant } from './config/instant.ts';
export { buildStarterConfig, DEFAULT_INIT_OUTPUT, droppedNote, type Starter } from './config/init-config.ts';
export { nearest } from './config/nearest.ts';
export { loadProfiles } from './sections/profiles.ts';
export { SECRET_ENV_PATTERN, SECRET_ENV_PREFIX, SECRET_ENV_RESERVED } from './sections/profile-entry.ts';
export { runnerIdTokenSource } from './sections/id-token-source.ts';
export { isIdTokenSkip } from './sections/id-token.ts';
export { DEFAULT_BASELINE_FILE, isBaselineCandidate, renderBaseline } from './suppress/baseline.ts';
export { writeLock } from './lock/lock.ts';
export { DEFAULT_LOCK_PATH } from './lock/lock-file.ts';
export { checkOutputPath, checkOutputs, outputTarget, writeOutputs, type OutputTarget, type PlannedOutput } from './outputs/outputs.ts';
export { checkFormatTable, OUTPUT_FORMATS, printName, REPORT_FORMAT, SARIF_FORMAT, type OutputFormat } from './outputs/formats.ts';
export { plural, serializeReport, TOOL_VERSION } from './outputs/report.ts';
export { couldNotCheck, findingFix, findingPage, howToFix } from './outputs/sarif.ts';
export { writeInsideRoot } from './outputs/write.ts';
