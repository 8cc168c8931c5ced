import type { FieldOption } from '@broker/domain';
import type { ChoiceOption } from '../radio-group';

export function choices(
  options: readonly FieldOption[] | undefined,
): (ChoiceOption<string | boolean> & { label: string })[] {
  return (options ?? []).map((option) => ({
    value: option.value,
    label: option.label,
    ...(option.hint !== undefined && { hint: option.hint }),
  }));
}
