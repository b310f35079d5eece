/** Wire types of /api/files: an author's uploads (images, DOCX, Markdown, EPUB). */
export type FileKind = 'image' | 'docx' | 'markdown' | 'epub';

export interface FileItem {
  id: string;
  name: string;
  kind: FileKind;
  mediaType: string;
  size: number;
  /** Markdown only: the first lines. */
  excerpt: string | null;
  /** Where the bytes are served (an unguessable capability URL, see docs/decisions). */
  url: string;
  createdAt: number;
}

/** GET /api/files */
export interface FilesResponse {
  files: FileItem[];
  /** Bytes counted against the quota: each distinct content once. */
  usedBytes: number;
  quotaBytes: number;
  maxFileBytes: number;
}

/** POST /api/files?name=… (raw body) → 201 */
export interface FileUploadResponse {
  file: FileItem;
  usedBytes: number;
}

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
