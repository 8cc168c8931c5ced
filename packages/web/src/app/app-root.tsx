import { StrictMode, useEffect } from 'react';
import { Router } from '../lib/router';
import { AppLayout } from './app-layout';

/** Calls `onMounted` once React has committed the first render (or adopted the server's markup). */
function Mounted({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return null;
}

/** The whole app, as the browser renders it and as the build pre-renders the first screen. */
export function AppRoot({ onMounted }: { onMounted?: () => void }) {
  return (
    <StrictMode>
      <Router>
        <AppLayout />
      </Router>
      {onMounted && <Mounted onMounted={onMounted} />}
    </StrictMode>
  );
}
