import { type Static, Type } from 'typebox';
import { recordValidator } from './bulk.js';

/**
 * The optional body of a rotate action (API keys, webhook signing secrets): how long the old
 * secret keeps working beside the new one. Validated by the handler, since the body may be absent.
 */
export const RotationBody = Type.Object(
  {
    grace_period_seconds: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 604_800, description: 'How long the old secret keeps working (default 86400; 0 stops it now).' }),
    ),
  },
  { additionalProperties: false },
);
export type RotationBody = Static<typeof RotationBody>;

const validate = recordValidator<RotationBody>(RotationBody);

/** The grace period a rotate request asks for; undefined for the default. 400 validation_error on a bad body. */
export function gracePeriodOf(body: unknown): number | undefined {
  if (body === undefined || body === null) return undefined;
  const checked = validate(body);
  if (!checked.ok) throw checked.error;
  return checked.value.grace_period_seconds;
}
