import { sendEmailJob } from '../mail/mail.jobs.js';
import { analyzeRecordingJob, expireUploadsJob, removeRecordingMediaJob, transcribeCaptureJob } from '../modules/recordings/index.js';
import { accessRemindersJob } from '../modules/subscriptions/index.js';
import { dueRemindersJob } from '../modules/assignments/index.js';
import { buildDataExportJob, expireDataExportsJob } from '../modules/data-export/index.js';
import { recordingRetentionJob, removeAccountUploadsJob } from '../modules/account-deletion/index.js';
import { ltiSubmissionsJob, postLtiGradeJob } from '../modules/lti/index.js';
import type { TJobDefinition } from './job-types.js';

/** Every job the queue runs: each is defined beside its module. A new job is added here. */
export const ALL_JOBS: readonly TJobDefinition<unknown>[] = [
  analyzeRecordingJob,
  removeRecordingMediaJob,
  expireUploadsJob,
  accessRemindersJob,
  dueRemindersJob,
  sendEmailJob,
  transcribeCaptureJob,
  removeAccountUploadsJob,
  recordingRetentionJob,
  buildDataExportJob,
  expireDataExportsJob,
  postLtiGradeJob,
  ltiSubmissionsJob,
] as TJobDefinition<unknown>[];
