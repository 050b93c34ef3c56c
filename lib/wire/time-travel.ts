import { z } from 'zod';
import { isoInstant } from './records';

// What an answer given `as_of` adds (docs/api.md § Time travel).

/** The HLC bound of an instant: a date-time's bound carries the largest counter (nine digits). */
const HLC_BOUND = /^\d{13}\.\d{3,9}$/;

export const AsOfFields = z.object({
  as_of: isoInstant.describe('The instant the answer describes'),
  as_of_hlc: z.string().regex(HLC_BOUND).describe('The HLC bound of that instant: facts at or below it are in the answer'),
});

/** The as_of fields of an answer that has them only when the request named `as_of`. */
export const optionalAsOf = {
  as_of: AsOfFields.shape.as_of.optional().describe('With as_of in the request: the instant the answer describes'),
  as_of_hlc: AsOfFields.shape.as_of_hlc.optional().describe('With as_of in the request: the HLC bound of that instant'),
};
