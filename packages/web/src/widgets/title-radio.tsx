import type { ReactNode } from 'react';
import { TITLES, type Title, type StatePath } from '@broker/domain';
import { RadioGroup } from './radio-group';

export interface TitleRadioProps {
  path: StatePath;
  legend?: ReactNode;
  hint?: ReactNode;
}

const OPTIONS = TITLES.map((title) => ({ value: title, label: title }));

export function TitleRadio({ path, legend = 'Title', hint }: TitleRadioProps) {
  return <RadioGroup<Title> path={path} legend={legend} hint={hint} options={OPTIONS} inline />;
}
