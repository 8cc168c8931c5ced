import { currentBrand } from '../../../lib/brand';
import { StepScreen } from '../step-screen';

/**
 * /: the first question, which also chooses the product (decision 0001). Kept to the journey's
 * radios and a few words: this screen's script counts against the first-screen budget.
 */
export default function StartScreen() {
  const brand = currentBrand();
  return <StepScreen after={<p className="body">{brand.repApr}</p>} />;
}
