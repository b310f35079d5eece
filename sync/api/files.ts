/** Wire types of /api/files: an author's uploads (images, DOCX, Markdown, EPUB). */
import * as z from 'zod/mini';
import { endpoint } from './contract';
import { ImageSetSchema } from './images';

export const FILE_KINDS = ['image', 'docx', 'markdown', 'epub'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export const FileItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(FILE_KINDS),
  mediaType: z.string(),
  size: z.number(),
  /** Markdown only: the first lines. */
  excerpt: z.nullable(z.string()),
  /** Where the bytes are served (an unguessable capability URL, see docs/decisions). */
  url: z.string(),
  /** An image's WebP and AVIF variants, once made (server/images). */
  imageSet: z.optional(ImageSetSchema),
  createdAt: z.number(),
});
export type FileItem = z.infer<typeof FileItemSchema>;

export const listFiles = endpoint({
  method: 'GET',
  path: '/api/files',
  response: z.object({
    files: z.array(FileItemSchema),
    /** Bytes counted against the quota: each distinct content once. */
    usedBytes: z.number(),
    quotaBytes: z.number(),
    maxFileBytes: z.number(),
  }),
});
export type FilesResponse = z.infer<typeof listFiles.response>;

/** The file is the raw request body (sent with upload progress), its name in the query. */
export const uploadFile = endpoint({
  method: 'POST',
  path: '/api/files',
  query: z.object({ name: z.optional(z.string()) }),
  status: 201,
  response: z.object({ file: FileItemSchema, usedBytes: z.number() }),
});
export type FileUploadResponse = z.infer<typeof uploadFile.response>;

export const renameFile = endpoint({
  method: 'PATCH',
  path: '/api/files/:id',
  body: z.object({ name: z.string() }),
  response: z.object({ file: FileItemSchema }),
});

export const deleteFile = endpoint({ method: 'DELETE', path: '/api/files/:id', status: 204, response: z.undefined() });

const FILE_NAME_MAX = 200;

/** Why a file name is not acceptable, or null. Shared so the inline rename validates as the API does. */
export function fileNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Give the file a name.';
  if (trimmed.length > FILE_NAME_MAX) return `A file name may be at most ${FILE_NAME_MAX} characters.`;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\\/\u0000-\u001f\u007f]/.test(trimmed)) return 'A file name cannot contain slashes or control characters.';
  return null;
}

/** The URL an image's bytes are served at; also what the editor's image node stores. */
export const fileContentUrl = (id: string) => `/api/files/${id}/content`;

/** True for the content URL of a Quire file: the only image source a chapter may hold. */
export function isFileContentUrl(src: string): boolean {
  return /^\/api\/files\/[a-z2-7]{24}\/content$/.test(src);
}
