// A time typed by hand in a form (yyyy-MM-dd, optionally followed by HH:mm) in the reader's zone: its
// rule checks how it is written; the page turns it into an instant through the zone (the web app's time.ts).
import * as z from 'zod/mini';
import { deviceMessages } from './device-messages.js';

const WALL_CLOCK = /^\s*\d{4}-\d{1,2}-\d{1,2}(?:[ T]\d{1,2}:\d{2})?\s*$/;

/** The text of a time, or nothing when `optional`. */
export const wallClockTextSchema = (optional: boolean) =>
  z.string().check(z.refine((text) => WALL_CLOCK.test(text) || (optional && text.trim() === ''), deviceMessages.INVALID_DATE));
