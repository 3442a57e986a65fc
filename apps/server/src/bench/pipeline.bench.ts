// npm run bench (server part): the recording pipeline end to end against a real server process.
//  - a 200 MB upload: the server's memory growth (target under 100 MB)
//  - a 5-minute speech: upload finished -> results ready (target under 60 s)
//  - 20 recordings uploaded at once: all finish, none lost; throughput
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { printBenchTable, signIn, startServer, type TBenchRow, uploadRecording, waitAnalysed } from './bench-kit.js';

const MEDIA = path.join(os.tmpdir(), 'rostrum-bench-media');

function sh(cmd: string, args: string[]) {
  execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'] });
}

function makeMedia() {
  mkdirSync(MEDIA, { recursive: true });
  const clip = path.join(MEDIA, 'clip.wav');
  const five = path.join(MEDIA, 'five-minutes.wav');
  const big = path.join(MEDIA, 'two-hundred-mb.wav');
  if (!existsSync(clip)) {
    sh('espeak-ng', [
      '-s',
      '155',
      '-w',
      clip,
      'Good morning everyone. Today I want to talk about why speaking clearly matters. When we rush, people stop listening. So slow down, pause, and let your ideas land.',
    ]);
  }
  if (!existsSync(five)) {
    const long = path.join(MEDIA, 'paragraph.wav');
    sh('espeak-ng', [
      '-s',
      '150',
      '-w',
      long,
      `Public speaking is a skill that anyone can learn. The best speakers prepare carefully, they know their audience, and they practise out loud. ${'They vary their pace and their pitch, they pause before important points, and they finish with a clear call to action. '.repeat(3)}`,
    ]);
    sh('sox', [long, five, 'repeat', '12', 'trim', '0', '300']);
  }
  if (!existsSync(big)) {
    // 48 kHz stereo 24-bit: about 199 MB for 11.5 minutes.
    sh('sox', [five, '-r', '48000', '-c', '2', '-b', '24', big, 'repeat', '2', 'trim', '0', '690']);
  }
  return { clip, five, big };
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

async function main() {
  const media = makeMedia();
  const server = await startServer({ name: 'pipeline', env: { JOB_POLL_SECONDS: '0.5', WORKER_CONCURRENCY: '2' }, upTries: 100 });
  const pid = server.process.pid!;
  try {
    const { auth } = await signIn(server.base);
    /** Uploads a file; its id and when the upload finished. */
    const upload = async (file: string, fields: Record<string, unknown> = {}) => {
      const id = await uploadRecording(server.base, auth, file, fields);
      return { id, finishedAt: Date.now() };
    };
    const waitDone = (id: string) => waitAnalysed(server.base, auth, id);
    const rows: TBenchRow[] = [];

    // 1. A 200 MB upload (trimmed to one minute so its analysis stays short).
    const bigSize = statSync(media.big).size;
    const base = rssMb(pid);
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
    const big = await upload(media.big, { trim: { from: 0, to: 60 } });
    clearInterval(sampler);
    const growth = peak - base;
    rows.push([
      `upload ${(bigSize / 1048576).toFixed(0)} MB: server memory growth`,
      `${growth.toFixed(1)} MB`,
      '< 100 MB',
      growth < 100 ? 'pass' : 'FAIL',
    ]);
    await waitDone(big.id);

    // 2. A 5-minute speech: upload finished -> results ready.
    const five = await upload(media.five);
    const fiveDone = await waitDone(five.id);
    const latency = (fiveDone.at - five.finishedAt) / 1000;
    rows.push([
      '5-minute speech: upload finished -> results',
      `${latency.toFixed(1)} s (${fiveDone.state})`,
      '< 60 s',
      fiveDone.state === 'done' && latency < 60 ? 'pass' : 'FAIL',
    ]);

    // 3. Twenty recordings at once.
    const t0 = Date.now();
    const ids = await Promise.all(Array.from({ length: 20 }, () => upload(media.clip)));
    const uploaded = Date.now();
    const outcomes = await Promise.all(ids.map((u) => waitDone(u.id)));
    const done = outcomes.filter((o) => o.state === 'done').length;
    const total = (Math.max(...outcomes.map((o) => o.at)) - t0) / 1000;
    const clipSeconds = statSync(media.clip).size / 2 / 22050;
    rows.push([
      '20 uploads at once: finished',
      `${done}/20 done, none lost: ${done === 20 ? 'yes' : 'no'}`,
      '20/20',
      done === 20 ? 'pass' : 'FAIL',
    ]);
    rows.push(['20 uploads at once: time', `uploads ${((uploaded - t0) / 1000).toFixed(1)} s, all results ${total.toFixed(1)} s`, '', '']);
    rows.push([
      '20 uploads at once: throughput',
      `${((20 / total) * 60).toFixed(1)} recordings/min, ${((20 * clipSeconds) / total).toFixed(1)} s of audio per s`,
      '',
      '',
    ]);

    printBenchTable('Recording pipeline (server process, PGlite, 2 workers)', rows);
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
