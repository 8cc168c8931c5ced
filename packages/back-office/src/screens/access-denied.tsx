import type { StaffRole } from '../api';
import { Link, PageHeading } from '../components';

const ROLE_NAMES: Record<StaffRole, string> = {
  agent: 'an agent',
  admin: 'an admin',
  auditor: 'an auditor',
};

/**
 * A page the member's role may not open, reached by its address: said plainly, with the way
 * back; the server refuses the page's data as well (docs/decisions/0080-access-denied-page.md).
 */
export function AccessDenied({ page, role }: { page: string; role: StaffRole }) {
  return (
    <>
      <PageHeading>You do not have access to this page</PageHeading>
      <p className="body">
        The {page} page is not open to you: you are signed in as {ROLE_NAMES[role]}. If you need it
        for your work, ask an admin.
      </p>
      <p className="body">
        <Link to="/" className="link">
          Back to applications
        </Link>
      </p>
    </>
  );
}
