import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { benchVariantGeneration } from './bench';

describe('benchVariantGeneration', () => {
  it('times every cover variant of each image and reports the median', async () => {
    const images = await Promise.all(
      ['#123456', '#654321', '#abcdef'].map((background) =>
        sharp({ create: { width: 200, height: 320, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const result = await benchVariantGeneration(images, [100, 200]);
    expect(result.perImageMs).toHaveLength(3);
    expect(result.variantsPerImage).toBe(4);
    expect(result.medianMs).toBeGreaterThan(0);
    expect([...result.perImageMs].sort((a, b) => a - b)[1]).toBe(result.medianMs);
  });

  it('refuses an empty set', async () => {
    await expect(benchVariantGeneration([])).rejects.toThrow(/at least one image/);
  });
});
