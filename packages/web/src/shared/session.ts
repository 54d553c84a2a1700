// The browser session, kept in local storage under the keys scripts know (token, username, authorities,
// redirectURL) plus the whole sign-in reply as the current user, with the abilities the server's policies
// gave them. Components read it through useSession(), which re-renders them when this tab or another one signs
// in or out. A session stored by an earlier version, without abilities, does not parse: it reads as nobody
// signed in, so that its user signs in again and gets them.
import { useSyncExternalStore } from 'react';
import { signinReplySchema, type SignedInAction, type SigninReply } from '@testbed/contract';

export const STORAGE_KEYS = {
  token: 'token',
  username: 'username',
  authorities: 'authorities',
  redirectURL: 'redirectURL',
  currentUser: 'currentUser',
} as const;

export type SessionUser = SigninReply;

export type SessionStatus =
  /** No current user stored. */
  | 'anonymous'
  /** A current user and a token that has not expired. */
  | 'signedIn'
  /** A current user but no token in storage: this user goes to sign-out. */
  | 'tokenMissing'
  /** A current user whose token is past its expiry: the server would refuse it. */
  | 'expired';

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  token: string | null;
}

const listeners = new Set<() => void>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const parsed = signinReplySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

let cache: { rawUser: string | null; token: string | null; session: Session } | null = null;

/** The session as stored now. The same object is returned while storage is unchanged. */
export function getSession(now: number = Date.now()): Session {
  const rawUser = read(STORAGE_KEYS.currentUser);
  const token = read(STORAGE_KEYS.token);
  if (cache && cache.rawUser === rawUser && cache.token === token && !isExpired(cache.session, now)) {
    return cache.session;
  }
  const user = parseUser(rawUser);
  let status: SessionStatus = 'anonymous';
  if (user) {
    if (!token) status = 'tokenMissing';
    else if (user.expiresAt * 1000 <= now) status = 'expired';
    else status = 'signedIn';
  }
  const session: Session = { status, user, token };
  cache = { rawUser, token, session };
  return session;
}

function isExpired(session: Session, now: number) {
  return session.status === 'signedIn' && session.user !== null && session.user.expiresAt * 1000 <= now;
}

/** The token to send as Bearer credentials, when a user is signed in and a token is stored. */
export function getAccessToken(): string | null {
  const session = getSession();
  return session.user && session.token ? session.token : null;
}

/** Stores a sign-in reply as the current user. */
export function saveSession(reply: SigninReply): void {
  localStorage.setItem(STORAGE_KEYS.token, reply.accessToken);
  localStorage.setItem(STORAGE_KEYS.username, reply.username);
  localStorage.setItem(STORAGE_KEYS.authorities, JSON.stringify(reply.authorities));
  localStorage.setItem(STORAGE_KEYS.redirectURL, reply.redirectURL);
  localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify(reply));
  notify();
}

/** Changes what is kept of the signed-in user (e.g. the time zone saved on their own profile). */
export function updateSessionUser(changes: Partial<Pick<SessionUser, 'timeZone' | 'hasSshKey'>>): void {
  const user = getSession().user;
  if (!user) return;
  localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify({ ...user, ...changes }));
  notify();
}

/** Signing out clears all of local storage, not only the session keys (docs/web-app.md). */
export function clearSession(): void {
  try {
    localStorage.clear();
  } finally {
    notify();
  }
}

/** Where a signed-in user belongs (their reservation list); null when nobody is stored. */
export function storedRedirectURL(): string | null {
  return read(STORAGE_KEYS.redirectURL);
}

/**
 * Whether the signed-in user may perform `action` on what is not theirs, as the server's policies answered
 * at sign-in: what pages, menus and buttons are shown by. Nobody signed in may do nothing.
 */
export function may(user: SessionUser | null, action: SignedInAction): boolean {
  return user?.abilities[action] === true;
}

/**
 * Whether the signed-in user may open a page about the account `userId` (read from the address): their own
 * account, or one they may perform `action` on. An id that is not a positive integer names no account.
 */
export function mayOpenAccount(user: SessionUser | null, userId: number, action: SignedInAction): boolean {
  return Number.isInteger(userId) && userId > 0 && user !== null && (user.userId === userId || may(user, action));
}

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab signing in or out changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values<string>(STORAGE_KEYS).includes(event.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, () => getSession(), () => getSession());
}
