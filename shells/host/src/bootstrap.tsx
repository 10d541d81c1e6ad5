import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startDashboardEarly } from './early-start';
import { registerServiceWorker } from './service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('#root not found');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// After render() is asked for: its early work waits for the first paint.
startDashboardEarly(window.location.pathname, document.cookie);
registerServiceWorker();
