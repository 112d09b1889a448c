import { z } from 'zod';

import { idSchema, instantSchema } from './common.ts';

/** The cached subscription state (product spec §3). Read-only on the client: only pull writes it. */
export const subscriptionSchema = z.strictObject({
  id: idSchema,
  status: z.string().max(40),
  current_period_end: instantSchema.nullable(),
  trial_ends_at: instantSchema.nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
