import type { Session } from '../api';
import { PageHeading } from '../components';

export function Home({ session }: { session: Session }) {
  return (
    <>
      <PageHeading>Applications</PageHeading>
      <p className="body">Signed in as {session.staff.email}.</p>
    </>
  );
}
