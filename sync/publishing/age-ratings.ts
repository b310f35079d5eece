/**
 * Who a book is for: everyone, or the youngest reader it suits (decision 044). Its own module, free of zod: the store's book page shows the
 * label in its first load, while the form's schema (metadata.ts) validates the key.
 */
export const AGE_RATINGS = { all: 'All ages', '7+': '7 and up', '12+': '12 and up', '16+': '16 and up', '18+': 'Adults only (18+)' } as const;
