import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ZOOM_STAND_IN_CLIENT_ID, ZoomStandIn } from './zoom-stand-in.js';

// The Zoom stand-in as a process of its own, for the browser tests: the server under test is
// started with ZOOM_OAUTH_BASE = http://127.0.0.1:<port>, ZOOM_API_BASE = .../v2 and the
// stand-in's client id and secret. Its user has three cloud recordings of the last days, each
// file serving the given audio file (made with espeak-ng and sox when it does not exist yet),
// but the third, whose files are silence.
// Usage: node dist/test/zoom-stand-in-server.js <port> <media file (WAV)>

const port = Number(process.argv[2]);
const media = process.argv[3];
if (!Number.isInteger(port) || port <= 0 || !media) {
  console.error('usage: zoom-stand-in-server.js <port> <media.wav>');
  process.exit(2);
}
if (!existsSync(media)) {
  mkdirSync(path.dirname(media), { recursive: true });
  const raw = `${media}.raw.wav`;
  const talk =
    'Good afternoon everyone. Thank you for joining this meeting. Today I will walk you through our plan for the next quarter. ' +
    'We will focus on three things: listening to our customers, shipping smaller changes more often, and measuring what matters.';
  execFileSync('espeak-ng', ['-s', '150', '-w', raw, talk]);
  execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', media]);
  rmSync(raw, { force: true });
}
const standIn = new ZoomStandIn();
standIn.useMediaFile(media);
// A PCM WAV's length from its header: data bytes over bytes per second.
const secondsOf = (wav: Buffer) => Math.max(1, Math.round((wav.length - 44) / (wav.readUInt32LE(28) || 32_000)));
const topics = ['Quarterly pitch rehearsal', 'Team stand-up', 'Customer demo'];
standIn.meetings = ZoomStandIn.meetingsOf(3, {
  durationSeconds: secondsOf(standIn.media),
  size: standIn.media.length,
  topic: (i) => topics[i]!,
});
// The customer demo's audio was never captured: eight seconds of silence, which the analysis fails
// (the results page then shows the Zoom retry hint).
const silence = `${media}.silence.wav`;
if (!existsSync(silence)) execFileSync('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', silence, 'trim', '0', '8']);
const silent = readFileSync(silence);
for (const f of standIn.meetings[2]!.recording_files) {
  standIn.mediaByFile.set(f.id, silent);
  f.file_size = silent.length;
  f.recording_end = new Date(Date.parse(f.recording_start) + 8000).toISOString();
}
await standIn.start(port);
console.log(`Zoom stand-in on http://127.0.0.1:${port} (${ZOOM_STAND_IN_CLIENT_ID})`);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
