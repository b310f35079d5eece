/** An export that cannot be made, with the reason its owner is shown (not a crash: never retried). */
export class ExportFailure extends Error {}
