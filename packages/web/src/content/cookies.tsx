import { CompanyContact, ExternalLink, Heading, LegalLink, type LegalContentProps } from './shared';
import { useDisclosureShown } from '../evidence/recorder';

export const COOKIES_TITLE = 'Cookie policy';

/** Version 2 (docs/decisions/0044-funnel-notice-and-objection.md): the step counting. */
const UPDATED = '24 November 2026';

export interface CookieContentProps extends LegalContentProps {
  /** Opens the cookie banner or settings. Without it, the page points to the footer link. */
  onChangeCookieSettings?: () => void;
}

interface StoredItem {
  name: string;
  purpose: string;
  expires: string;
}

const NECESSARY: StoredItem[] = [
  {
    name: 'Your application (browser session storage)',
    purpose:
      'Keeps your answers while you move between questions, so nothing is lost if you go back or reload the page',
    expires:
      'When you close the tab, send your application or your session times out after 10 minutes without activity',
  },
  {
    name: 'Cookie consent',
    purpose: 'Remembers whether you accepted or rejected analytics cookies',
    expires: '1 year',
  },
];

const STEP_COUNTING: StoredItem[] = [
  {
    name: 'Steps counted (browser session storage)',
    purpose:
      'Remembers which steps of your application have already been counted, so that each is counted once',
    expires:
      'When you close the tab, send your application or your session times out, or when you reject analytics cookies',
  },
];

const ANALYTICS: StoredItem[] = [
  {
    name: '_ga',
    purpose: 'Google Analytics: tells visits from different browsers apart',
    expires: '2 years',
  },
  {
    name: '_ga_ followed by an ID',
    purpose: 'Google Analytics: keeps track of your current visit',
    expires: '2 years',
  },
];

function CookieTable({ caption, items }: { caption: string; items: StoredItem[] }) {
  return (
    <table className="legal-content__table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Purpose</th>
          <th scope="col">Expires</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.name}>
            <th scope="row">{item.name}</th>
            <td>{item.purpose}</td>
            <td>{item.expires}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The cookie policy. Under PECR only strictly necessary storage is used without asking; the tag
 * manager and analytics load only after the visitor accepts analytics cookies (docs/design.md D14).
 */
export function CookieContent({
  company,
  headingLevel = 1,
  titleId,
  onNavigate,
  onChangeCookieSettings,
}: CookieContentProps) {
  useDisclosureShown('cookies');
  const h2 = headingLevel + 1;

  return (
    <div className="legal-content">
      <Heading level={headingLevel} id={titleId}>
        {COOKIES_TITLE}
      </Heading>
      <p className="legal-content__updated">Last updated: {UPDATED}</p>
      <p>
        Cookies are small files that websites save on your phone, tablet or computer. This website
        also uses your browser's session storage, which works in a similar way. This policy explains
        what {company.name} stores and why.
      </p>
      <p>
        We use only what the website needs to work unless you agree to more, with one exception: we
        count, without identifying you, how many applications reach each step of the form, and you
        can refuse it. We ask before we use any analytics cookies.
      </p>

      <section>
        <Heading level={h2}>Strictly necessary cookies and storage</Heading>
        <p>
          These make the website work. We do not need your consent for them, and you cannot turn
          them off on this website.
        </p>
        <CookieTable caption="Strictly necessary cookies and storage" items={NECESSARY} />
      </section>

      <section>
        <Heading level={h2}>Counting the steps of the application (no cookies)</Heading>
        <p>
          To find out where people stop, so that we can improve the form, we count how many
          applications reach each step. When a step first appears, your browser sends us the name of
          the step, the kind of application (vehicle, secured or joint) and the partner website that
          sent you, if any. We add one to that day's count. Nothing else is sent or kept: no cookie,
          no name or contact details, no identifier, and we do not record your IP address with it.
        </p>
        <p>
          So that each step is counted only once, your browser keeps a list of the steps already
          counted in its session storage, with your application.
        </p>
        <p>
          The law allows this without asking you first, because it is only to produce statistics
          that help us improve the website (the Privacy and Electronic Communications Regulations,
          as changed by the Data (Use and Access) Act 2025). You can object at any time, free of
          charge: choose Reject analytics cookies in the cookie banner or in your cookie settings.
          From then on no step is counted, and the list of counted steps is deleted when you next
          move to another page.
        </p>
        <CookieTable caption="Step counting" items={STEP_COUNTING} />
      </section>

      <section>
        <Heading level={h2}>Analytics cookies (only if you accept them)</Heading>
        <p>
          If you accept analytics cookies, we load Google Tag Manager and Google Analytics to learn
          how people use the website, such as which pages they visit and where they stop, so that we
          can improve it. With the same consent, Google Analytics advertising features may use
          Google's advertising cookies to measure and show our adverts, as our{' '}
          <LegalLink to="/privacy-policy" onNavigate={onNavigate}>
            privacy policy
          </LegalLink>{' '}
          explains.
        </p>
        <p>
          If you reject analytics cookies, or do not choose, none of these cookies are set and the
          Google scripts are not loaded.
        </p>
        <CookieTable caption="Analytics cookies" items={ANALYTICS} />
      </section>

      <section>
        <Heading level={h2}>Cookies from partners that sent you here</Heading>
        <p>
          If a partner sent you to us, cookies that record its campaign may already be on your
          device, with names beginning utm_ or evo2_source. We read them once, when you start, to
          record which partner introduced you so that it can be paid. We do not set them.
        </p>
      </section>

      <section>
        <Heading level={h2}>Changing your cookie settings</Heading>
        <p>
          You can change your choice at any time. If you reject analytics cookies, we also stop
          counting the steps you reach. If you reject them after accepting them, we will not load
          the analytics scripts again. Cookies they already set stay on your device until they
          expire or you delete them.
        </p>
        {onChangeCookieSettings ? (
          <p>
            <button type="button" onClick={onChangeCookieSettings}>
              Change your cookie settings
            </button>
          </p>
        ) : (
          <p>
            To change your choice, delete the cookies for this website in your browser's settings.
            We will ask you again on your next visit.
          </p>
        )}
        <p>
          You can also delete cookies, or block them, in your browser's settings. Blocking strictly
          necessary storage may stop the application form working. Find out how to manage cookies at{' '}
          <ExternalLink href="https://ico.org.uk/for-the-public/online/cookies/">
            ico.org.uk
          </ExternalLink>
          .
        </p>
        <p>
          To stop Google Analytics on every website, install the Google Analytics opt-out browser
          add-on from <ExternalLink href="https://tools.google.com/dlpage/gaoptout" />.
        </p>
      </section>

      <section>
        <Heading level={h2}>More information</Heading>
        <p>
          Our{' '}
          <LegalLink to="/privacy-policy" onNavigate={onNavigate}>
            privacy policy
          </LegalLink>{' '}
          explains how we use your personal information and your rights. For questions about
          cookies, contact us:
        </p>
        <CompanyContact company={company} />
      </section>
    </div>
  );
}
