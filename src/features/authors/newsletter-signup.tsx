/**
 * The place of the author's newsletter sign-up. Newsletters are not built yet: the form is shown
 * disabled with a note, so the page keeps its shape and the newsletter work fills it in.
 */
export function NewsletterSignup({ authorName }: { authorName: string }) {
  return (
    <section className="author-newsletter" aria-labelledby="author-newsletter">
      <h2 id="author-newsletter">Newsletter</h2>
      <p className="author-muted">Get {authorName}'s news by e-mail.</p>
      <form className="author-newsletter-form" aria-describedby="author-newsletter-note" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="author-newsletter-email">E-mail</label>
        <input id="author-newsletter-email" type="email" autoComplete="email" disabled />
        <button type="submit" className="btn btn-secondary btn-md" disabled>
          Subscribe
        </button>
      </form>
      <p id="author-newsletter-note" className="author-newsletter-note">
        Newsletters are coming: sign-up opens here soon.
      </p>
    </section>
  );
}
