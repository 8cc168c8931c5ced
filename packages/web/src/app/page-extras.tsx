import NeedHelp from '../features/help/need-help';
import { ModalApply } from '../features/modal-apply';

/**
 * What every page adds just after its first render, in one chunk off the first screen's script
 * (docs/design.md §5): "Need help?" (decision 0089) and, on the modal-apply host only, the
 * representative-example pop-up (decision 0078), which fetches its own content there.
 */
export default function PageExtras() {
  return (
    <>
      <NeedHelp />
      <ModalApply />
    </>
  );
}
