/**
 * A manuscript's and a submitted edition's reader endpoints. Loaded only when one is opened: their
 * API modules bring publishing's and the manuscripts' schemas (about 20 KiB brotli), which a
 * store book's reader never needs.
 */
export { getManuscriptBook, getManuscriptChapter } from '../../../sync/api/manuscripts';
export { getEditionBook, getEditionChapter } from '../../../sync/api/publishing';
