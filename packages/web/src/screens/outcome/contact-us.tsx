import { useConfig } from '../../api/config';

/** How to reach the broker, from GET /api/config. */
export function ContactUs({ intro = 'If you have any questions, contact us' }: { intro?: string }) {
  const company = useConfig()?.company;
  if (!company || (!company.email && !company.phone)) return null;
  return (
    <p className="body">
      {intro}
      {company.phone && (
        <>
          {' '}
          on <a href={`tel:${company.phone.replace(/\s+/g, '')}`}>{company.phone}</a>
        </>
      )}
      {company.email && (
        <>
          {company.phone ? ' or' : ''} by email at{' '}
          <a href={`mailto:${company.email}`}>{company.email}</a>
        </>
      )}
      .
    </p>
  );
}
