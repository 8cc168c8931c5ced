import {
  CompanyContact,
  ContentsList,
  EmailLink,
  ExternalLink,
  Heading,
  LegalLink,
  type ContentsEntry,
  type LegalContentProps,
} from './shared';
import { useDisclosureShown } from '../evidence/recorder';

export const PRIVACY_TITLE = 'Privacy policy';

/** Version 2 (docs/decisions/0044-funnel-notice-and-objection.md): the step counting. */
const UPDATED = '24 November 2026';

/** docs/product.md §9: personal data is kept for up to six years. */
const RETENTION_YEARS = 6;

const SECTIONS = {
  whoWeAre: { id: 'privacy-who-we-are', title: 'Who we are' },
  collected: { id: 'privacy-information-we-collect', title: 'The information we collect' },
  use: { id: 'privacy-how-we-use', title: 'How we use your information' },
  lawfulBases: {
    id: 'privacy-lawful-bases',
    title: 'Our lawful bases for using your information',
  },
  disclosure: { id: 'privacy-sharing', title: 'Who we share your information with' },
  security: { id: 'privacy-security', title: 'How we keep your information secure' },
  monitoring: { id: 'privacy-monitoring', title: 'Monitoring and recording' },
  thirdParties: {
    id: 'privacy-third-parties',
    title: 'Applying with someone else or on their behalf',
  },
  analytics: { id: 'privacy-analytics', title: 'Analytics and advertising features' },
  rights: { id: 'privacy-rights', title: 'Your rights' },
  retention: { id: 'privacy-retention', title: 'How long we keep your information' },
  transfers: { id: 'privacy-transfers', title: 'Transfers outside the UK' },
  cookies: { id: 'privacy-cookies', title: 'Cookies' },
  complaints: { id: 'privacy-complaints', title: 'Complaints' },
  changes: { id: 'privacy-changes', title: 'Changes to this policy' },
  contact: { id: 'privacy-contact', title: 'Contact us' },
} satisfies Record<string, ContentsEntry>;

/**
 * The privacy policy (docs/product.md §2): the UK GDPR notice for applicants and joint applicants, written
 * for a credit broker that passes applications to lenders. The company's contact details end it.
 */
export function PrivacyContent({
  company,
  headingLevel = 1,
  titleId,
  onNavigate,
}: LegalContentProps) {
  useDisclosureShown('privacy');
  const h2 = headingLevel + 1;
  const h3 = headingLevel + 2;
  const s = SECTIONS;

  return (
    <div className="legal-content">
      <Heading level={headingLevel} id={titleId}>
        {PRIVACY_TITLE}
      </Heading>
      <p className="legal-content__updated">Last updated: {UPDATED}</p>
      <p>
        This policy explains how {company.name} ('we' or 'us') uses your personal information when
        you visit this website or apply for finance through it, and the rights you have. If you add
        a joint applicant, it applies to them too: please show it to them.
      </p>

      <ContentsList entries={Object.values(s)} level={h2} />

      <section>
        <Heading level={h2} id={s.whoWeAre.id} focusable>
          {s.whoWeAre.title}
        </Heading>
        <p>
          {company.name} is the controller of your personal information. We are registered with the
          Information Commissioner's Office (ICO), registration number {company.icoNumber}.
        </p>
        <p>
          We are a credit broker, not a lender. We are authorised and regulated by the Financial
          Conduct Authority, firm reference number {company.fcaNumber}.
        </p>
        <p>Our contact details are at the end of this policy.</p>
      </section>

      <section>
        <Heading level={h2} id={s.collected.id} focusable>
          {s.collected.title}
        </Heading>
        <Heading level={h3}>Information you give us</Heading>
        <ul>
          <li>your title, name, date of birth and marital status</li>
          <li>your email address and phone number</li>
          <li>
            your current and previous addresses, how long you lived at each and whether you own or
            rent
          </li>
          <li>
            your employment status, occupation, employer, how long you have worked there and your
            net monthly income
          </li>
          <li>the type of driving licence you hold</li>
          <li>
            the finance you want: the amount, the term, any deposit and the vehicle you are
            interested in
          </li>
          <li>
            for a loan secured on a property: the property's address, type, value, number of
            bedrooms and mortgage balance, and whether you own other properties
          </li>
          <li>whether you are in a breathing space under the Debt Respite Scheme</li>
          <li>
            any additional needs or circumstances you tell us about, which may include information
            about your health
          </li>
          <li>your marketing choices and your agreement to our terms</li>
          <li>the same kinds of information about a joint applicant, if you add one</li>
        </ul>
        <Heading level={h3}>Information we collect when you use the website</Heading>
        <ul>
          <li>your IP address, your browser and device type, and when you applied</li>
          <li>
            the website, dealer or partner that sent you to us, and any campaign codes in the link
            you followed
          </li>
          <li>
            which steps of the application form are reached, counted without identifying you, unless
            you object (see {s.analytics.title})
          </li>
          <li>how you use the website, but only if you accept analytics cookies</li>
        </ul>
        <Heading level={h3}>Information we get from others</Heading>
        <ul>
          <li>
            credit reference agencies: information from your credit file and checks of your identity
            and address
          </li>
          <li>fraud prevention agencies: whether there is a record of fraud risk</li>
          <li>lenders: whether they made you an offer</li>
          <li>the dealer or partner that introduced you, for example the vehicle you looked at</li>
          <li>address-finding services: the addresses at a postcode you enter</li>
        </ul>
      </section>

      <section>
        <Heading level={h2} id={s.use.id} focusable>
          {s.use.title}
        </Heading>
        <p>We use your information to:</p>
        <ul>
          <li>handle your application and find lenders that may offer you finance</li>
          <li>carry out soft credit searches and pass your application to lenders</li>
          <li>check your identity and prevent fraud and money laundering</li>
          <li>contact you about your application</li>
          <li>
            support you if you tell us about additional needs or financial difficulty, so that we
            treat you fairly
          </li>
          <li>
            meet our legal and regulatory duties, such as keeping records and handling complaints
          </li>
          <li>keep the website secure and working, and fix problems</li>
          <li>understand how people use the website so we can improve it, if you agree</li>
          <li>send you marketing, if you agree</li>
          <li>work out which partner introduced you, so that they can be paid</li>
          <li>deal with complaints and legal claims</li>
        </ul>
        <p>
          Lenders use automated credit scoring to decide whether to offer you finance, and we use
          automated checks to find lenders that can consider your application. Your rights about
          automated decisions are explained under 'Your rights'.
        </p>
      </section>

      <section>
        <Heading level={h2} id={s.lawfulBases.id} focusable>
          {s.lawfulBases.title}
        </Heading>
        <p>
          UK data protection law (the UK General Data Protection Regulation and the Data Protection
          Act 2018) lets us use your personal information only when we have a lawful basis under
          Article 6 of the UK GDPR. We rely on the following.
        </p>
        <Heading level={h3}>Contract</Heading>
        <p>
          We need your information to take the steps you ask for before you enter into a finance
          agreement: handling your application and introducing you to lenders.
        </p>
        <Heading level={h3}>Legal obligation</Heading>
        <p>
          We must use some information to meet our duties under the law and the rules of the
          Financial Conduct Authority, for example to check identity, prevent money laundering, keep
          records and handle complaints.
        </p>
        <Heading level={h3}>Legitimate interests</Heading>
        <p>
          We use information where it is necessary for our legitimate interests, or those of lenders
          and partners, and your interests and rights do not override them. These interests are
          preventing fraud, keeping the website secure, running credit searches to find suitable
          lenders, knowing which partner introduced you, improving our service and defending legal
          claims. You can object to this use.
        </p>
        <Heading level={h3}>Consent</Heading>
        <p>
          We ask for your consent before we send you marketing by email, text message, phone or
          post, before our partners contact you with their offers, and before we use analytics or
          advertising cookies. You can withdraw your consent at any time. This does not affect
          anything we did with your consent before you withdrew it.
        </p>
        <Heading level={h3}>Health and other sensitive information</Heading>
        <p>
          If you tell us about your health or other additional needs, we use it only to support you.
          We rely on your explicit consent, or on the condition of safeguarding the economic
          well-being of people at economic risk (Data Protection Act 2018, Schedule 1, paragraph
          19). Information about suspected fraud is used under the condition of preventing fraud
          (Schedule 1, paragraph 14).
        </p>
      </section>

      <section>
        <Heading level={h2} id={s.disclosure.id} focusable>
          {s.disclosure.title}
        </Heading>
        <p>We never sell your personal information. We share it with:</p>
        <ul>
          <li>lenders on our panel, so that they can decide whether to offer you finance</li>
          <li>credit reference agencies and fraud prevention agencies</li>
          <li>
            companies that provide services to us, such as hosting, address finding, email and text
            messaging, who may use it only on our instructions and must keep it secure
          </li>
          <li>partners that you have agreed may contact you with their offers</li>
          <li>
            the dealer or partner that introduced you, who we tell that you applied and the result,
            so that they can be paid
          </li>
          <li>
            regulators and public bodies when the law requires it, such as the Financial Conduct
            Authority, the Financial Ombudsman Service, HM Revenue and Customs and the police
          </li>
          <li>
            a company that buys all or part of our business, which must protect your information as
            this policy does
          </li>
        </ul>
        <Heading level={h3}>Credit reference agencies</Heading>
        <p>
          We and lenders share information with credit reference agencies, such as Experian, Equifax
          and TransUnion, to check your identity and your credit history. A soft search made when
          you apply does not affect your credit score. If you go ahead with a lender's offer, the
          lender will make a hard search, which other lenders can see. The agencies explain how they
          use information in the Credit Reference Agency Information Notice at{' '}
          <ExternalLink href="https://www.experian.co.uk/legal/crain/" />.
        </p>
        <Heading level={h3}>Fraud prevention agencies</Heading>
        <p>
          We and lenders share information with fraud prevention agencies, such as Cifas, to prevent
          fraud and money laundering and to check your identity. If fraud is detected, you could be
          refused finance or other services. The agencies may keep a record of fraud risk for up to
          6 years, and law enforcement agencies may use it.
        </p>
      </section>

      <section>
        <Heading level={h2} id={s.security.id} focusable>
          {s.security.title}
        </Heading>
        <ul>
          <li>
            Everything you send through this website travels over an encrypted connection (HTTPS).
          </li>
          <li>
            Only staff who need your information can see it, and they are trained in data
            protection.
          </li>
          <li>Our suppliers must protect your information under their contracts with us.</li>
          <li>
            While you fill in the form, your answers are kept in your browser's session storage.
            They are deleted when you close the tab, send your application or your session times
            out. If you use a shared computer, close the tab when you finish.
          </li>
          <li>
            If a security breach is likely to put you at risk, we will tell you and the ICO, as the
            law requires.
          </li>
        </ul>
        <p>We will never ask you for a password or your bank card details by email.</p>
      </section>

      <section>
        <Heading level={h2} id={s.monitoring.id} focusable>
          {s.monitoring.title}
        </Heading>
        <p>
          We may record and monitor phone calls, emails and other messages with you. We do this to
          check the quality of our service, train our staff, keep the records our regulator requires
          and prevent fraud.
        </p>
        <p>
          Our systems record how the website is used, including IP addresses, the pages requested
          and any errors, to keep it secure and working.
        </p>
      </section>

      <section>
        <Heading level={h2} id={s.thirdParties.id} focusable>
          {s.thirdParties.title}
        </Heading>
        <p>
          If you apply with a joint applicant, you must have their agreement before you give us
          their information, and show them this policy.
        </p>
        <p>
          We will discuss your application only with you and any joint applicant. We will discuss it
          with someone else, such as a relative, a friend, a debt adviser or a solicitor, only if
          you authorise us to, or if they have a legal right to act for you, for example under a
          power of attorney. We will ask for evidence of that authority and check your identity.
        </p>
        <p>
          If someone helps you fill in the form, the application must still be yours: the
          information must be true, and you must agree to our terms yourself.
        </p>
      </section>

      <section>
        <Heading level={h2} id={s.analytics.id} focusable>
          {s.analytics.title}
        </Heading>
        <p>
          If you accept analytics cookies, we use Google Tag Manager and Google Analytics to
          understand how people use this website so that we can improve it. We do not load them
          until you accept.
        </p>
        <p>
          With the same consent, we use the advertising features of Google Analytics: showing our
          adverts to people who have visited this website (remarketing), reports on visitors' age,
          gender and interests, and measuring which adverts lead to applications. Google may combine
          this with information from your Google account, depending on your account settings.
        </p>
        <p>We do not send your name, contact details or application answers to Google.</p>
        <Heading level={h3}>Counting the steps of the application</Heading>
        <p>
          Without cookies and without asking first, we count how many applications reach each step
          of the form, each day, so that we can see where people stop and improve it. Your browser
          sends only the step, the kind of application and the partner that sent you; we keep only
          the daily totals, which cannot identify you, and your browser keeps a list of the steps
          already counted until you close the tab. The law allows this for statistics that improve a
          service, provided you can object: rejecting analytics cookies stops it, free of charge, at
          any time. Our{' '}
          <LegalLink to="/cookie-policy" onNavigate={onNavigate}>
            cookie policy
          </LegalLink>{' '}
          explains it in full.
        </p>
        <Heading level={h3}>How to opt out</Heading>
        <ul>
          <li>
            change your choice at any time on our{' '}
            <LegalLink to="/cookie-policy" onNavigate={onNavigate}>
              cookie policy
            </LegalLink>{' '}
            page; rejecting analytics cookies also stops the step counting
          </li>
          <li>
            turn off personalised adverts in Google's settings at{' '}
            <ExternalLink href="https://myadcenter.google.com/" />
          </li>
          <li>
            install the Google Analytics opt-out browser add-on from{' '}
            <ExternalLink href="https://tools.google.com/dlpage/gaoptout" />
          </li>
          <li>
            opt out of interest-based advertising from many companies at{' '}
            <ExternalLink href="https://www.youronlinechoices.com/uk/" />
          </li>
        </ul>
      </section>

      <section>
        <Heading level={h2} id={s.rights.id} focusable>
          {s.rights.title}
        </Heading>
        <p>
          You have the following rights under UK data protection law. To use any of them, contact us
          at <EmailLink company={company} />. It is usually free. We will reply within one month, or
          tell you within that month if we need up to two more months because your request is
          complex. We may need to check your identity first.
        </p>
        <ul>
          <li>
            <strong>Access</strong>: you can ask for a copy of the information we hold about you.
          </li>
          <li>
            <strong>Rectification</strong>: you can ask us to correct information that is wrong or
            incomplete.
          </li>
          <li>
            <strong>Erasure</strong>: you can ask us to delete your information, for example when we
            no longer need it. We may have to keep some of it to meet our legal duties.
          </li>
          <li>
            <strong>Restriction</strong>: you can ask us to limit how we use your information, for
            example while we check whether it is accurate.
          </li>
          <li>
            <strong>Portability</strong>: you can ask for the information you gave us in a
            machine-readable format, or ask us to send it to another organisation.
          </li>
          <li>
            <strong>Objection</strong>: you can object to our use of your information based on
            legitimate interests. You can always object to marketing, and we will stop.
          </li>
          <li>
            <strong>Automated decision-making</strong>: you have the right not to be subject to a
            decision made entirely automatically, including credit scoring, that has a legal or
            similarly significant effect on you, unless it is needed for a contract with you, the
            law allows it or you have given explicit consent. When such a decision is made, you can
            ask for a person to review it, give your point of view and challenge it.
          </li>
          <li>
            <strong>Withdrawing consent</strong>: where we rely on your consent, you can withdraw it
            at any time.
          </li>
        </ul>
      </section>

      <section>
        <Heading level={h2} id={s.retention.id} focusable>
          {s.retention.title}
        </Heading>
        <p>
          We keep your application and the information about it for up to {RETENTION_YEARS} years
          after your last contact with us, and then delete it. We keep it this long so that we can
          deal with complaints and legal claims (most claims must be made within 6 years) and meet
          the record-keeping rules of the Financial Conduct Authority.
        </p>
        <p>
          If you ask us not to send you marketing, we keep your contact details on a list of people
          not to contact, so that we respect your choice.
        </p>
      </section>

      <section>
        <Heading level={h2} id={s.transfers.id} focusable>
          {s.transfers.title}
        </Heading>
        <p>
          Some of our service providers, such as cloud hosting and analytics providers, may store or
          access your information outside the UK. When they do, we make sure it is protected by one
          of these safeguards:
        </p>
        <ul>
          <li>
            the country has UK adequacy regulations, which mean its protection is recognised as
            equivalent to the UK's
          </li>
          <li>
            a contract using the ICO's International Data Transfer Agreement or the UK Addendum to
            the EU standard contractual clauses
          </li>
          <li>
            for the United States, the provider is certified under the UK Extension to the EU-US
            Data Privacy Framework
          </li>
        </ul>
        <p>You can ask us for a copy of the safeguards we use.</p>
      </section>

      <section>
        <Heading level={h2} id={s.cookies.id} focusable>
          {s.cookies.title}
        </Heading>
        <p>
          Our{' '}
          <LegalLink to="/cookie-policy" onNavigate={onNavigate}>
            cookie policy
          </LegalLink>{' '}
          explains the cookies and browser storage we use and how to change your choice.
        </p>
      </section>

      <section>
        <Heading level={h2} id={s.complaints.id} focusable>
          {s.complaints.title}
        </Heading>
        <p>
          If you are unhappy with how we have used your information, please contact us first so that
          we can try to put it right.
        </p>
        <p>
          You also have the right to complain to the Information Commissioner's Office (ICO), the
          UK's data protection regulator:
        </p>
        <ul>
          <li>
            website:{' '}
            <ExternalLink href="https://ico.org.uk/make-a-complaint/">ico.org.uk</ExternalLink>
          </li>
          <li>phone: 0303 123 1113</li>
          <li>
            post: Information Commissioner's Office, Wycliffe House, Water Lane, Wilmslow, Cheshire
            SK9 5AF
          </li>
        </ul>
      </section>

      <section>
        <Heading level={h2} id={s.changes.id} focusable>
          {s.changes.title}
        </Heading>
        <p>
          We may update this policy. The date at the top shows when it last changed. If a change
          affects how we use information you have already given us, we will tell you.
        </p>
      </section>

      <section>
        <Heading level={h2} id={s.contact.id} focusable>
          {s.contact.title}
        </Heading>
        <p>For questions about this policy or your information, contact us:</p>
        <CompanyContact company={company} />
      </section>
    </div>
  );
}
