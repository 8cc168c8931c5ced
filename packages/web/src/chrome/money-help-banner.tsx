import { memo } from 'react';

/** docs/design.md D10: the FCA's wording, exactly. Memoised: the layout re-renders on every navigation. */
export const MoneyHelpBanner = memo(function MoneyHelpBanner() {
  return (
    <div className="money-help">
      <p className="width-container money-help__text">
        <strong>Warning:</strong> Late repayment can cause you serious money problems. For help, go
        to{' '}
        <a href="https://www.moneyhelper.org.uk" rel="noopener noreferrer" target="_blank">
          moneyhelper.org.uk
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </div>
  );
});
