/**
 * The EPUB Accessibility 1.1 discovery metadata of an export (schema.org accessMode,
 * accessModeSufficient, accessibilityFeature, accessibilityHazard, accessibilitySummary). What
 * the book's own package stated wins (an imported book keeps its publisher's claims); otherwise
 * it is derived from what the export really contains, and claims nothing it cannot know (no
 * conformance statement: no one has audited the text against WCAG).
 */
import type { Accessibility } from '../../../sync/book-format';

interface ContentFacts {
  hasImages: boolean;
  /** Every image has a non-empty alt text. */
  allImagesDescribed: boolean;
}

interface A11yMetadata {
  accessModes: string[];
  accessModesSufficient: string[];
  features: string[];
  hazards: string[];
  summary: string;
}

export function accessibilityMetadata(stated: Accessibility, facts: ContentFacts): A11yMetadata {
  const accessModes = stated.accessModes.length ? stated.accessModes : facts.hasImages ? ['textual', 'visual'] : ['textual'];
  const sufficient = stated.accessModesSufficient.length
    ? stated.accessModesSufficient
    : !facts.hasImages || facts.allImagesDescribed
      ? ['textual']
      : ['textual,visual'];
  const features = stated.features.length
    ? stated.features
    : ['structuralNavigation', 'tableOfContents', 'readingOrder', ...(facts.hasImages && facts.allImagesDescribed ? ['alternativeText'] : [])];
  const hazards = stated.hazards.length ? stated.hazards : ['none'];
  const summary =
    stated.summary ||
    [
      'This publication has a navigable table of contents and its text follows the reading order.',
      facts.hasImages ? (facts.allImagesDescribed ? 'Every image has a text alternative.' : 'Some images have no text alternative.') : 'It contains no images.',
      'It has no known hazards (no flashing, motion simulation or sound).',
    ].join(' ');
  return { accessModes, accessModesSufficient: sufficient, features, hazards, summary };
}
