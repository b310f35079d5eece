/**
 * A refusal of an EPUB with a reason a person can act on. Import failures of this kind are
 * recorded on the import and never retried: the same bytes would fail the same way.
 */
export type EpubErrorCode =
  | 'not_zip'
  | 'too_large'
  | 'too_many_entries'
  | 'entry_too_large'
  | 'zip_bomb'
  | 'unsafe_path'
  | 'missing_mimetype'
  | 'missing_container'
  | 'missing_package'
  | 'bad_package'
  | 'no_chapters'
  | 'too_many_chapters'
  | 'too_deep'
  | 'drm';

export class EpubError extends Error {
  constructor(
    readonly code: EpubErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'EpubError';
  }
}
