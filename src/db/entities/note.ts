import { z } from 'zod';

import {
  colorSchema,
  deletedAtSchema,
  fontSchema,
  fontSizeSchema,
  idSchema,
  instantSchema,
  tagSchema,
} from './common.ts';

/** A note: free text with a title, its own look, pinned/locked flags and tags. */
export const noteSchema = z.strictObject({
  id: idSchema,
  title: z.string().max(500),
  body: z.string().max(1_000_000),
  font: fontSchema,
  color: colorSchema,
  font_size: fontSizeSchema,
  pinned: z.boolean(),
  locked: z.boolean(),
  tags: z.array(tagSchema).max(50),
  created_at: instantSchema,
  deleted_at: deletedAtSchema,
});
export type Note = z.infer<typeof noteSchema>;
