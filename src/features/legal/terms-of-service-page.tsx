/** `/terms-of-service`: the agreement between Quire and the people who read, write and sell on it. */
import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from './legal-document';

const CONTACT = 'support@quire.test';

const SECTIONS: LegalSection[] = [
  {
    id: 'accounts',
    heading: 'Your account',
    body: (
      <>
        <p>
          You need an account to buy, write or publish. Give us a working e-mail address, keep your password to yourself, and tell us at{' '}
          <a href={`mailto:${CONTACT}`}>{CONTACT}</a> if you think someone else has used your account. You can see and end your signed-in sessions at{' '}
          <Link to="/settings/account">Account &amp; devices</Link>.
        </p>
        <p>You must be old enough to agree to these terms where you live, or have a parent's or guardian's permission.</p>
      </>
    ),
  },
  {
    id: 'roles',
    heading: 'Readers, authors and publishers',
    body: (
      <p>
        Every account is a reader. Authors and publishers apply for that role and are approved by our team; we may refuse or withdraw a role if its conditions
        are not met. Publishers act on behalf of their imprint and are responsible for the people they add to it.
      </p>
    ),
  },
  {
    id: 'buying',
    heading: 'Buying books',
    body: (
      <>
        <p>
          When you buy a book you get a personal, non-transferable licence to read it on your own devices, including offline, for as long as Quire offers it —
          and we keep books you bought available in your library even if the publisher withdraws them from sale, unless the law requires otherwise. You may not
          redistribute, resell or remove protections from books.
        </p>
        <p>
          Prices are shown before you pay and include any taxes we must collect. Payments are taken by Stripe. If a book is faulty or not as described, contact
          us within 14 days for a refund; your statutory rights are unaffected.
        </p>
      </>
    ),
  },
  {
    id: 'publishing',
    heading: 'Writing and publishing',
    body: (
      <>
        <p>
          You keep the copyright in what you write. By publishing a book on Quire you give us a worldwide, non-exclusive licence to store, format, display,
          deliver and sell it to readers, and to show extracts and its cover to promote it, for as long as it is on sale and afterwards for readers who already
          own it.
        </p>
        <p>
          You promise that you have the right to publish what you upload, that it does not infringe anyone else's rights, and that its description is honest.
          Books are reviewed before publication; we may decline or remove a book that breaks these terms or the law. Sales proceeds are paid out through Stripe
          on the terms shown in your publisher dashboard.
        </p>
      </>
    ),
  },
  {
    id: 'conduct',
    heading: 'Acceptable use',
    body: (
      <ul>
        <li>No unlawful, hateful or harassing content, and no content that exploits children.</li>
        <li>No spam, fake reviews, or attempts to manipulate rankings.</li>
        <li>No attempts to break into accounts, probe or overload the service, or get around rate limits.</li>
        <li>No scraping or bulk downloading beyond what the app does for your own reading.</li>
      </ul>
    ),
  },
  {
    id: 'suspension',
    heading: 'Suspension and ending',
    body: (
      <p>
        We may suspend an account that breaks these terms, and will tell you why unless the law or safety prevents it. You can end this agreement at any time by
        deleting your account at <Link to="/account-deletion">Account deletion</Link>; after a 14-day grace period in which you can change your mind, your data
        is erased as described in our <Link to="/privacy-policy">privacy policy</Link>, and your orders are kept only in anonymised form.
      </p>
    ),
  },
  {
    id: 'service',
    heading: 'The service',
    body: (
      <p>
        We work to keep Quire available and your data safe, and the app is built to keep working offline, but we cannot promise the service will be
        uninterrupted or free of errors. We may change or retire features; if we remove something you paid for, we will offer a refund or a way to keep it.
      </p>
    ),
  },
  {
    id: 'liability',
    heading: 'Liability',
    body: (
      <p>
        Nothing in these terms limits liability that cannot be limited by law. Otherwise, our total liability to you for any claim is limited to the amount you
        paid us in the twelve months before it arose, and we are not liable for indirect or unforeseeable losses.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to these terms',
    body: (
      <p>
        If we change these terms in a way that matters, we will tell you at least 30 days in advance by e-mail or in the app. If you do not agree, you can
        delete your account before the change takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    heading: 'Contact',
    body: (
      <p>
        Questions about these terms go to <a href={`mailto:${CONTACT}`}>{CONTACT}</a>.
      </p>
    ),
  },
];

export function TermsOfServicePage() {
  return (
    <LegalDocument
      title="Terms of service"
      intro={
        <p>
          These terms are the agreement between you and Quire when you use it to read, write, publish or sell books. They are written to be read; please do.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
