/**
 * The Central Bank's standard (services/psp/spec/openapi.yaml, vendored there) as JSON Schema
 * validators, for tests: the fake's answers and the bodies the client sends are checked against it.
 * Read with ajv 6 (draft-07 keywords; OpenAPI's `nullable`, `example` and `readOnly` are ignored).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';

/** The vendored file, found from this repository's layout (infra/fake-psp → services/psp/spec). */
export const STANDARD_OPENAPI_PATH = path.resolve(__dirname, '../../../services/psp/spec/openapi.yaml');

export type Validate = (value: unknown) => string[];

let compiled: { ajv: Ajv.Ajv } | null = null;

function load(): Ajv.Ajv {
  if (compiled) return compiled.ajv;
  const spec = parse(readFileSync(STANDARD_OPENAPI_PATH, 'utf8')) as Record<string, unknown>;
  const ajv = new Ajv({ allErrors: true, unknownFormats: 'ignore', schemaId: 'auto' });
  // The standard's own examples write a location without its scheme ("pix.example.com/qr/v2/…")
  // under `format: uri`: a location is checked as the standard shows it, not as RFC 3986 would.
  ajv.addFormat('uri', /^\S+$/);
  // OpenAPI's number formats.
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31,
  });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });
  correctRecebedor(spec);
  ajv.addSchema(spec, 'pix-api');
  compiled = { ajv };
  return ajv;
}

/**
 * `DadosRecebedor` lists `logradouro`, `cidade`, `uf` and `cep` as required at the charge's root, while
 * its description, its `allOf` and the standard's own examples (`cobResponse4`) put them inside
 * `recebedor`: as published, no charge the standard shows would validate. The correction moves that
 * `required` to where the examples have the fields (the test proves the example fails without it).
 */
export function correctRecebedor(spec: Record<string, unknown>): void {
  const schemas = (spec.components as { schemas: Record<string, Record<string, unknown>> }).schemas;
  const dados = schemas.DadosRecebedor as {
    required?: string[];
    properties: { recebedor: Record<string, unknown> };
  };
  if (!dados.required) return;
  dados.properties.recebedor.required = dados.required;
  delete dados.required;
}

/** The standard's file as published, parsed (for the test of the correction). */
export function publishedStandard(): Record<string, unknown> {
  return parse(readFileSync(STANDARD_OPENAPI_PATH, 'utf8')) as Record<string, unknown>;
}

/** A validator for a JSON pointer inside the standard ('#/components/schemas/CobVGerada'). */
export function standardValidator(pointer: string): Validate {
  const ajv = load();
  const validate = ajv.getSchema(`pix-api${pointer}`);
  if (!validate) throw new Error(`No schema at ${pointer} in the standard`);
  return (value: unknown) => {
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) =>
      `${error.dataPath || '(root)'} ${error.message ?? ''}`.trim(),
    );
  };
}

/** `#/components/schemas/<name>`. */
export function standardSchema(name: string): Validate {
  return standardValidator(`#/components/schemas/${name}`);
}
