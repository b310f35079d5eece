/**
 * Reviews on /book/{id}: a reader who owns the book rates and reviews it and the review shows the
 * "Verified reader" badge to everyone; a reader who does not own it cannot write one; a report
 * reaches /admin/reviews, where hiding it takes it off the book page and out of the summary.
 */
import { expect } from '@playwright/test';
import { DEMO, adminPage, expectAccessible, signIn, test } from './fixtures';

// Seeded in the demo reader's library; no other journey reviews it.
const BOOK = '/book/demo-the-patient-draft';
const REVIEW_TEXT = 'Quietly brilliant: the revision scenes read like a thriller.';

test('an owner’s review shows the verified badge; a report lets an admin hide it', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.reader);
  await page.goto(BOOK);
  const reviews = page.getByRole('region', { name: 'Ratings and reviews' });
  await expect(reviews.getByRole('heading', { name: 'Rate and review this book' })).toBeVisible();

  // No stars chosen: the server's message shows next to the stars, and nothing is lost.
  await reviews.getByLabel('Your review (optional)').fill(REVIEW_TEXT);
  await reviews.getByRole('button', { name: 'Post review' }).click();
  await expect(reviews.locator('.star-input .field-error')).toBeVisible();
  await expect(reviews.getByLabel('Your review (optional)')).toHaveValue(REVIEW_TEXT);

  await reviews.locator('label', { hasText: '4 stars' }).click();
  await expect(reviews.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await reviews.getByRole('button', { name: 'Post review' }).click();
  const mine = reviews.getByRole('article', { name: 'Review by Rosa Reader' });
  await expect(mine).toContainText(REVIEW_TEXT);
  await expect(mine).toContainText('Verified reader');
  await expect(reviews.getByRole('img', { name: '4 out of 5 stars' }).first()).toBeVisible();
  await expect(reviews).toContainText('1 rating');
  await expectAccessible(page);

  // Another reader who does not own the book reads it, badge and all, and may report it, not review.
  const other = await browser.newContext();
  const publisher = await other.newPage();
  await signIn(publisher, DEMO.publisher);
  await publisher.goto(BOOK);
  const seen = publisher.getByRole('region', { name: 'Ratings and reviews' });
  const theirs = seen.getByRole('article', { name: 'Review by Rosa Reader' });
  await expect(theirs).toContainText('Verified reader');
  await expect(seen.getByRole('button', { name: 'Post review' })).toHaveCount(0);
  await theirs.getByRole('button', { name: 'Report the review by Rosa Reader' }).click();
  await publisher.getByRole('dialog').getByRole('button', { name: 'Report review' }).click();
  await expect(publisher.getByRole('dialog')).toHaveCount(0);

  // The admin finds it among reported reviews and hides it.
  const admin = await adminPage(browser);
  await admin.goto('/admin/reviews');
  await admin.getByRole('button', { name: 'Hide the review by Rosa Reader' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Hide review' }).click();
  await expect(admin.getByRole('dialog')).toHaveCount(0);

  // Off the book page for others, and out of the summary.
  await publisher.reload();
  await expect(seen.getByRole('article', { name: 'Review by Rosa Reader' })).toHaveCount(0);
  await expect(seen).toContainText('No ratings yet');
  await other.close();
  await admin.context().close();
});
