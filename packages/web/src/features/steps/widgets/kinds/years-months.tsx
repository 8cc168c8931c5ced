import type { FieldRenderer } from '../field-renderer';
import { YearsMonths } from '../years-months';

const render: FieldRenderer = (field, { question, asHeading, hint }) => (
  <YearsMonths
    yearsPath={field.path}
    monthsPath={field.monthsPath ?? field.path}
    legend={question}
    hint={hint}
    asHeading={asHeading}
  />
);
export default render;
