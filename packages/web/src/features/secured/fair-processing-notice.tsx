import type { ReactNode } from 'react';
import './secured.css';
import { useDisclosureShown } from '../../evidence/recorder';

const CRAIN = [
  { name: 'Experian', href: 'https://www.experian.co.uk/crain/' },
  { name: 'Equifax', href: 'https://www.equifax.co.uk/crain/' },
  { name: 'TransUnion', href: 'https://www.transunion.co.uk/crain' },
] as const;

export interface FairProcessingNoticeProps {
  /** The firm's name, from the deployment's configuration. */
  firm: string;
  /** A link or button to the privacy policy, in the sentence that offers it. */
  privacyPolicy: ReactNode;
}

/**
 * The fair processing notice shown before a secured application is sent: who uses the
 * applicant's data and why, the credit reference and fraud prevention agencies, and the
 * joint applicant's financial association (UK GDPR Articles 13 and 14).
 */
export function FairProcessingNotice({ firm, privacyPolicy }: FairProcessingNoticeProps) {
  useDisclosureShown('fair-processing');
  return (
    <div className="notice">
      <p className="body-lead">
        Please read this before you send your application. If someone is applying with you, make
        sure they have read it too.
      </p>
      <h2>What we do with your information</h2>
      <p>
        {firm} is a credit broker, not a lender. We use the information you give us to find lenders
        who may be able to offer you a loan, and we pass your application to them. We also use it to
        contact you about your application and to meet our legal duties.
      </p>
      <h2>How lenders use your information</h2>
      <p>
        Each lender uses your information to decide whether to lend to you, to manage any loan and
        to meet its own legal duties. A lender will give you its own privacy notice.
      </p>
      <h2>Credit reference agencies</h2>
      <p>
        We and the lenders will search your credit file with the credit reference agencies Experian,
        Equifax and TransUnion. They keep a record of the search. If you apply with someone else,
        your records will be linked with theirs, and each of you may be affected by the other&apos;s
        credit history until one of you asks the agencies to remove the link.
      </p>
      <p>
        How the agencies use your information is explained in their Credit Reference Agency
        Information Notice, at{' '}
        {CRAIN.map((agency, index) => (
          <span key={agency.name}>
            {index > 0 && (index === CRAIN.length - 1 ? ' and ' : ', ')}
            <a href={agency.href} rel="noopener noreferrer" target="_blank">
              {agency.name}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </span>
        ))}
        .
      </p>
      <h2>Fraud prevention agencies</h2>
      <p>
        We and the lenders will check your details with fraud prevention agencies to prevent fraud
        and money laundering and to confirm who you are. If fraud is found, you could be refused
        finance or other services.
      </p>
      <h2>Your rights</h2>
      <p>
        You can ask to see the information we hold about you, to correct it and, in some cases, to
        have it deleted. Our {privacyPolicy} explains how we use your information, how long we keep
        it and how to complain.
      </p>
      <h2>Your circumstances</h2>
      <p>
        Some circumstances, such as a health condition, a bereavement or losing your job, can make
        it harder to deal with money matters. Tell us if this applies to you, so that we and the
        lender can support you in the right way.
      </p>
    </div>
  );
}
