/** The author's newsletter sign-up on /author/{id}: an address, then a confirmation link by e-mail. */
import { Link } from 'react-router';
import { authorNewsletterId } from '../../../sync/api/newsletter';
import { SubscribeForm } from '../newsletter/subscribe-form';

export function NewsletterSignup({ authorId, authorName }: { authorId: string; authorName: string }) {
  return (
    <section className="author-newsletter" aria-labelledby="author-newsletter">
      <h2 id="author-newsletter">Newsletter</h2>
      <p className="author-muted">Get {authorName}'s news by e-mail.</p>
      <SubscribeForm newsletterId={authorNewsletterId(authorId)} className="author-newsletter-form" />
      <p className="author-newsletter-note">
        We e-mail you a link to confirm first. Every issue has a one-click unsubscribe; see <Link to="/newsletter">your newsletters</Link>.
      </p>
    </section>
  );
}
