import { isSecuredApplication } from '@broker/domain';
import { currentBrand } from '../../../lib/brand';
import { useApplication } from '../../../state/application-store';
import { StepScreen } from '../step-screen';

/**
 * /: the first question, which also chooses the product (decision 0001). Kept to the journey's
 * radios and a few words: this screen's script counts against the first-screen budget. The
 * brand's representative example is the vehicle finance one: once a homeowner loan is chosen,
 * the frame shows that loan's own example instead, never both
 * (docs/decisions/0078-the-first-screen-and-the-pop-up.md).
 */
export default function StartScreen() {
  const brand = currentBrand();
  const secured = useApplication(isSecuredApplication);
  return <StepScreen after={secured ? null : <p className="body">{brand.repApr}</p>} />;
}
