/** Where the documentation link of the portal leads; the portal's own API reference unless configured. */
export const DOCUMENTATION_URL: string = import.meta.env.VITE_DOCUMENTATION_URL || '/api/docs';
