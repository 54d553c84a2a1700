import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import * as z from 'zod/mini';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';

// The contract's schemas are built with zod's mini build, which brings no words of its own: with the English
// locale a refusal the contract does not word (a text too long, a wrong type) reads as the server's reply does.
z.config(z.locales.en());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
