/**
 * The Debt Respite Scheme (Breathing Space) in plain words. Sources: the Debt Respite Scheme
 * (Breathing Space Moratorium and Mental Health Crisis Moratorium) (England and Wales)
 * Regulations 2020, and the Insolvency Service's guidance for the public.
 */
export function BreathingSpaceInfo() {
  return (
    <>
      <p>
        Breathing Space, the Debt Respite Scheme, is a government scheme in England and Wales. It
        gives people in problem debt legal protection from their creditors while they get help.
      </p>
      <h3>The two kinds of breathing space</h3>
      <ul>
        <li>
          A <strong>standard breathing space</strong> lasts up to 60 days. Anyone with problem debt
          can have one, but only once in 12 months.
        </li>
        <li>
          A <strong>mental health crisis breathing space</strong> is for someone getting mental
          health crisis treatment. It lasts as long as the treatment, plus 30 days.
        </li>
      </ul>
      <h3>What happens during a breathing space</h3>
      <ul>
        <li>Interest, fees and charges on the debts it covers are paused.</li>
        <li>
          Creditors must stop enforcement action, such as court action or bailiffs, and must not
          contact you to ask for payment.
        </li>
        <li>You still need to keep up your mortgage, rent, bills and other regular payments.</li>
      </ul>
      <h3>How you get one</h3>
      <p>
        You cannot apply yourself. A debt adviser applies for you after giving you debt advice. For
        a mental health crisis breathing space, an approved mental health professional must confirm
        that you are getting crisis treatment.
      </p>
      <h3>Why lenders need to know</h3>
      <p>
        While you are in a breathing space, the law says you must tell a lender about it before you
        borrow £500 or more. Lenders also need to know so that they follow the scheme&apos;s
        protections and only lend if the loan is right for you.
      </p>
      <p>
        If you are worried about debt, you can get free, confidential advice from{' '}
        <a href="https://www.moneyhelper.org.uk" rel="noopener noreferrer" target="_blank">
          MoneyHelper
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        .
      </p>
    </>
  );
}
