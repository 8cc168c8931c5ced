import { useDisclosureShown } from '../../evidence/recorder';

/** What a soft (quotation) search is, in plain words. */
export function SoftSearchInfo() {
  useDisclosureShown('soft-search');
  return (
    <>
      <p>
        A soft search is a quick look at your credit file. It lets us and the lenders we work with
        see whether you are likely to be accepted for a loan before you apply.
      </p>
      <ul>
        <li>It does not affect your credit score.</li>
        <li>It is visible only to you on your credit file. Other lenders cannot see it.</li>
      </ul>
      <h3>If you go ahead</h3>
      <p>
        If you decide to take out a loan, the lender may then do a hard search, and only with your
        permission. A hard search is recorded on your credit file and other lenders can see it.
      </p>
      <h3>Who we search with</h3>
      <p>
        The search is made with the credit reference agencies Experian, Equifax and TransUnion.
        Their Credit Reference Agency Information Notice explains how they use your information.
      </p>
    </>
  );
}
