/**
 * Where a link in a chapter may lead: a web or mail address, or a place in the book (`#notes`).
 * A place that does not exist is reported by the link check at submission (decision 045).
 */
export const LINK_TARGET = /^(https?:|mailto:|#[^\s#]+$)/i;
