import type { Page } from '@playwright/test';
import {
  iChooseWithArrows,
  iPressEnterOn,
  iSelectWithArrows,
  iTickWithSpace,
  iTypeInto,
} from './keyboard';
import type { Hands } from './secured';

/** The secured journey's answers given with the keyboard alone (e2e/support/keyboard.ts). */
export function keyboard(page: Page): Hands {
  const main = page.getByRole('main');
  return {
    fillIn: (label, value) => iTypeInto(page, main.getByLabel(label, { exact: true }), value),
    async choose(label, { within } = {}) {
      const root =
        within === undefined ? main : main.getByRole('group', { name: within, exact: true });
      const checkbox = root.getByRole('checkbox', { name: label, exact: true });
      if ((await checkbox.count()) > 0) return iTickWithSpace(page, checkbox);
      const radio = root.getByRole('radio', { name: label, exact: true });
      const group = radio.locator('xpath=ancestor::fieldset[1]');
      return iChooseWithArrows(page, group, label);
    },
    selectFrom: (label, option) =>
      iSelectWithArrows(page, main.getByLabel(label, { exact: true }), option),
    press: (button) => iPressEnterOn(page, main.getByRole('button', { name: button, exact: true })),
  };
}
