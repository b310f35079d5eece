/**
 * /api/covers (server/covers, decision 042): the ebook cover designs made on /cover, saved on the
 * server so they reopen on any device, and the one command that makes an image in the person's
 * files the cover of a manuscript they own — the cover the /publishing form shows, each submitted
 * edition freezes and the store book (and its image variants) is made from.
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { CoverDesignInput, CoverDesignSchema } from '../covers/design';
import { endpoint } from './contract';

const CoverDesignSummarySchema = zm.object({ id: zm.string(), name: zm.string(), updatedAt: zm.number() });
export type CoverDesignSummary = zm.infer<typeof CoverDesignSummarySchema>;

const CoverDesignDetailSchema = zm.object({
  id: zm.string(),
  name: zm.string(),
  design: CoverDesignSchema,
  createdAt: zm.number(),
  updatedAt: zm.number(),
});
export type CoverDesignDetail = zm.infer<typeof CoverDesignDetailSchema>;

/** My designs, the latest edited first. */
export const listCoverDesigns = endpoint({
  method: 'GET',
  path: '/api/covers',
  response: zm.object({ designs: zm.array(CoverDesignSummarySchema) }),
});

export const getCoverDesign = endpoint({ method: 'GET', path: '/api/covers/:id', response: zm.object({ design: CoverDesignDetailSchema }) });

export const createCoverDesign = endpoint({
  method: 'POST',
  path: '/api/covers',
  body: CoverDesignInput,
  status: 201,
  response: zm.object({ design: CoverDesignDetailSchema }),
});

export const saveCoverDesign = endpoint({
  method: 'PUT',
  path: '/api/covers/:id',
  body: CoverDesignInput,
  response: zm.object({ design: CoverDesignDetailSchema }),
});

export const deleteCoverDesign = endpoint({ method: 'DELETE', path: '/api/covers/:id', status: 204, response: zm.undefined() });

/** A manuscript's ebook cover: an image in its owner's files, and where its bytes are served. */
export const ManuscriptCoverSchema = zm.object({ fileId: zm.string(), name: zm.string(), url: zm.string() });
export type ManuscriptCover = zm.infer<typeof ManuscriptCoverSchema>;

/** Make one of my images the cover of one of my manuscripts (null takes the cover away). */
export const setManuscriptCover = endpoint({
  method: 'PUT',
  path: '/api/publishing/:id/cover',
  body: z.strictObject({ fileId: z.string({ error: 'Pick an image.' }).nullable() }),
  response: zm.object({ cover: zm.nullable(ManuscriptCoverSchema) }),
});
