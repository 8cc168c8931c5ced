import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicationState } from '@broker/domain';
import { FieldForm, type Validate } from '../features/steps/widgets/form-context';
import { Router } from '../lib/router';

const noErrors: Validate = () => [];

/** Renders widgets inside a form whose validator the test chooses, as a screen would. */
export function renderForm(
  ui: ReactNode,
  validate: Validate = noErrors,
): RenderResult & { user: ReturnType<typeof userEvent.setup> } {
  const user = userEvent.setup();
  const result = render(
    <Router>
      <Suspense fallback={null}>
        <FieldForm validate={validate}>{ui}</FieldForm>
      </Suspense>
    </Router>,
  );
  return { ...result, user };
}

export type { ApplicationState };
