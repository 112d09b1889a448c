import { readFileSync } from 'node:fs';

import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * docs/export-format.schema.json compiled by a real JSON Schema (2020-12) validator, with formats checked,
 * so tests hold every archive Murmur writes to the schema it publishes (tests only: it reads the file).
 */
export function archiveSchemaValidator() {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync('docs/export-format.schema.json', 'utf8')) as object);
  return (data: unknown): string[] => {
    if (validate(data)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
  };
}
