import {
  CompanyContact,
  ContentsList,
  EmailLink,
  ExternalLink,
  Heading,
  LAST_UPDATED,
  LegalLink,
  PhoneLink,
  type ContentsEntry,
  type LegalContentProps,
} from './shared';
import { useDisclosureShown } from '../evidence/recorder';

export const TERMS_TITLE = 'Terms & Conditions';

const SECTIONS = {
  whoWeAre: { id: 'terms-who-we-are', title: 'Who we are' },
  commission: { id: 'terms-how-we-are-paid', title: 'How we are paid' },
  acceptance: { id: 'terms-acceptance', title: 'Acceptance of these terms' },
  siteUse: { id: 'terms-using-this-website', title: 'Using this website' },
  links: { id: 'terms-links', title: 'Links to other websites' },
  personalInformation: {
    id: 'terms-personal-information',
    title: 'How we use your personal information',
  },
  liability: { id: 'terms-liability', title: 'Disclaimer and limitation of liability' },
  privacy: { id: 'terms-privacy-policy', title: 'Privacy policy' },
  complaints: { id: 'terms-complaints', title: 'Complaints' },
  general: { id: 'terms-general', title: 'General terms' },
  contact: { id: 'terms-contact', title: 'Contact us' },
} satisfies Record<string, ContentsEntry>;

/** docs/product.md §9: the cap on what the broker owes for loss arising from use of the site. */
const LIABILITY_CAP = '£100';

/**
 * The Terms & Conditions (docs/product.md §2): acceptance, site use, third-party links, use of personal
 * information, disclaimer and liability, privacy policy and general terms, with the broker's
 * regulatory status and commission disclosure (docs/design.md D11).
 */
export function TermsContent({
  company,
  headingLevel = 1,
  titleId,
  onNavigate,
}: LegalContentProps) {
  useDisclosureShown('terms');
  const h2 = headingLevel + 1;
  const h3 = headingLevel + 2;
  const s = SECTIONS;

  return (
    <div className="legal-content">
      <Heading level={headingLevel} id={titleId}>
        {TERMS_TITLE}
      </Heading>
      <p className="legal-content__updated">Last updated: {LAST_UPDATED}</p>
      <p>
        These terms apply when you use this website and when you apply for finance through it.
        Please read them before you send your application.
      </p>

      <ContentsList entries={Object.values(s)} level={h2} />

      <section>
        <Heading level={h2} id={s.whoWeAre.id} focusable>
          {s.whoWeAre.title}
        </Heading>
        <p>
          This website is run by {company.name}, a company registered in England and Wales (company
          number {company.number}). Our registered office is {company.address}.
        </p>
        <p>
          We are a credit broker, not a lender. {company.name} is authorised and regulated by the
          Financial Conduct Authority (FCA), firm reference number {company.fcaNumber}. You can
          check this on the Financial Services Register at{' '}
          <ExternalLink href="https://register.fca.org.uk/" />.
        </p>
        <p>
          We introduce you to lenders, and the lender decides whether to offer you finance. We work
          with a selected panel of lenders, not the whole market. We do not give financial advice:
          we explain the finance you could be offered so that you can decide whether it suits you.
        </p>
        <p>
          All finance is subject to status and income. Written quotations are available on request.
        </p>
        <p>
          <strong>
            If you apply for a loan secured on your home: your home may be repossessed if you do not
            keep up repayments on a mortgage or any other debt secured on it.
          </strong>
        </p>
      </section>

      <section>
        <Heading level={h2} id={s.commission.id} focusable>
          {s.commission.title}
        </Heading>
        <p>We do not charge you a fee for our service.</p>
        <p>
          If you take out finance that we introduced you to, we will usually receive a commission
          from the lender. The amount can differ between lenders and between products.
        </p>
        <p>
          You can ask us how much commission we will receive. We will tell you before you sign a
          finance agreement.
        </p>
      </section>

      <section>
        <Heading level={h2} id={s.acceptance.id} focusable>
          {s.acceptance.title}
        </Heading>
        <p>
          By using this website you accept these terms. If you do not accept them, please do not use
          the website.
        </p>
        <p>
          Before you send an application, we will ask you to confirm that you have read and agree to
          these terms. We cannot send your application without that confirmation.
        </p>
        <p>To apply, you must:</p>
        <ul>
          <li>be aged 21 or over and under 75</li>
          <li>live in the UK</li>
          <li>apply for yourself, or jointly with someone who has agreed to apply with you</li>
        </ul>
        <p>
          We may change these terms from time to time. The version on this page when you send your
          application is the one that applies to it.
        </p>
      </section>

      <section>
        <Heading level={h2} id={s.siteUse.id} focusable>
          {s.siteUse.title}
        </Heading>
        <p>You may use this website to find out about finance and to apply for it.</p>
        <p>When you apply, you must:</p>
        <ul>
          <li>give information that is true, accurate and complete</li>
          <li>give only your own details, or your joint applicant's with their agreement</li>
          <li>tell us if anything you told us changes before your finance starts</li>
        </ul>
        <p>You must not:</p>
        <ul>
          <li>use the website for anything unlawful or fraudulent</li>
          <li>
            try to get unauthorised access to the website, or to the systems and data behind it
          </li>
          <li>introduce viruses or other harmful material, or try to disrupt the website</li>
          <li>send applications or collect information from the website by automated means</li>
          <li>copy or reuse the website's content, except to keep a copy for your own records</li>
        </ul>
        <p>
          Giving false or misleading information to get credit is fraud. We will pass details of
          suspected fraud to fraud prevention agencies and the police.
        </p>
        <p>
          We try to keep the website available and accurate, but we cannot promise that it will
          always be available or free from errors. We may change, suspend or withdraw it at any
          time.
        </p>
        <p>
          The content of this website, including its text, design and logos, belongs to us or to the
          organisations that allow us to use it.
        </p>
      </section>

      <section>
        <Heading level={h2} id={s.links.id} focusable>
          {s.links.title}
        </Heading>
        <p>
          This website links to websites run by other organisations, for example MoneyHelper, the
          Financial Conduct Authority and lenders.
        </p>
        <p>
          We provide these links for your information only. We do not control those websites and we
          are not responsible for their content, for whether they are available, or for how they use
          your information. Read their own terms and privacy policies before you use them.
        </p>
        <p>A link to a website does not mean that we recommend it or its owner.</p>
      </section>

      <section>
        <Heading level={h2} id={s.personalInformation.id} focusable>
          {s.personalInformation.title}
        </Heading>
        <p>
          This section summarises how we use your information when you apply. Our{' '}
          <LegalLink to="/privacy-policy" onNavigate={onNavigate}>
            privacy policy
          </LegalLink>{' '}
          gives the full details.
        </p>

        <Heading level={h3}>Credit searches</Heading>
        <p>
          When you apply, we and the lenders we work with may carry out a soft search (also called a
          quotation search) with one or more credit reference agencies, such as Experian, Equifax
          and TransUnion. A soft search shows whether lenders are likely to accept you. Only you can
          see it on your credit file, so it does not affect your credit score.
        </p>
        <p>
          If you decide to go ahead with a lender's offer, that lender will carry out a hard search
          (a full credit search) before it agrees to lend. A hard search is recorded on your credit
          file and other lenders can see it. Several hard searches in a short time can make it
          harder to get credit. The lender will tell you before it carries out a hard search.
        </p>
        <p>
          If you apply with a joint applicant, the searches are made on both of you, and the credit
          reference agencies may link your credit files. The link stays until one of you asks the
          agencies to remove it. You must have your joint applicant's agreement before you give us
          their details.
        </p>
        <p>
          The credit reference agencies explain how they use information in the Credit Reference
          Agency Information Notice at{' '}
          <ExternalLink href="https://www.experian.co.uk/legal/crain/" />.
        </p>

        <Heading level={h3}>Automated credit scoring</Heading>
        <p>
          Lenders use automated credit scoring to decide whether to offer you finance and on what
          terms. A computer compares what you tell us, and what the credit reference agencies hold
          about you, with the lender's criteria.
        </p>
        <p>
          We also use automated checks, for example of your age and income, to find which lenders
          can consider your application. If none can, we will tell you that we are unable to help.
        </p>
        <p>
          If a decision about you is made entirely automatically, you can ask for a person to review
          it, explain your point of view and challenge the decision. Contact us, or the lender that
          made the decision.
        </p>

        <Heading level={h3}>Marketing contact</Heading>
        <p>
          We will only send you marketing by email, text message, phone or post if you agree to it.
          You choose separately whether we may contact you and whether our carefully chosen partners
          may contact you. Saying no does not affect your application.
        </p>
        <p>
          You can change your mind at any time: use the unsubscribe link in any marketing email,
          reply STOP to a marketing text message, or contact us by email at{' '}
          <EmailLink company={company} /> or by phone on <PhoneLink company={company} />.
        </p>
        <p>
          We will still contact you about your application, for example to tell you its result. This
          is not marketing.
        </p>

        <Heading level={h3}>Sharing with lenders and fraud prevention agencies</Heading>
        <p>
          We share your application with lenders on our panel so that they can decide whether to
          offer you finance. A lender that makes you an offer will explain how it uses your
          information in its own privacy notice.
        </p>
        <p>
          We and the lenders share your information with fraud prevention agencies, such as Cifas,
          to check your identity and to prevent fraud and money laundering. If fraud is detected,
          you could be refused finance or other services. Fraud prevention agencies can keep a
          record of fraud risk for up to 6 years, and law enforcement agencies may use it.
        </p>
      </section>

      <section>
        <Heading level={h2} id={s.liability.id} focusable>
          {s.liability.title}
        </Heading>
        <p>
          The information on this website, including its representative examples, is general
          information to help you compare finance. It is not a personal recommendation or an offer
          of credit. The rate and terms you are offered depend on your circumstances and on the
          lender's decision.
        </p>
        <p>
          We cannot promise that you will be offered finance or that a lender will accept your
          application. Any finance agreement you sign is between you and the lender, and the lender
          is responsible for its products.
        </p>
        <p>
          As long as we have taken reasonable care, we are not responsible for loss caused by the
          website being unavailable, or by viruses or other harmful material reaching your device
          through it.
        </p>
        <p>
          Our total liability to you for any loss arising from your use of this website is limited
          to {LIABILITY_CAP}.
        </p>
        <p>
          Nothing in these terms limits or excludes our liability for death or personal injury
          caused by our negligence, for fraud, or for anything else that the law does not allow us
          to limit or exclude. Nothing in these terms affects your legal rights as a consumer or our
          duties under the rules of the Financial Conduct Authority.
        </p>
      </section>

      <section>
        <Heading level={h2} id={s.privacy.id} focusable>
          {s.privacy.title}
        </Heading>
        <p>
          Our{' '}
          <LegalLink to="/privacy-policy" onNavigate={onNavigate}>
            privacy policy
          </LegalLink>{' '}
          explains what personal information we collect, how we use and share it, how long we keep
          it and your rights. It forms part of these terms.
        </p>
        <p>
          Our{' '}
          <LegalLink to="/cookie-policy" onNavigate={onNavigate}>
            cookie policy
          </LegalLink>{' '}
          explains the cookies we use and how to change your choice.
        </p>
      </section>

      <section>
        <Heading level={h2} id={s.complaints.id} focusable>
          {s.complaints.title}
        </Heading>
        <p>
          If you are unhappy with our service, tell us by email at <EmailLink company={company} />,
          by phone on <PhoneLink company={company} /> or by post to our registered office. We will
          try to put things right and will send you our final response within 8 weeks.
        </p>
        <p>
          If you are not happy with our final response, or we have not sent it within 8 weeks, you
          can ask the Financial Ombudsman Service to look at your complaint. It is free. You must
          contact the ombudsman within 6 months of our final response.
        </p>
        <ul>
          <li>
            website: <ExternalLink href="https://www.financial-ombudsman.org.uk/" />
          </li>
          <li>phone: 0800 023 4567</li>
        </ul>
      </section>

      <section>
        <Heading level={h2} id={s.general.id} focusable>
          {s.general.title}
        </Heading>
        <ul>
          <li>
            These terms are governed by the law of England and Wales, and the courts of England and
            Wales can deal with any dispute. If you live in Scotland or Northern Ireland, you can
            also bring proceedings in your local courts.
          </li>
          <li>
            If a court decides that part of these terms cannot be enforced, the rest still apply.
          </li>
          <li>If we do not enforce a term straight away, we can still enforce it later.</li>
          <li>Only you and we have rights under these terms. No one else can enforce them.</li>
          <li>
            We may transfer our rights and duties under these terms to another organisation. We will
            tell you if we do, and it will not reduce your rights.
          </li>
          <li>These terms are in English, and we will communicate with you in English.</li>
        </ul>
      </section>

      <section>
        <Heading level={h2} id={s.contact.id} focusable>
          {s.contact.title}
        </Heading>
        <CompanyContact company={company} />
      </section>
    </div>
  );
}
