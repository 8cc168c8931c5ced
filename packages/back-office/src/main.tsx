import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadStepCopy } from '@broker/domain';
import { App } from './app';
import './styles.css';

// The answers name most options by words that come with the journey's copy
// (docs/decisions/0046-option-labels-out-of-the-first-screen.md).
void loadStepCopy().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
