// Credentials: the SSH public keys of a user (one public key line without options, which would change what
// the key may do on a device). The client checks the shape of the line with the rule below;
// the server parses the key for real (type, size, base64 content) and fingerprints it.
import * as z from 'zod/mini';
import { idParamsSchema, userIdParamsSchema } from './input.js';
import { messages } from './messages.js';
import { required } from './rules.js';
import { userSummarySchema } from './user-summary.js';

/** The OpenSSH names of the accepted key types ('ssh-ecdsa' on the key page is the ecdsa-sha2-* family). */
export const SSH_KEY_TYPES = [
  'ssh-ed25519',
  'ssh-rsa',
  'ssh-dss',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
] as const;
export type SshKeyType = (typeof SSH_KEY_TYPES)[number];

/** Smallest RSA modulus accepted, in bits. */
export const SSH_RSA_MIN_BITS = 2048;
/** Longest key line accepted (a 16384-bit RSA key with a comment fits). */
export const SSH_KEY_MAX_LENGTH = 4096;
/** Longest comment accepted after the key. */
export const SSH_KEY_COMMENT_MAX_LENGTH = 200;

/**
 * The comment: printable words such as `user@host` or `laptop key`, separated by single spaces. No control
 * characters, quotes or shell metacharacters, since the line ends up in authorized_keys files.
 */
export const SSH_KEY_COMMENT_PATTERN = /^[\p{L}\p{N}_@.+:=,/()-]+( [\p{L}\p{N}_@.+:=,/()-]+)*$/u;

/**
 * One line: a supported type, base64 data and an optional comment. Nothing before the type (no
 * authorized_keys options such as `command="..."` or `no-pty`), nothing on a second line.
 */
export const SSH_KEY_LINE_PATTERN = new RegExp(
  `^(${SSH_KEY_TYPES.join('|')})[ \\t]+([A-Za-z0-9+/]+={0,2})(?:[ \\t]+(.+))?$`,
);

/** Splits a trimmed line into its parts, or null when it does not have the shape of a public key line. */
export function splitSshKeyLine(line: string): { type: SshKeyType; base64: string; comment: string | null } | null {
  if (line.length > SSH_KEY_MAX_LENGTH || /[\r\n]/.test(line)) return null;
  const match = SSH_KEY_LINE_PATTERN.exec(line);
  if (!match) return null;
  const comment = match[3]?.trim().replace(/[ \t]+/g, ' ') ?? null;
  if (comment !== null && (comment.length > SSH_KEY_COMMENT_MAX_LENGTH || !SSH_KEY_COMMENT_PATTERN.test(comment))) {
    return null;
  }
  return { type: match[1] as SshKeyType, base64: match[2]!, comment };
}

/** The credential form's field: required, trimmed, one public key line (the server parses it for real). */
export const sshKeyFieldSchema = z.string().check(
  z.trim(),
  z.minLength(1, required('SSH key')),
  z.refine((line) => splitSshKeyLine(line) !== null, messages.INVALID_SSH_KEY),
);

export const addCredentialFormSchema = z.object({ sshKey: sshKeyFieldSchema });
export type AddCredentialForm = z.infer<typeof addCredentialFormSchema>;

/**
 * The administrators' new-key form: the key's owner, picked by name (the request's path), and the key line
 * (the request's body).
 */
export const newCredentialFormSchema = z.object({
  owner: z.nullable(userSummarySchema).check(z.refine((owner) => owner !== null, required('User'))),
  sshKey: sshKeyFieldSchema,
});
export type NewCredentialForm = z.infer<typeof newCredentialFormSchema>;

/**
 * What POST /credential/addToUser/{userId} accepts on the wire. The line is checked by the server's parser,
 * which answers 'Invalid SSH key.' for anything that is not one valid public key.
 */
export const addCredentialBodySchema = z.object({ sshKey: z.string({ error: required('SSH key') }) });
export type AddCredentialBody = z.infer<typeof addCredentialBodySchema>;

/** Ids are PostgreSQL integers: anything else is a 400, never a database error. */
export const credentialIdParamsSchema = idParamsSchema;
export const credentialUserParamsSchema = userIdParamsSchema;

// A reply's own fields: alike in shape only to other replies' field lists.
export const credentialSchema = z.object({
  credentialId: z.int(),
  /** The normalised public key line: `<type> <base64> [comment]`. */
  sshKey: z.string(),
  /** OpenSSH SHA-256 fingerprint, as `ssh-keygen -l` prints it: `SHA256:...`. */
  fingerprint: z.string(),
  keyType: z.string(),
  /** ISO 8601 instant. */
  createdAt: z.string(),
  user: userSummarySchema,
});
export type Credential = z.infer<typeof credentialSchema>;
export const credentialListSchema = z.array(credentialSchema);

export const addCredentialReplySchema = z.object({
  credential: credentialSchema,
  /** True when this is the user's first key: the client then signs the user out to sign in again. */
  firstKey: z.boolean(),
});
export type AddCredentialReply = z.infer<typeof addCredentialReplySchema>;

export const deleteCredentialReplySchema = z.object({
  credentialId: z.int(),
  userId: z.int(),
  /** True when the user has no key left: a user who deleted their own last key is signed out. */
  lastKey: z.boolean(),
});
export type DeleteCredentialReply = z.infer<typeof deleteCredentialReplySchema>;

/** Replies of the credentials calls and the words of the credentials screens. */
// Each area keeps its own catalogue of words (alike in shape only), so a page loads only its area's.
export const credentialMessages = {
  DUPLICATE: 'This SSH key is already registered for this account.',
  ACCOUNT_DELETED: 'This account has been deleted: no SSH key can be added to it.',
  NOT_FOUND: 'Credential not found.',
  USER_NOT_FOUND: 'User not found.',
  LAST_KEY_WHILE_BOOKED:
    'This is your last SSH key and you hold a reservation that has not ended: you need a key to log in to its devices. Add another key first, or delete this one once your reservations have ended.',
  // screens
  SSH_KEY: 'SSH key',
  SSH_KEYS: 'SSH keys',
  FINGERPRINT: 'Fingerprint',
  KEY_TYPE: 'Key type',
  FIRST_NAME: 'First name',
  LAST_NAME: 'Last name',
  USERNAME: 'Username',
  OWNER: 'Owner',
  ADDED_ON: 'Added on',
  ACTIONS: 'Actions',
  DETAILS: 'Details',
  DELETE: 'Delete',
  CANCEL: 'Cancel',
  CLOSE: 'Close',
  OK: 'OK',
  NO_CREDENTIAL: 'There is no SSH key.',
  CREDENTIAL_DETAILS: 'SSH key details',
  BACK_TO_CREDENTIALS: 'Back to the credentials list',
  ADD_SSH_KEY: 'Add an SSH key',
  ADD_SSH_KEY_OWN: 'Add an SSH key to your account',
  ADD_SSH_KEY_FOR: 'For the account of',
  USER: 'User',
  USER_REQUIRED: required('User'),
  CHOOSE_USER: 'Search a user by name',
  SSH_KEY_HELP:
    'One public key line: its type (ssh-ed25519, ssh-rsa, ecdsa-sha2-nistp256 ...), its data and an optional comment such as user@host. It is the content of a .pub file, for example ~/.ssh/id_ed25519.pub.',
  READ_FROM_FILE: 'Read from a .pub file',
  FILE_UNREADABLE: 'This file cannot be read as an SSH public key.',
  SUBMIT_ADD: 'Add the SSH key',
  KEY_ADDED: 'SSH key added.',
  KEY_DELETED: 'SSH key deleted.',
  FIRST_KEY_TITLE: 'Your first SSH key',
  FIRST_KEY_TEXT:
    'Once your first SSH key is added, you will be signed out. Sign in again to book and flash devices with your key.',
  DELETE_TITLE: 'SSH key deletion',
  DELETE_TEXT: 'Do you really want to delete this SSH key?',
  DELETE_LAST_OWN_TEXT: 'This is your last SSH key: you will be signed out and will have to sign in again.',
  LOAD_FAILED: 'The SSH keys could not be loaded.',
} as const;

/**
 * A long key shortened for a table cell: its type, the end of its data (the start is the same for every key
 * of a type) and its comment.
 */
export function shortenSshKey(line: string, keep = 12): string {
  const parts = splitSshKeyLine(line);
  if (!parts) return line.length > keep + 1 ? `${line.slice(0, keep)}…` : line;
  const data = parts.base64.length > keep + 1 ? `…${parts.base64.slice(-keep)}` : parts.base64;
  return [parts.type, data, parts.comment].filter(Boolean).join(' ');
}
