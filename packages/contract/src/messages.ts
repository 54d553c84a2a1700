// The English message catalogue: the server answers with the same sentences the client
// shows, so both speak alike. It is kept in two parts so that a page downloads only the texts it may show.
import { commonMessages } from './common-messages.js';
import { deviceMessages } from './device-messages.js';

export { commonMessages, deviceMessages };

export const messages = { ...commonMessages, ...deviceMessages } as const;

export type MessageKey = keyof typeof messages;
