/** One file upload with progress: the file is the raw body (see server/files/routes.ts). */
import { uploadFile as uploadEndpoint, type FileUploadResponse } from '../../../sync/api/files';
import { uploadWithProgress, type Upload } from '../../lib/upload';

export function uploadFile(file: File, onProgress: (fraction: number) => void): Upload<FileUploadResponse> {
  return uploadWithProgress(uploadEndpoint, { name: file.name }, file, onProgress);
}
