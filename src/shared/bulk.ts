import { type TSchema, Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { toValidationIssues } from './validation-issues.js';
import { AppError } from './errors.js';

/** Most records one bulk request takes (docs/api.md, "Bulk"). */
export const BULK_MAX = 100;

/** `{records: [...]}` with 1..100 entries; each record is validated on its own. */
export const BulkBody = Type.Object(
  { records: Type.Array(Type.Unknown(), { minItems: 1, maxItems: BULK_MAX, description: `1..${BULK_MAX} records, each as for a single create.` }) },
  { additionalProperties: false },
);

export type BulkResult<T> = { index: number; status: 'created'; data: T } | { index: number; status: 'error'; error: { code: string; message: string; details: Record<string, unknown> } };

/** A checker for one record: the record, or the validation_error it earns. */
export function recordValidator<T>(schema: TSchema): (record: unknown) => { ok: true; value: T } | { ok: false; error: AppError } {
  const check = Compile(schema);
  return (record) => {
    if (check.Check(record)) return { ok: true, value: record as T };
    const errors = toValidationIssues(check.Errors(record), 'body');
    return { ok: false, error: new AppError('validation_error', `Invalid record: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`, { errors }) };
  };
}

export function failed(index: number, error: AppError): BulkResult<never> {
  return { index, status: 'error', error: { code: error.code, message: error.message, details: error.details } };
}

/** 201 when every record was created, 207 (multi-status) when any failed. */
export function bulkStatus(results: BulkResult<unknown>[]): 201 | 207 {
  return results.every((r) => r.status === 'created') ? 201 : 207;
}
