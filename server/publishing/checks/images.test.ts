import { describe, expect, it } from 'vitest';
import { imagesCheck } from './images';
import { testBook, testInput } from './test-book';

const book = testBook([
  ['One', '<p>Text</p>'],
  ['Maps', '<p>More</p>'],
]);

describe('the image size check (limit: 5 MB each)', () => {
  it('passes a book without images and images up to the limit', () => {
    expect(imagesCheck(testInput({ book }))).toMatchObject({ status: 'passed', message: 'The chapters have no images.' });
    expect(imagesCheck(testInput({ book, images: [{ chapterId: 'c2', name: 'map.png', bytes: 5 * 1024 * 1024 }] }))).toMatchObject({
      status: 'passed',
      message: '1 image, each at most 5.0 MB.',
    });
  });

  it('fails an image over the limit, naming its chapter, file and size', () => {
    const outcome = imagesCheck(testInput({ book, images: [{ chapterId: 'c2', name: 'map.png', bytes: 7.5 * 1024 * 1024 }] }));
    expect(outcome).toEqual({
      status: 'failed',
      message: '1 image over 5.0 MB.',
      findings: [{ where: 'Chapter 2 “Maps”, image map.png', reason: '7.5 MB: over the 5.0 MB limit.' }],
    });
  });
});
