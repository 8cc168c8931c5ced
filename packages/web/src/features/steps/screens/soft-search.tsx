import { stepHint } from '@broker/domain';
import { StepScreen } from '../step-screen';
import { Explainer } from '../../secured/explainer';
import { SoftSearchInfo } from '../../secured/soft-search-info';

/** /soft-search: consent to a soft search, with what one is in a dialog. */
export default function SoftSearchScreen() {
  return (
    <StepScreen
      intro={
        <>
          {stepHint('soft-search')}{' '}
          <Explainer trigger="What is a soft search?" title="What is a soft search?">
            <SoftSearchInfo />
          </Explainer>
        </>
      }
    />
  );
}
