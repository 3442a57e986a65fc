import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { z } from 'zod';
import { ZApiErrorSchema, ZAssignmentComparisonQuerySchema, ZAssignmentComparisonSchema, ZIdParamsSchema } from '@rostrum/contract';
import type { FastifyReply } from 'fastify';
import type { TDeps } from '../../../deps.js';
import { authOf } from '../../../auth/auth-context.js';
import { ok, requireAuth, responses, type TZodApp } from '../../../http/route-kit.js';
import * as report from './report.service.js';

/** A CSV download: UTF-8 with a byte order mark (so spreadsheets read accents), CRLF lines, RFC 4180 quoting. */
const csvResponses = {
  200: {
    description:
      'The CSV report (002 section 9), UTF-8 with a BOM and CRLF line ends; Content-Disposition names the file after the group or assignment and the date.',
    content: { 'text/csv': { schema: z.string() } },
  },
  '4xx': ZApiErrorSchema,
  '5xx': ZApiErrorSchema,
};

function sendCsv(reply: FastifyReply, r: report.TCsvReport) {
  const csv = Readable.from(r.rows).pipe(stringify({ bom: true, record_delimiter: 'windows', quoted_string: false }));
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', r.disposition)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(csv);
}

export function reportRoutes(app: TZodApp, deps: TDeps) {
  /** Every call here serves pages that need an active subscription (402 without one). */
  const subscribed = requireAuth(deps, { subscription: true });
  const tags = ['assignments'];
  app.get(
    '/assignments/:id/report.csv',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'downloadAssignmentReport',
        summary: "Download an assignment's CSV report (coaches, with Download_Report_Button on)",
        tags,
        params: ZIdParamsSchema,
        response: csvResponses,
      },
    },
    async (req, reply) => sendCsv(reply, await report.assignmentReport(deps, authOf(req), req.params.id)),
  );
  app.get(
    '/groups/:id/report.csv',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'downloadGroupReport',
        summary: "Download a group's CSV report (coaches, with Download_Report_Button on)",
        tags: ['groups'],
        params: ZIdParamsSchema,
        response: csvResponses,
      },
    },
    async (req, reply) => sendCsv(reply, await report.groupReport(deps, authOf(req), req.params.id)),
  );
  app.get(
    '/assignments/:id/comparison',
    {
      onRequest: subscribed,
      schema: {
        operationId: 'getAssignmentComparison',
        summary: "The coach's Assignment Comparison Report: the recordings of a score type with their metrics",
        tags,
        params: ZIdParamsSchema,
        querystring: ZAssignmentComparisonQuerySchema,
        response: responses(ZAssignmentComparisonSchema),
      },
    },
    async (req) => ok(await report.assignmentComparison(deps, authOf(req), req.params.id, req.query.scoreType)),
  );
}
