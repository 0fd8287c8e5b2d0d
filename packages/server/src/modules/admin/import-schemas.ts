// Request schemas of the workspace's catalogue upload and export (validation and the OpenAPI document).
import { z } from 'zod';
import { CATALOGUE_FILE_FORMATS, CATALOGUE_FILE_KINDS, IMPORT_JOB_STATUSES } from '@store/core';
import { freeText } from '../schemas.ts';
import { tableQuery, workspaceParams } from './schemas.ts';

export const importJobParams = workspaceParams.extend({ jobId: z.string().max(18) });

export const uploadQuery = z.object({
  /** Else told from the file's columns. */
  kind: z.enum(CATALOGUE_FILE_KINDS).optional(),
  /** The file's name as the seller picked it: shown in the table of imports and the audit log. */
  fileName: freeText(200)
    .refine((v) => v.trim() !== '', 'must not be blank')
    .optional(),
});

/** The file itself, as the request body: CSV (text/csv) or JSON (application/json), UTF-8. */
export const uploadBody = z.string().min(1, 'The file is empty.');

export const importJobListQuery = z.object({ ...tableQuery, status: z.enum(IMPORT_JOB_STATUSES).optional() });

export const exportQuery = z.object({
  kind: z.enum(CATALOGUE_FILE_KINDS),
  format: z.enum(CATALOGUE_FILE_FORMATS).optional(),
});
