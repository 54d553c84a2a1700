/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Address of the user documentation shown in the navigation and on the sign-in page. */
  readonly VITE_DOCUMENTATION_URL?: string;
}
