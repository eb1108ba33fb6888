/**
 * Validates a SARIF log against the SARIF 2.1.0 subset in this folder (see its description for what it
 * covers and where it comes from). The OASIS schema's two formats are checked here with the WHATWG URL
 * parser: `uri` must be absolute, `uri-reference` may be relative.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';

const schema = JSON.parse(readFileSync(new URL('./sarif-2.1.0-subset.schema.json', import.meta.url), 'utf8')) as object;

// strictRequired is off: "one of these members is required" (anyOf of required) is how SARIF says it.
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
ajv.addFormat('uri', (value: string) => /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value) && URL.canParse(value) && !/\s/.test(value));
ajv.addFormat('uri-reference', (value: string) => !/\s/.test(value) && URL.canParse(value, 'https://base.example/root/'));
const validate = ajv.compile(schema);

/** The problems of `log` as SARIF 2.1.0, one line each (instance path and message); empty when it is valid. */
export function sarifProblems(log: unknown): string[] {
  if (validate(log)) return [];
  return (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}${e.keyword === 'additionalProperties' ? ` (${String((e.params as { additionalProperty: string }).additionalProperty)})` : ''}`);
}
