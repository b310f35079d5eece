/** `/privacy-policy`: what Quire holds about people, where, for how long, and how to remove it. */
import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from './legal-document';

const CONTACT = 'privacy@quire.test';

const SECTIONS: LegalSection[] = [
  {
    id: 'what-we-hold',
    heading: 'What we hold about you',
    body: (
      <>
        <p>We keep only what we need to run your account and the books you read, write or sell:</p>
        <ul>
          <li>
            <strong>Account details:</strong> your e-mail address, username, display name, an optional bio and avatar, and your password as a one-way hash (we
            never store or see the password itself).
          </li>
          <li>
            <strong>Roles and requests:</strong> whether you are a reader, author, publisher or administrator, and the applications you send us.
          </li>
          <li>
            <strong>Your library and reading:</strong> the books you own, reading positions, bookmarks, highlights, notes, lists and wishlist.
          </li>
          <li>
            <strong>What you write:</strong> manuscripts, chapters and their revisions, and the metadata of books you publish.
          </li>
          <li>
            <strong>Orders:</strong> what you bought, when, and for how much. Card details are handled by Stripe, not by us (see Payments).
          </li>
          <li>
            <strong>Signed-in devices:</strong> for each session, the browser's user agent, the IP address it last used and when it was last seen, so you can
            review and end sessions at <Link to="/settings/account">Account &amp; devices</Link>.
          </li>
          <li>
            <strong>Security and failure logs:</strong> an audit log of privileged actions, rate-limit counters, and error reports that may contain the page
            address and browser you were using.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'local-data',
    heading: 'Data kept in your browser',
    body: (
      <>
        <p>
          Quire works offline. To do that, it keeps a copy of your own data — your library, reading progress, notes, settings and drafts — in your browser's
          storage (IndexedDB) on each device you use, in a database separate for each account. The app itself is stored by a service worker so it opens without
          a connection. Changes made offline are sent to our servers the next time you are online.
        </p>
        <p>
          This copy stays on the device until you remove it. When you sign out, Quire offers to delete it; you can also clear it through your browser's site
          settings. Anyone with access to your unlocked device and browser profile can read it, so sign out and remove local data on shared computers.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    heading: 'Cookies',
    body: (
      <p>
        We use one cookie: <code>quire_session</code>, which keeps you signed in. It is strictly necessary, marked HttpOnly (page scripts cannot read it) and
        SameSite, and sent only over HTTPS on our production site. We set no advertising, analytics or third-party cookies, and we do not track you across other
        websites. Your theme choice is kept in your browser's local storage, not in a cookie.
      </p>
    ),
  },
  {
    id: 'use',
    heading: 'How we use it',
    body: (
      <ul>
        <li>To provide the service: sign you in, sync your library across devices, deliver the books you buy and publish the books you write.</li>
        <li>To keep it safe: limit repeated sign-in attempts, detect abuse and investigate failures.</li>
        <li>To contact you about your account and, if you choose, about activity you asked to be told about.</li>
      </ul>
    ),
  },
  {
    id: 'payments',
    heading: 'Payments',
    body: (
      <p>
        Purchases are processed by Stripe. When you pay, you enter your card details on Stripe's checkout page; Stripe processes them under its own privacy
        policy and tells us only whether the payment succeeded, the amount, and a reference. Authors and publishers who receive payouts give their payout
        details to Stripe directly.
      </p>
    ),
  },
  {
    id: 'mail',
    heading: 'E-mail',
    body: (
      <p>
        We send account e-mails — verification, sign-in links, password resets, decisions on your applications, and deletion notices — because the service
        cannot work without them. Other e-mails, such as notifications about new releases or messages, follow your choices at{' '}
        <Link to="/settings/notifications">Notification settings</Link>. E-mails are sent through our mail provider, which processes your address only to
        deliver them.
      </p>
    ),
  },
  {
    id: 'sharing',
    heading: 'Who we share it with',
    body: (
      <p>
        We do not sell your data. We share it only with the providers that run parts of the service for us (hosting, mail delivery, Stripe for payments), under
        contracts that let them use it for that purpose alone; with the authors and publishers of books you buy, limited to what they need (such as an anonymous
        sales count); and when the law requires it. Your public profile is visible to others only if you make it public.
      </p>
    ),
  },
  {
    id: 'retention',
    heading: 'How long we keep it',
    body: (
      <ul>
        <li>Account data, library and writing: for as long as your account exists.</li>
        <li>Sessions: until you sign out or they expire after 30 days without use.</li>
        <li>Sign-in and reset codes: they expire within hours and are useless once used.</li>
        <li>Error reports and rate-limit records: up to 90 days.</li>
        <li>Orders: seven years, as tax and accounting law requires, but anonymised when you delete your account.</li>
        <li>
          The audit log of administrator actions: kept, because it protects everyone against misuse; entries about you name your account id, not your e-mail,
          after deletion.
        </li>
      </ul>
    ),
  },
  {
    id: 'deletion',
    heading: 'Deleting your account',
    body: (
      <p>
        You can delete your account at <Link to="/account-deletion">Account deletion</Link>. Deletion starts a 14-day grace period during which you can sign in
        and undo it. After that, we erase your profile, library, reading data, notes and unpublished writing, end every session, and anonymise your orders so
        that they no longer identify you. Books you published with a co-author or publisher stay available to readers who bought them. Backups are overwritten
        within 30 days.
      </p>
    ),
  },
  {
    id: 'rights',
    heading: 'Your rights',
    body: (
      <p>
        You can see and correct most of your data in <Link to="/settings">Settings</Link>. You may also ask us for a copy of everything we hold about you, ask
        us to correct or erase it, or object to how we use it. Where data protection law gives you further rights, such as complaining to a supervisory
        authority, you keep them.
      </p>
    ),
  },
  {
    id: 'contact',
    heading: 'Contact',
    body: (
      <p>
        Questions about privacy go to <a href={`mailto:${CONTACT}`}>{CONTACT}</a>. We answer within 30 days. If we change this policy in a way that matters, we
        will tell you by e-mail or in the app before the change takes effect.
      </p>
    ),
  },
];

export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy policy"
      intro={
        <p>
          Quire is a place to read, write, publish and sell books. This policy explains what we know about you, why, where it is kept, and how you can take it
          back. We try to collect as little as the service allows.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
