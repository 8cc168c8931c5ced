import { Fragment } from 'react';
import { phoneInGroups } from '@broker/domain';

/**
 * An e-mail address that wraps, when it must, only after its @ or before a dot: a `<wbr>` at
 * those points and nowhere else (the cell's CSS forbids breaks inside a word).
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=\.)|(?<=@)/);
  return (
    <span className="email">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** The applicant's e-mail (`mailto:`), phone (`tel:`) and postcode, one to a line. */
export function ContactLinks({
  email,
  phone,
  postcode,
}: {
  email: string | null;
  phone: string | null;
  postcode: string | null;
}) {
  return (
    <ul className="contact-lines">
      {email ? (
        <li>
          <a className="link" href={`mailto:${email}`}>
            <EmailText email={email} />
          </a>
        </li>
      ) : null}
      {phone ? (
        <li>
          <a className="link nowrap" href={`tel:${phone}`}>
            {phoneInGroups(phone)}
          </a>
        </li>
      ) : null}
      {postcode ? <li className="nowrap">{postcode}</li> : null}
    </ul>
  );
}
