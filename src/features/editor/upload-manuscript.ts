/**
 * Uploading a manuscript file with progress, and the checks the page can make before sending a
 * byte (size, kind of file).
 */
import { importManuscript, MANUSCRIPT_IMPORT_EXTENSIONS, MANUSCRIPT_IMPORT_MAX_BYTES, type ManuscriptImportResponse } from '../../../sync/api/manuscripts';
import { ApiRequestError } from '../../lib/api';
import { uploadWithProgress } from '../../lib/upload';

/** Why a chosen file cannot be imported, or null when it may be uploaded. */
export function checkImportFile(file: Pick<File, 'name' | 'size'>): string | null {
  const name = file.name.toLowerCase();
  if (!MANUSCRIPT_IMPORT_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'Choose a Word (.docx), Markdown (.md) or EPUB (.epub) file.';
  if (file.size === 0) return 'The file is empty.';
  if (file.size > MANUSCRIPT_IMPORT_MAX_BYTES)
    return `The file is too large: a manuscript import may be at most ${MANUSCRIPT_IMPORT_MAX_BYTES / 1024 / 1024} MB.`;
  return null;
}

export async function uploadManuscript(file: File, onProgress: (fraction: number) => void): Promise<ManuscriptImportResponse> {
  try {
    return await uploadWithProgress(importManuscript, { name: file.name }, file, onProgress).done;
  } catch (error) {
    // The import says what is wrong with the file in its field message: that is the one to show.
    if (error instanceof ApiRequestError && error.fields.file) {
      throw new ApiRequestError(error.status, error.code, error.fields.file, error.fields, error.retryAfter, error.digest, error.reason);
    }
    throw error;
  }
}
