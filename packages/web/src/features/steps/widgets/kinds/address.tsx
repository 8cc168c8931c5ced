import type { FieldRenderer } from '../field-renderer';
import { ManualAddressSwitch } from '../manual-address-switch';

const render: FieldRenderer = (field) => <ManualAddressSwitch path={field.path} />;
export default render;
