import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startDashboardEarly } from './early-start';
import { registerServiceWorker } from './service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('#root not found');
const root = createRoot(container);
// The first render as a transition: React renders it in slices of a few milliseconds, each its own
// task, instead of one task for the whole page (the landing page's sections are a long task on a
// phone: Lighthouse's Total Blocking Time, issue 24). Nothing is on screen before it to hold back.
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
// After render() is asked for: its early work waits for the first paint.
startDashboardEarly(window.location.pathname, document.cookie);
registerServiceWorker();
