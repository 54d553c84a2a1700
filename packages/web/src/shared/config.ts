/** Where the documentation link of the portal leads; the portal's own user guide unless configured. */
export const DOCUMENTATION_URL: string = import.meta.env.VITE_DOCUMENTATION_URL || '/help';

/** The portal's API reference (OpenAPI), shown beside the user guide. */
export const API_REFERENCE_URL = '/api/docs';
