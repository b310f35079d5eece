/** What other features (the editor's image dialog) use of /files. */
export { useFiles, useAddUploaded } from './use-files';
export { uploadFile } from './upload';
