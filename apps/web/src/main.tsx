import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { afterFirstScreen } from './app/first-screen';
import { loadProtocolAfter } from './net/protocol';
import './app/styles/theme.css';

// The wire contract (zod) is not needed to paint: it downloads once the first screen is shown.
loadProtocolAfter(afterFirstScreen());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
