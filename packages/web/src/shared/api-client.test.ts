import { CSRF_HEADER, UNSAFE_TEXT_MESSAGE } from '@testbed/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, signInAs } from '../test/app';
import { ApiError, request, setApiNavigator } from './api-client';
import { STORAGE_KEYS } from './session';

const headersOf = (fetchMock: ReturnType<typeof mockFetch>, call = 0) => new Headers(fetchMock.mock.calls[call]?.[1]?.headers);

describe('api-client', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    navigate.mockReset();
    setApiNavigator(navigate);
  });
  afterEach(() => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('sends JSON and reads JSON', async () => {
    const fetchMock = mockFetch({ status: 200, body: { value0: true } });
    await expect(request('/api/things', { method: 'POST', body: { name: 'x' } })).resolves.toEqual({ value0: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"x"}');
    expect(headersOf(fetchMock).get('content-type')).toBe('application/json');
  });

  it('adds the Bearer token of the signed-in user', async () => {
    const reply = signInAs('USER');
    const fetchMock = mockFetch({ status: 200, body: [] });
    await request('/api/userReservations/7');
    expect(headersOf(fetchMock).get('authorization')).toBe(`Bearer ${reply.accessToken}`);
  });

  it('sends no Authorization header when nobody is signed in, or when the token is gone from storage', async () => {
    const fetchMock = mockFetch({ status: 200, body: {} }, { status: 200, body: {} });
    await request('/api/reservationTypes');
    signInAs('USER');
    localStorage.removeItem(STORAGE_KEYS.token);
    await request('/api/reservationTypes');
    expect(headersOf(fetchMock, 0).has('authorization')).toBe(false);
    expect(headersOf(fetchMock, 1).has('authorization')).toBe(false);
  });

  it('echoes the XSRF-TOKEN cookie on state-changing calls to relative URLs only', async () => {
    document.cookie = 'XSRF-TOKEN=abc%2B123; path=/';
    const fetchMock = mockFetch(
      { status: 200, body: {} },
      { status: 200, body: {} },
      { status: 200, body: {} },
      { status: 200, body: {} },
      { status: 200, body: {} },
    );
    await request('/api/reserveNodes', { method: 'POST', body: {} });
    await request('/api/deleteReservation/3', { method: 'DELETE' });
    await request('/api/getNodes');
    await request('https://elsewhere.example/api/hook', { method: 'POST', body: {} });
    await request('//elsewhere.example/api/hook', { method: 'POST', body: {} });
    expect(headersOf(fetchMock, 0).get(CSRF_HEADER)).toBe('abc+123');
    expect(headersOf(fetchMock, 1).get(CSRF_HEADER)).toBe('abc+123');
    expect(headersOf(fetchMock, 2).has(CSRF_HEADER)).toBe(false);
    expect(headersOf(fetchMock, 3).has(CSRF_HEADER)).toBe(false);
    expect(headersOf(fetchMock, 4).has(CSRF_HEADER)).toBe(false);
  });

  it("passes the server's message to the caller, else the status text", async () => {
    mockFetch({ status: 409, body: { message: 'Device 10.0.0.1 is booked' } });
    await expect(request('/api/reserveNodes', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 409, message: 'Device 10.0.0.1 is booked' });
    vi.stubGlobal('fetch', vi.fn(async () => new Response('oops', { status: 502, statusText: 'Bad Gateway' })));
    await expect(request('/api/getNodes')).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' });
  });

  it("drops the request's path of the field from the message and keeps the paths as the keys of the field errors", async () => {
    const text = UNSAFE_TEXT_MESSAGE;
    mockFetch({ status: 400, body: { message: `nodesBookingForm.reservationDescription: ${text}`, fieldErrors: { 'nodesBookingForm.reservationDescription': [text] } } });
    const error = (await request('/api/reserveNodes', { method: 'POST', body: {} }).catch((caught: unknown) => caught)) as ApiError;
    expect(error.message).toBe(text);
    expect(error.fieldErrors).toEqual({ 'nodesBookingForm.reservationDescription': [text] });
    mockFetch({ status: 400, body: { message: 'id: Invalid id', fieldErrors: { id: ['Invalid id'] } } });
    await expect(request('/api/user/x')).rejects.toMatchObject({ message: 'Invalid id' });
  });

  it('reads field errors and Retry-After', async () => {
    mockFetch({ status: 429, body: { message: 'Too many' }, headers: { 'retry-after': '42' } });
    const error = await request('/api/auth/signin', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryAfterSeconds).toBe(42);
  });

  it('on a 401 ends the session and goes to sign-in with disconnected=true', async () => {
    signInAs('USER');
    localStorage.setItem('other', 'kept?');
    mockFetch({ status: 401, body: { message: 'Your session has ended. Please sign in again.' } });
    await expect(request('/api/userReservations/7')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.length).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/signin?disconnected=true');
  });

  it('on a 403 ends the session and goes to the account-invalid page', async () => {
    signInAs('USER');
    mockFetch({ status: 403, body: { message: 'You are not allowed to do this.' } });
    await expect(request('/api/users')).rejects.toMatchObject({ status: 403 });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/accountInvalid');
  });

  it('leaves 401 and 403 to the sign-in call itself', async () => {
    mockFetch({ status: 401, body: { message: 'bad' } }, { status: 403, body: { message: 'invalid' } });
    await expect(request('/api/auth/signin', { method: 'POST', body: {}, skipSessionInterceptor: true })).rejects.toMatchObject({ status: 401 });
    await expect(request('/api/auth/signin', { method: 'POST', body: {}, skipSessionInterceptor: true })).rejects.toMatchObject({ status: 403 });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not end the session on other errors', async () => {
    signInAs('USER');
    mockFetch({ status: 404, body: { message: 'Reservation not found.' } });
    await expect(request('/api/reservation/9')).rejects.toMatchObject({ status: 404 });
    expect(localStorage.getItem(STORAGE_KEYS.token)).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('reports a network failure as status 0 with a readable message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(request('/api/getNodes')).rejects.toMatchObject({ status: 0 });
  });
});
