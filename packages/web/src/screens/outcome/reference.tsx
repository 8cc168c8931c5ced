import { parseReference } from '@broker/domain';
import { useSearchParams } from '../../lib/router';

/**
 * The short reference of docs/decisions/0030-application-reference.md from the page's `ref`
 * parameter; anything that is not a well-formed reference is not shown, so a crafted link cannot
 * put its own text on the page.
 */
export function useApplicationReference(): string | null {
  return parseReference(useSearchParams().get('ref') ?? '');
}

export function ApplicationReference({ reference }: { reference: string }) {
  return (
    <p className="panel__body">
      Your reference number
      <br />
      <strong className="panel__reference">{reference}</strong>
    </p>
  );
}
