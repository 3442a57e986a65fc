import { expect, vi } from 'vitest';
import { client } from '../api/http-client';
import { operations } from '../api/operations.gen';

type TOperations = typeof operations;

/**
 * Replaces one API operation for a test: it answers `answer(body)`, and the returned mock is
 * called with each request's body, which is what a test asserts on.
 */
export function bodiesSentTo<K extends keyof TOperations>(name: K, answer: (body: never) => unknown = () => ({})) {
  const bodies = vi.fn();
  vi.spyOn(operations, name).mockImplementation((async (init?: { body?: unknown }) => {
    bodies(init?.body);
    return answer(init?.body as never);
  }) as never);
  return bodies;
}

/** As bodiesSentTo, for a route with an `{id}` in its path: the mock is called with each request's id. */
export function idsSentTo<K extends keyof TOperations>(name: K, answer: (id: string) => unknown = () => ({})) {
  const ids = vi.fn();
  vi.spyOn(operations, name).mockImplementation((async (init: { params: { path: { id: string } } }) => {
    ids(init.params.path.id);
    return answer(init.params.path.id);
  }) as never);
  return ids;
}

/** The init of a request that sent `body` (to the route with `id` in its path, when given): for toHaveBeenCalledWith. */
export function sent(body: unknown, id?: string) {
  return expect.objectContaining(id === undefined ? { body } : { body, params: { path: { id } } });
}

/**
 * The API at the http client, under whichever call layer sends it: answers every `method` request
 * with `data`, or refuses it (with `message` in the API's error body, else none).
 */
export function serveAtClient(method: 'POST' | 'PUT', answer: { status: number; data?: unknown; message?: string }) {
  return vi.spyOn(client, method).mockImplementation((async () => {
    const response = new Response(null, { status: answer.status });
    return answer.status < 300
      ? { data: { data: answer.data }, response }
      : { error: answer.message ? { errors: [{ message: answer.message, status: answer.status }] } : undefined, response };
  }) as never);
}
