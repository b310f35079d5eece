/**
 * A manuscript's paperback cover and its print layout's page counts (server/paperback, decision
 * 069): the design /kdp-cover?manuscript=… saves, and the page count /printable (and the print
 * PDF export) records per trim once it has typeset the manuscript. Members read; the owner and
 * editors who may design covers save; anyone else gets 404.
 */
import * as zm from 'zod/mini';
import { PaperbackCoverInput, PaperbackDesignSchema, PrintLayoutInput } from '../covers/paperback';
import { endpoint } from './contract';

const PrintLayoutSchema = zm.object({ trimId: zm.string(), pages: zm.number(), recordedAt: zm.number() });
export type PrintLayoutRecord = zm.infer<typeof PrintLayoutSchema>;

const PaperbackCoverSchema = zm.object({ design: PaperbackDesignSchema, updatedAt: zm.number() });
export type PaperbackCover = zm.infer<typeof PaperbackCoverSchema>;

export const getPaperbackCover = endpoint({
  method: 'GET',
  path: '/api/manuscripts/:id/paperback-cover',
  response: zm.object({
    manuscript: zm.object({ id: zm.string(), title: zm.string(), author: zm.string() }),
    /** Whether this person may save the cover (the owner or an editor, with `covers:design`). */
    mayEdit: zm.boolean(),
    cover: zm.nullable(PaperbackCoverSchema),
    /** The latest page count per trim, the latest first. */
    layouts: zm.array(PrintLayoutSchema),
  }),
});
export type PaperbackCoverResponse = zm.infer<typeof getPaperbackCover.response>;

export const savePaperbackCover = endpoint({
  method: 'PUT',
  path: '/api/manuscripts/:id/paperback-cover',
  body: PaperbackCoverInput,
  response: zm.object({ cover: PaperbackCoverSchema }),
});

export const recordPrintLayout = endpoint({
  method: 'PUT',
  path: '/api/manuscripts/:id/print-layout',
  body: PrintLayoutInput,
  response: zm.object({ layout: PrintLayoutSchema }),
});
