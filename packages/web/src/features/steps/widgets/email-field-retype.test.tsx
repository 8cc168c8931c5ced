import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderForm } from '../../../test/render';
import { getApplication } from '../../../state/application-store';
import { EmailField, EMAIL_SAVE_DEBOUNCE_MS } from './email-field';

describe('EmailField corrected soon after it is left', () => {
  it('keeps the correction when the save from the earlier blur comes due', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user } = renderForm(
        <>
          <EmailField path="form.email" label="Email address" />
          <button type="button">Elsewhere</button>
        </>,
      );
      const box = screen.getByRole('textbox', { name: 'Email address' });
      await user.type(box, 'ada@example');
      await user.tab();
      await user.click(box);
      await user.type(box, '.com');
      act(() => {
        vi.advanceTimersByTime(EMAIL_SAVE_DEBOUNCE_MS);
      });
      expect(box).toHaveValue('ada@example.com');
      expect(getApplication().form.email).toBe('ada@example.com');
    } finally {
      vi.useRealTimers();
    }
  });
});
