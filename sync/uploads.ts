/**
 * Publisher uploads (/publisher/upload-bulk, /publisher/upload-single, /publisher/uploads): what a
 * row of a metadata file asks for, the CSV template's columns, and the limits both sides show.
 * The parsing itself is the server's (server/uploads/); this is what the client needs to explain it.
 */

/** What a row asks for: ONIX NotificationType 01–03 → new, 04 → update, 05 → withdraw. */
export const UPLOAD_ACTIONS = ['new', 'update', 'withdraw'] as const;
export type UploadAction = (typeof UPLOAD_ACTIONS)[number];

/**
 * The CSV template, in order. `authors` holds several names separated by semicolons;
 * `contributors` the others credited, each with its role in brackets (CSV_ROLE_HINT); `keywords`
 * up to 7 words or phrases separated by semicolons, as the /publishing form; `series_number` the
 * book's place in `series`.
 */
export const CSV_COLUMNS = [
  'isbn',
  'title',
  'subtitle',
  'authors',
  'contributors',
  'language',
  'price',
  'currency',
  'description',
  'keywords',
  'series',
  'series_number',
  'epub_file',
  'cover_file',
  'action',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** A template with one example row, for the download link. */
export const CSV_TEMPLATE =
  `${CSV_COLUMNS.join(',')}\r\n` +
  '9780306406157,The Harbour Light,A novel,Maren Holt; Ansel Reed,Ida Brandt (Illustrator),en,9.99,USD,"A lighthouse keeper, a storm, and a ship that never answers.",lighthouse; storm; sea,Harbour Tales,1,harbour-light.epub,harbour-light.jpg,new\r\n';

/** How a `contributors` cell names roles: the form's role names or their ONIX codes. */
export const CSV_ROLE_HINT = 'Author, Editor, Illustrator, Translator or Narrator (or the ONIX codes A01, B01, A12, B06, E07)';

/**
 * At most this many products or rows in one metadata file: what a file of UPLOAD_METADATA_MAX_BYTES
 * holds at about 1 KB a product (a realistic ONIX 3.0 product is 2–5 KB), so the byte cap is what
 * usually stops a file. Rows are checked and stored as they stream in (decision 040).
 */
export const UPLOAD_MAX_ROWS = 50_000;
/** A metadata file (CSV or ONIX) may be at most this big; it is parsed as it streams in. */
export const UPLOAD_METADATA_MAX_BYTES = 50 * 1024 * 1024;
/** The ZIP of EPUBs and covers. */
export const UPLOAD_ARCHIVE_MAX_BYTES = 200 * 1024 * 1024;
/** A cover image of a single upload. */
export const UPLOAD_COVER_MAX_BYTES = 10 * 1024 * 1024;
