import { formatGBP } from '@broker/domain';
import type { FieldRenderer } from '../field-renderer';
import { RangeSlider } from '../range-slider';
import { isMoney, isYears } from './shared';

function formatFor(path: string): (value: number) => string {
  if (isMoney(path)) return (value) => formatGBP(value);
  if (isYears(path)) return (value) => `${value} ${value === 1 ? 'year' : 'years'}`;
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
    format={formatFor(field.path)}
    prefix={isMoney(field.path) ? '£' : undefined}
    suffix={isYears(field.path) ? 'years' : undefined}
    typedLabel={isMoney(field.path) ? 'Or type the amount in pounds' : 'Or type the number'}
  />
);
export default render;
