import { describe, expect, it } from 'vitest';
import { renderOperations, type TOpenApiDocument } from './write-operations';

const json = { 200: { content: { 'application/json': {} } } };

const doc: TOpenApiDocument = {
  paths: {
    '/api/v1/me': { get: { operationId: 'getMe', summary: 'The caller', responses: json } },
    '/api/v1/groups/{id}': {
      get: { operationId: 'getGroup', parameters: [{ in: 'path', required: true }], responses: json },
      put: { operationId: 'updateGroup', parameters: [{ in: 'path', required: true }], requestBody: { required: true }, responses: json },
    },
    '/api/v1/feedback': { get: { operationId: 'listFeedback', parameters: [{ in: 'query', required: true }], responses: json } },
    '/api/v1/history': { get: { operationId: 'getHistory', parameters: [{ in: 'query' }], responses: json } },
    '/api/v1/report.csv': { get: { operationId: 'downloadReport', responses: { 200: { content: { 'text/csv': {} } } } } },
    '/api/v1/uploads': { post: { operationId: 'createUpload', responses: { 200: {} } } },
    '/api/v1/unnamed': { get: { responses: json } },
  },
};

describe('the operations table written from the OpenAPI document', () => {
  const text = renderOperations(doc);

  it('writes one function per operationId, init required only where the route needs it', () => {
    expect(text).toContain("getMe: (init?: TInit<'/api/v1/me', 'get'>, options?: CallOptions) =>");
    expect(text).toContain("call('GET', () => client.GET('/api/v1/me', init), options),");
    expect(text).toContain("getGroup: (init: TInit<'/api/v1/groups/{id}', 'get'>, options?: CallOptions) =>");
    expect(text).toContain("updateGroup: (init: TInit<'/api/v1/groups/{id}', 'put'>, options?: CallOptions) =>");
    expect(text).toContain("call('PUT', () => client.PUT('/api/v1/groups/{id}', init), options),");
    expect(text).toContain("listFeedback: (init: TInit<'/api/v1/feedback', 'get'>");
    expect(text).toContain("getHistory: (init?: TInit<'/api/v1/history', 'get'>");
    expect(text).toContain('/** The caller (GET /api/v1/me) */');
  });

  it('fetches a file answer as a blob, and leaves out what is not JSON or a file and what has no name', () => {
    expect(text).toContain(
      "download(() => client.GET('/api/v1/report.csv', { ...init, parseAs: 'blob', headers: FILE_ACCEPT }), options),",
    );
    expect(text).not.toContain('createUpload');
    expect(text).not.toContain('/api/v1/unnamed');
  });

  it('refuses an operationId used twice, and a summary cannot end its comment', () => {
    const twice: TOpenApiDocument = {
      paths: { '/a': { get: { operationId: 'x', responses: json } }, '/b': { get: { operationId: 'x', responses: json } } },
    };
    expect(() => renderOperations(twice)).toThrow('operationId x is used twice');
    const sly = renderOperations({ paths: { '/a': { get: { operationId: 'a', summary: 'ends */ here', responses: json } } } });
    expect(sly).toContain('/** ends *\\/ here (GET /a) */');
  });
});
