import { formatGBP, type FieldUnit } from '@broker/domain';
import type { FieldRenderer } from '../field-renderer';
import { RangeSlider } from '../range-slider';

function formatFor(unit: FieldUnit | undefined): (value: number) => string {
  if (unit === 'pounds') return (value) => formatGBP(value);
  if (unit === 'years') return (value) => `${value} ${value === 1 ? 'year' : 'years'}`;
  return String;
}

const render: FieldRenderer = (field, { question, asHeading, hint }) => (
  <RangeSlider
    path={field.path}
    legend={question}
    hint={hint}
    asHeading={asHeading}
    min={field.min ?? 0}
    max={field.max ?? 0}
    step={field.step}
    format={formatFor(field.unit)}
    prefix={field.unit === 'pounds' ? '£' : undefined}
    suffix={field.unit === 'years' ? 'years' : undefined}
    typedLabel={field.unit === 'pounds' ? 'Or type the amount in pounds' : 'Or type the number'}
  />
);
export default render;
